import {
  InvalidStateError,
  NotFoundError,
  formatOrderStatus,
  formatWireDateTime,
  isActiveAppointment,
  type OrderTopLevelStatus,
  type TeamScope,
} from '@meridian/domain';
import type { Knex } from '@meridian/db';
import { CANCELLATION_REASONS } from '@meridian/lab-partners';
import { teamEnvLinkSettings, type BrandInformation } from '../team/team-env-settings';
import type { createLabAppointmentsService } from '../lab-appointments/lab-appointments.service';
import type { AppointmentWire } from '../lab-appointments/lab-appointments.presenter';
import { providerNotAvailable } from '../lab-appointments/partner-errors';
import { BookingTokenError, type BookingSession, type BookingTokens } from './booking-token';
import { createLabBookingPageRepository, type BookingOrder } from './lab-booking-page.repository';

/**
 * The hosted booking page's use cases. Every booking move is the lab-appointments service's (the same rules,
 * partner calls, transactions and `labtest.appointment.*` events as the API); this service only turns a
 * booking token into the order it names, checks that the order still accepts it, and answers the page's
 * view of the order (`BookingPageState`).
 */

type AppointmentsService = ReturnType<typeof createLabAppointmentsService>;

export const BOOKING_PAGE_PATH = '/lab/booking';

/** What the patient can do next on the page. */
export type BookingStep = 'manage' | 'book' | 'request' | 'not_ready' | 'not_served' | 'done';

export interface BookingPageState {
  order: { id: string; status: string; status_group: OrderTopLevelStatus };
  team: { name: string; brand_information: BrandInformation | null };
  address: { first_line: string; second_line: string | null; city: string; state: string; zip_code: string };
  appointment: {
    id: string;
    status: AppointmentWire['status'];
    start_at: string | null;
    end_at: string | null;
    iana_timezone: string | null;
    service_type: AppointmentWire['service_type'];
    provider: AppointmentWire['provider'];
  } | null;
  step: BookingStep;
  can_reschedule: boolean;
  can_cancel: boolean;
  cancellation_reasons: { id: string; name: string }[];
  expires_at: string;
}

/** Meridian's own reason when an order is cancelled: not the patient's to pick. */
const ORDER_CANCELLED_REASON_ID = CANCELLATION_REASONS.find((r) => r.code === 'order_cancelled')?.id;

/** Orders in these groups revoke every booking link (nothing is left to book). */
const REVOKING_GROUPS: readonly OrderTopLevelStatus[] = ['completed', 'cancelled', 'failed'];
/** Order statuses before Requisition Ready: booking opens later. */
const NOT_READY = new Set(['ordered', 'awaiting_registration']);
const BOOKABLE = new Set(['requisition_created', 'requisition_bypassed', 'appointment_cancelled']);

export interface LabBookingPageDeps {
  db: Knex;
  tokens: BookingTokens;
  appointments: AppointmentsService;
  /** Where browsers reach this API (the link is `${publicUrl}/lab/booking#token=…`). */
  publicUrl: string;
}

export function createLabBookingPageService(deps: LabBookingPageDeps) {
  const repo = createLabBookingPageRepository(deps.db);
  const { appointments } = deps;

  /** The order of a verified token, refused once it can no longer take bookings. */
  async function orderOf(session: BookingSession): Promise<BookingOrder> {
    const order = await repo.findOrder(session, session.orderId);
    if (!order || order.userDeleted || order.method !== 'at_home_phlebotomy')
      throw new BookingTokenError('invalid_token');
    if (REVOKING_GROUPS.includes(order.statusTop)) throw new BookingTokenError('token_revoked');
    return order;
  }

  async function currentAppointment(scope: TeamScope, orderId: string): Promise<AppointmentWire | null> {
    try {
      return await appointments.get(scope, orderId);
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /** The tiers that serve the order's zip code (the partners are asked). */
  async function tiersAt(zipCode: string) {
    const info = await appointments.areaInfo({ zipCode, radius: '25', labs: [] });
    const providersWith = (tier: 'appointment-ready' | 'appointment-request') =>
      info.phlebotomy.providers.filter((p) => p.service_types.includes(tier)).map((p) => p.name);
    return { ready: providersWith('appointment-ready'), request: providersWith('appointment-request') };
  }

  async function stepOf(order: BookingOrder, appointment: AppointmentWire | null): Promise<BookingStep> {
    if (appointment && isActiveAppointment(appointment.status)) return 'manage';
    if (NOT_READY.has(order.statusLow)) return 'not_ready';
    if (!BOOKABLE.has(order.statusLow)) return 'done';
    const tiers = await tiersAt(order.address.zip_code);
    if (tiers.ready.length > 0) return 'book';
    if (tiers.request.length > 0) return 'request';
    return 'not_served';
  }

  async function stateOf(session: BookingSession, order: BookingOrder): Promise<BookingPageState> {
    const [team, appointment] = await Promise.all([
      repo.findTeam(session.teamId),
      currentAppointment(session, order.id),
    ]);
    const step = await stepOf(order, appointment);
    const active = appointment !== null && isActiveAppointment(appointment.status);
    const a = order.address;
    return {
      order: { id: order.id, status: order.statusLow, status_group: order.statusTop },
      team: {
        name: team?.name ?? '',
        brand_information: teamEnvLinkSettings(team?.settings, session.environment).brandInformation,
      },
      address: {
        first_line: a.first_line,
        second_line: a.second_line ?? null,
        city: a.city,
        state: a.state,
        zip_code: a.zip_code,
      },
      appointment: appointment && {
        id: appointment.id,
        status: appointment.status,
        start_at: appointment.start_at,
        end_at: appointment.end_at,
        iana_timezone: appointment.iana_timezone,
        service_type: appointment.service_type,
        provider: appointment.provider,
      },
      step,
      can_reschedule:
        active &&
        appointment.status === 'confirmed' &&
        appointment.can_reschedule &&
        appointment.service_type === 'appointment-ready',
      can_cancel: active && (appointment.status === 'pending' || appointment.status === 'confirmed'),
      cancellation_reasons: appointments
        .cancellationReasons()
        .filter((r) => r.id !== ORDER_CANCELLED_REASON_ID)
        .map((r) => ({ id: r.id, name: r.name })),
      expires_at: formatWireDateTime(session.expiresAt),
    };
  }

  async function withOrder<T>(
    presented: string | undefined,
    use: (s: BookingSession, o: BookingOrder) => Promise<T>,
  ) {
    const session = await deps.tokens.verify(presented);
    return use(session, await orderOf(session));
  }

  return {
    /** `POST /v3/order/{order_id}/phlebotomy/appointment/booking_link` (team API key). */
    async createLink(scope: TeamScope, orderId: string, ttlSeconds: number) {
      const order = await repo.findOrder(scope, orderId);
      if (!order || order.userDeleted) throw new NotFoundError('Order not found.');
      const status = formatOrderStatus(order.method, order.statusLow);
      if (order.method !== 'at_home_phlebotomy')
        throw new InvalidStateError(status, 'Only at-home phlebotomy orders have a booking page.');
      if (REVOKING_GROUPS.includes(order.statusTop))
        throw new InvalidStateError(
          status,
          `The order is ${order.statusTop}: there is nothing left to book.`,
        );
      const { token, expiresAt } = await deps.tokens.issue(scope, orderId, ttlSeconds);
      return {
        url: `${deps.publicUrl}${BOOKING_PAGE_PATH}#token=${token}`,
        expires_at: formatWireDateTime(expiresAt),
      };
    },

    state: (presented: string | undefined) => withOrder(presented, stateOf),

    availability: (presented: string | undefined, startDate: string | undefined) =>
      withOrder(presented, (session, order) =>
        appointments.availability(session, { address: order.address, startDate }),
      ),

    book: (presented: string | undefined, bookingKey: string) =>
      withOrder(presented, async (session, order) => {
        await appointments.book(session, order.id, { booking_key: bookingKey });
        return stateOf(session, await orderOf(session));
      }),

    /** A request-tier appointment with the first appointment-request provider serving the order's zip. */
    request: (presented: string | undefined) =>
      withOrder(presented, async (session, order) => {
        const provider = (await tiersAt(order.address.zip_code)).request[0];
        if (!provider)
          throw providerNotAvailable(
            `No appointment-request provider serves zip code ${order.address.zip_code}.`,
          );
        await appointments.request(session, order.id, { address: order.address, provider });
        return stateOf(session, await orderOf(session));
      }),

    reschedule: (presented: string | undefined, bookingKey: string) =>
      withOrder(presented, async (session, order) => {
        await appointments.reschedule(session, order.id, { booking_key: bookingKey });
        return stateOf(session, await orderOf(session));
      }),

    cancel: (presented: string | undefined, reasonId: string) =>
      withOrder(presented, async (session, order) => {
        await appointments.cancel(session, order.id, { cancellation_reason_id: reasonId });
        return stateOf(session, await orderOf(session));
      }),
  };
}
