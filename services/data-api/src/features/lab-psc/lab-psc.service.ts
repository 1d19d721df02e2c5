import { randomBytes } from 'node:crypto';
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  AppointmentExistsError,
  DomainError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
  assertCanCreateAppointment,
  canRescheduleAppointment,
  formatWireDateTime,
  localDateInZone,
  newId,
  nextAppointmentState,
  type AppointmentAction,
  type AppointmentChange,
  type BillingType,
  type PscCapability,
  type TeamScope,
} from '@meridian/domain';
import {
  CANCELLATION_REASONS,
  PSC_LABS,
  PscPartnerError,
  cancellationReasonById,
  type PscBooking,
  type PscLab,
  type PscPartner,
  type PscSite,
  type PhlebotomyProvider,
} from '@meridian/lab-partners';
import type { Logger } from '@meridian/platform';
import { applyOrderTransition, findOrderForUpdate } from '../lab-orders/order-transitions';
import { CENTRAL_LAB_TERMS } from '../lab-appointments/central-labs';
import { hashBookingKey } from '../lab-appointments/lab-appointments.service';
import {
  createLabAppointmentsRepository,
  isOneActiveViolation,
  type AppointmentOrder,
  type AppointmentRecord,
} from '../lab-appointments/lab-appointments.repository';
import {
  appointmentEvent,
  toAppointmentWire,
  toUsAddressWire,
} from '../lab-appointments/lab-appointments.presenter';
import {
  PartnerOutageError,
  bookingKeyExpired,
  providerNotAvailable,
  slotUnavailable,
  unknownBookingKey,
} from '../lab-appointments/partner-errors';
import { createOrderIdempotency, requestHashOf } from '../lab-orders/order-idempotency';
import { createLabPscRepository, type NewPscBookingKey, type PscSiteRecord } from './lab-psc.repository';

/**
 * Walk-in orders at a lab's patient service centers (api-shapes §6.10): availability at the lab's sites with
 * Meridian booking keys, book (idempotent with `x-idempotency-key`), reschedule, cancel (camelCase body), the
 * site directory. Same rules as at-home appointments (§6.7): one active appointment per order (409
 * `appointment_exists`), moves the state machines forbid → 409 `invalid_state`; the lab is called first and
 * Meridian writes after it answered, in one transaction (appointment + event + order move through
 * `applyOrderTransition` + `labtest.appointment.*` in the outbox); a booking Meridian cannot record is cancelled
 * at the lab (compensation).
 */

export interface LabPscDeps {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  partners: readonly PscPartner[];
}

export const RADII = ['10', '20', '25', '50', '100'] as const;
export type PscRadius = (typeof RADII)[number];

/** PSC terms of the labs with a service-center scheduling API (quest's are the area-info terms). */
export const PSC_LAB_TERMS: Readonly<
  Record<
    PscLab,
    { appointmentWithMeridian: boolean; capabilities: PscCapability[]; supportedBillTypes: BillingType[] }
  >
> = {
  quest: CENTRAL_LAB_TERMS.quest,
  sonora_quest: {
    appointmentWithMeridian: true,
    capabilities: ['appointment_scheduling_via_meridian'],
    supportedBillTypes: ['client_bill', 'commercial_insurance', 'patient_bill'],
  },
};

/** 404 `no_slots` (api-shapes §3): PSC availability found no bookable slot. */
export class NoSlotsError extends DomainError {
  readonly kind = 'not_found';
  constructor(message = 'No service-center slots are available for this query.') {
    super('no_slots', message);
  }
}

const APPOINTMENT_NOT_FOUND = 'The order has no active service-center appointment.';
const ORDER_NOT_FOUND = 'Order not found.';
/** Days of slots asked of the lab per availability call. */
const AVAILABILITY_DAYS = 7;
/** How long an availability answer may be served again with `allow_stale=true`. */
export const STALE_AVAILABILITY_MS = 5 * 60_000;
const newBookingKey = () => `bk_${randomBytes(24).toString('base64url')}`;

export interface PscAvailabilityInput {
  lab: PscLab;
  startDate?: string;
  siteCodes?: string[];
  zipCode?: string;
  radius: PscRadius;
  allowStale: boolean;
}

interface CachedAvailability {
  at: number;
  sites: PscSite[];
  answer: Awaited<ReturnType<PscPartner['availability']>>;
}

const siteRecord = (s: PscSite): PscSiteRecord => ({
  code: s.code,
  name: s.name,
  address: s.address,
  location: s.location,
  timezone: s.timezone,
});

function locationWire(s: PscSite | PscSiteRecord, distance: number | null) {
  return {
    location: { lng: s.location.lng, lat: s.location.lat },
    distance,
    address: toUsAddressWire(s.address),
    code: s.code,
    name: s.name,
    iana_timezone: s.timezone,
  };
}

export function createLabPscService(deps: LabPscDeps) {
  const repo = createLabPscRepository(deps.db);
  const appointments = createLabAppointmentsRepository(deps.db);
  const idempotency = createOrderIdempotency(deps.db);
  const cache = new Map<string, CachedAvailability>();
  const partnerOf = (lab: string) => deps.partners.find((p) => p.lab === lab) ?? null;

  /** The lab's failure as the API answers it (§3): outages 503 with Retry-After, slot problems 409. */
  function fromPscError(err: unknown, appointmentStatus?: string): unknown {
    if (!(err instanceof PscPartnerError)) return err;
    switch (err.code) {
      case 'slot_unavailable':
        return slotUnavailable();
      case 'slot_expired':
        return bookingKeyExpired();
      case 'slot_invalid':
        return unknownBookingKey(undefined, 'The lab does not know this booking key (used or replaced).');
      case 'invalid_state':
        return new InvalidStateError(
          appointmentStatus ?? 'unknown',
          `The ${err.lab} service center does not allow this change of the appointment now.`,
        );
      case 'rejected':
        return providerNotAvailable(`The ${err.lab} service center refused the request.`);
      case 'not_found':
      case 'auth_failed':
      case 'bad_response':
      case 'rate_limited':
      case 'unavailable':
        return new PartnerOutageError(
          err.opts.retryAfterSeconds ?? 5,
          'The lab scheduling service is not reachable right now; retry later.',
        );
    }
  }

  async function callLab<T>(call: () => Promise<T>, opts: { replaySafe?: boolean; status?: string } = {}) {
    try {
      return await call();
    } catch (err) {
      if (opts.replaySafe && err instanceof PscPartnerError && err.opts.outcomeUnknown) {
        try {
          return await call();
        } catch (again) {
          throw fromPscError(again, opts.status);
        }
      }
      throw fromPscError(err, opts.status);
    }
  }

  function partnerOrThrow(lab: string): PscPartner {
    const p = partnerOf(lab);
    if (!p) throw providerNotAvailable(`No ${lab} service-center scheduling is configured.`);
    return p;
  }

  async function orderOrThrow(scope: TeamScope, orderId: string): Promise<AppointmentOrder> {
    const order = await appointments.findOrder(scope, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  async function takeBookingKey(scope: TeamScope, key: string, usedBy: string) {
    const keyHash = hashBookingKey(key);
    const found = await repo.findBookingKey(scope, keyHash);
    if (!found) throw unknownBookingKey(key);
    if (found.expiresAt.getTime() <= deps.clock().getTime()) throw bookingKeyExpired();
    if (found.usedBy !== null || !(await repo.claimBookingKey(scope, keyHash, usedBy)))
      throw slotUnavailable('This booking key was already used.');
    return { ...found, keyHash };
  }

  async function compensate(partner: PscPartner, booked: PscBooking, orderId: string) {
    try {
      await partner.cancel(booked.externalId, 'other', null);
      deps.logger.warn('psc booking cancelled at the lab after the write failed', {
        lab: partner.lab,
        external_id: booked.externalId,
        order_id: orderId,
      });
    } catch (err) {
      deps.logger.error('psc booking left at the lab: compensation failed, cancel it by hand', {
        lab: partner.lab,
        external_id: booked.externalId,
        order_id: orderId,
        code: err instanceof PscPartnerError ? err.code : 'unknown',
      });
    }
  }

  const bookingData = (b: PscBooking, site: PscSiteRecord) => ({
    partner_status: b.partnerStatus,
    site_code: site.code,
    site_name: site.name,
  });

  /** Applies appointment actions (events + order moves) to a locked appointment; returns the last change. */
  async function applyActions(
    trx: Knex.Transaction,
    a: AppointmentRecord,
    actions: AppointmentAction[],
    data: Record<string, unknown>,
    now: Date,
    opts: { moveOrder?: boolean } = {},
  ) {
    const scope = { teamId: a.teamId, environment: a.environment };
    const r = createLabAppointmentsRepository(trx);
    let status = a.status;
    let last: AppointmentChange | null = null;
    for (const action of actions) {
      const change = nextAppointmentState(status, action, 'patient_service_center');
      await r.appendEvent(scope, a.id, change.eventStatus, data, now);
      if (change.orderTrigger && opts.moveOrder !== false) {
        await applyOrderTransition(trx, {
          ...scope,
          orderId: a.orderId,
          to: { trigger: change.orderTrigger },
          now,
        });
      }
      status = change.status;
      last = change;
    }
    if (!last) throw new RangeError('No appointment action given.');
    return last;
  }

  async function lockedActive(trx: Knex.Transaction, scope: TeamScope, orderId: string, expectedId: string) {
    const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, orderId);
    const r = createLabAppointmentsRepository(trx);
    const a = await r.findActive(scope, orderId, { forUpdate: true });
    if (!a || a.id !== expectedId) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return { order, r, a };
  }

  async function activePscOrThrow(scope: TeamScope, orderId: string): Promise<AppointmentRecord> {
    await orderOrThrow(scope, orderId);
    const a = await appointments.findActive(scope, orderId);
    if (!a || a.type !== 'patient_service_center') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return a;
  }

  async function sitesOf(
    partner: PscPartner,
    q: { zipCode?: string; radius: PscRadius; siteCodes?: string[] },
  ) {
    return callLab(() =>
      partner.sites({ zipCode: q.zipCode, radiusMiles: Number(q.radius), siteCodes: q.siteCodes }),
    );
  }

  /** `PscAreaInfo` of a lab around a zip code, with its service centers (none without a scheduling API). */
  async function siteListing(
    lab: { id: number; slug: string },
    zipCode: string,
    radius: PscRadius,
    capabilities: readonly string[],
  ) {
    const terms =
      (PSC_LAB_TERMS as Record<string, (typeof PSC_LAB_TERMS)[PscLab] | undefined>)[lab.slug] ??
      (CENTRAL_LAB_TERMS as Record<string, (typeof PSC_LAB_TERMS)[PscLab] | undefined>)[lab.slug] ??
      null;
    const partner = partnerOf(lab.slug);
    const offers = terms !== null && capabilities.every((c) => (terms.capabilities as string[]).includes(c));
    const sites = partner && offers ? await sitesOf(partner, { zipCode, radius }) : [];
    return {
      zip_code: zipCode,
      lab_id: lab.id,
      lab: lab.slug,
      patient_service_centers: {
        appointment_with_meridian: (terms?.appointmentWithMeridian ?? false) && partner !== null,
        within_radius: sites.length,
        radius,
        capabilities: terms?.capabilities ?? [],
      },
      supported_bill_types: terms?.supportedBillTypes ?? [],
      centers: sites.map((s) => ({
        ...locationWire(s, s.distanceMiles),
        accepts_appointments: s.acceptsAppointments,
      })),
    };
  }

  return {
    cancellationReasons() {
      return CANCELLATION_REASONS.map((r) => ({ id: r.id, name: r.name, is_refundable: r.is_refundable }));
    },

    /** Sites of `lab` within `radius` of `zipCode` (area info's `within_radius`); null without a PSC API. */
    async sitesWithin(lab: string, zipCode: string, radius: string): Promise<number | null> {
      const partner = partnerOf(lab);
      if (!partner || !(RADII as readonly string[]).includes(radius)) return null;
      try {
        return (await partner.sites({ zipCode, radiusMiles: Number(radius) })).length;
      } catch (err) {
        deps.logger.warn('psc site directory unreachable for area info', {
          lab,
          code: err instanceof PscPartnerError ? err.code : 'unknown',
        });
        return null;
      }
    },

    async availability(scope: TeamScope, input: PscAvailabilityInput) {
      const partner = partnerOrThrow(input.lab);
      if (!input.zipCode && (!input.siteCodes || input.siteCodes.length === 0)) {
        throw ValidationError.single(['query', 'zip_code'], 'Give zip_code or site_codes.', 'missing', null);
      }
      const now = deps.clock();
      const cacheKey = JSON.stringify([
        input.lab,
        input.zipCode ?? null,
        input.radius,
        input.siteCodes ?? [],
        input.startDate ?? null,
      ]);
      let cached = input.allowStale ? cache.get(cacheKey) : undefined;
      if (cached && now.getTime() - cached.at > STALE_AVAILABILITY_MS) cached = undefined;
      let sites: PscSite[];
      let answer: CachedAvailability['answer'];
      if (cached) {
        ({ sites, answer } = cached);
      } else {
        sites = (await sitesOf(partner, input)).filter((s) => s.acceptsAppointments);
        if (sites.length === 0)
          throw new NoSlotsError('No service center of this lab takes appointments here.');
        const startDate = input.startDate ?? localDateInZone(now.getTime(), sites[0]!.timezone);
        answer = await callLab(() =>
          partner.availability(
            sites.map((s) => s.code),
            startDate,
            AVAILABILITY_DAYS,
          ),
        );
        cache.set(cacheKey, { at: now.getTime(), sites, answer });
        if (cache.size > 1000) cache.delete(cache.keys().next().value!);
      }
      const keys: NewPscBookingKey[] = [];
      const out = [];
      for (const siteSlots of answer) {
        const site = sites.find((s) => s.code === siteSlots.siteCode);
        if (!site) continue;
        for (const day of siteSlots.days) {
          const slots = day.slots
            .filter((s) => s.expiresAtMs > now.getTime() && s.startMs > now.getTime())
            .map((s) => {
              const bookable = s.remaining > 0;
              const key = bookable ? newBookingKey() : null;
              if (key) {
                keys.push({
                  keyHash: hashBookingKey(key),
                  lab: input.lab,
                  partnerKey: s.slotId,
                  site: siteRecord(site),
                  startAt: new Date(s.startMs),
                  endAt: new Date(s.endMs),
                  expiresAt: new Date(s.expiresAtMs),
                });
              }
              return {
                booking_key: key,
                start: formatWireDateTime(new Date(s.startMs)),
                end: formatWireDateTime(new Date(s.endMs)),
                expires_at: formatWireDateTime(new Date(s.expiresAtMs)),
                price: 0,
                is_priority: false,
                num_appointments_available: s.remaining,
              };
            });
          if (slots.length > 0)
            out.push({ location: locationWire(site, site.distanceMiles), date: day.date, slots });
        }
      }
      if (keys.length === 0) throw new NoSlotsError();
      await repo.insertBookingKeys(scope, keys, now);
      out.sort((a, b) =>
        a.date < b.date ? -1 : a.date > b.date ? 1 : (a.location.distance ?? 0) - (b.location.distance ?? 0),
      );
      const zones = new Set(sites.map((s) => s.timezone));
      return { slots: out, timezone: zones.size === 1 ? [...zones][0]! : null };
    },

    /**
     * Book a slot from availability; `idempotencyKey` (the `x-idempotency-key` header) replays the first answer
     * for the same order and body for 24 h (409 `idempotency_conflict` while the first is under way).
     */
    async book(
      scope: TeamScope,
      orderId: string,
      body: { booking_key: string; appointment_notes?: string | null },
      idempotencyKey?: string,
    ): Promise<{ replayed: boolean; body: unknown }> {
      const idemKey = idempotencyKey ? `psc_book:${orderId}:${idempotencyKey}` : null;
      if (idemKey) {
        const claimed = await idempotency.claim(
          scope,
          idemKey,
          requestHashOf({ orderId, body }),
          deps.clock(),
        );
        if (claimed.kind === 'replay') return { replayed: true, body: claimed.answer.body };
      }
      try {
        return { replayed: false, body: await bookOnce(scope, orderId, body, idemKey) };
      } catch (err) {
        if (idemKey) await idempotency.release(scope, idemKey);
        throw err;
      }
    },

    async get(scope: TeamScope, orderId: string) {
      await orderOrThrow(scope, orderId);
      const id = await repo.currentPscAppointmentId(scope, orderId);
      const a = id ? await appointments.findById(scope, id) : null;
      if (!a) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
      return toAppointmentWire(a);
    },

    async reschedule(
      scope: TeamScope,
      orderId: string,
      body: { booking_key: string; appointment_notes?: string | null },
    ) {
      const current = await activePscOrThrow(scope, orderId);
      if (!current.canReschedule || !canRescheduleAppointment(current.status))
        throw new InvalidStateError(current.status, 'This appointment cannot be rescheduled.');
      const partner = partnerOrThrow(current.provider);
      const key = await takeBookingKey(scope, body.booking_key, current.id);
      if (key.lab !== (current.provider as string)) {
        await repo.releaseBookingKey(scope, key.keyHash, current.id);
        throw unknownBookingKey(body.booking_key, 'This booking key is for another lab.');
      }
      let moved: PscBooking;
      try {
        moved = await callLab(() => partner.reschedule(current.externalId!, key.partnerKey), {
          status: current.status,
        });
      } catch (err) {
        if (err instanceof PartnerOutageError) await repo.releaseBookingKey(scope, key.keyHash, current.id);
        throw err;
      }
      const now = deps.clock();
      try {
        return await withTransaction(deps.db, async (trx) => {
          const { order, r, a } = await lockedActive(trx, scope, orderId, current.id);
          const data = { origin: 'api', is_reschedule: true };
          const change = await applyActions(trx, a, ['reschedule'], data, now);
          await r.update(scope, a.id, {
            status: change.status,
            eventStatus: change.eventStatus,
            startAt: new Date(moved.startMs),
            endAt: new Date(moved.endMs),
            ianaTimezone: moved.timezone,
            canReschedule: true,
            appointmentNotes: body.appointment_notes === undefined ? undefined : body.appointment_notes,
            eventData: { ...data, ...bookingData(moved, key.site) },
            partnerUpdatedAt: new Date(moved.updatedAtMs),
            now,
          });
          await createLabPscRepository(trx).moveAppointment(scope, a.id, key.site);
          const saved = (await r.findById(scope, a.id))!;
          await createOutboxRepository(trx).append([
            appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
          ]);
          return toAppointmentWire(saved);
        });
      } catch (err) {
        deps.logger.error('psc reschedule applied at the lab but not recorded', {
          lab: current.provider,
          external_id: current.externalId,
          order_id: orderId,
        });
        throw err;
      }
    },

    async cancel(
      scope: TeamScope,
      orderId: string,
      body: { cancellationReasonId: string; note?: string | null },
    ) {
      // The order and its visit first: another tenant's order is 404 whatever the body says.
      const current = await activePscOrThrow(scope, orderId);
      const reason = cancellationReasonById(body.cancellationReasonId);
      if (!reason) {
        throw ValidationError.single(
          ['body', 'cancellationReasonId'],
          'Unknown cancellation reason: see GET /v3/order/psc/appointment/cancellation-reasons.',
          'value_error',
          body.cancellationReasonId,
        );
      }
      nextAppointmentState(current.status, 'cancel', 'patient_service_center');
      const partner = partnerOrThrow(current.provider);
      let cancelled: PscBooking | null = null;
      try {
        cancelled = await partner.cancel(current.externalId!, reason.code, body.note ?? null);
      } catch (err) {
        if (!(err instanceof PscPartnerError && err.code === 'not_found'))
          throw fromPscError(err, current.status);
      }
      const now = deps.clock();
      return withTransaction(deps.db, async (trx) => {
        const { order, r, a } = await lockedActive(trx, scope, orderId, current.id);
        const data = { origin: 'api', cancellation_reason_id: reason.id };
        const change = await applyActions(trx, a, ['cancel'], data, now);
        await r.update(scope, a.id, {
          status: change.status,
          eventStatus: change.eventStatus,
          canReschedule: false,
          cancellationReasonId: reason.id,
          eventData: {
            ...(a.eventData ?? {}),
            ...data,
            ...(cancelled ? { partner_status: cancelled.partnerStatus } : {}),
          },
          partnerUpdatedAt: cancelled ? new Date(cancelled.updatedAtMs) : undefined,
          now,
        });
        const saved = (await r.findById(scope, a.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
        ]);
        return toAppointmentWire(saved);
      });
    },

    /** After the order was cancelled: its active PSC appointment is cancelled at the lab and here. */
    async cancelForCancelledOrder(scope: TeamScope, orderId: string) {
      const current = await appointments.findActive(scope, orderId);
      if (!current || current.type !== 'patient_service_center' || current.status === 'in_progress')
        return null;
      const reason = CANCELLATION_REASONS.find((r) => r.code === 'order_cancelled')!;
      const partner = partnerOf(current.provider);
      if (partner && current.externalId) {
        try {
          await partner.cancel(current.externalId, reason.code, null);
        } catch (err) {
          if (!(err instanceof PscPartnerError && err.code === 'not_found'))
            throw fromPscError(err, current.status);
        }
      }
      const now = deps.clock();
      return withTransaction(deps.db, async (trx) => {
        const { order, r, a } = await lockedActive(trx, scope, orderId, current.id);
        const data = { origin: 'order_cancelled', cancellation_reason_id: reason.id };
        const change = await applyActions(trx, a, ['cancel'], data, now, { moveOrder: false });
        await r.update(scope, a.id, {
          status: change.status,
          eventStatus: change.eventStatus,
          canReschedule: false,
          cancellationReasonId: reason.id,
          eventData: { ...(a.eventData ?? {}), ...data },
          now,
        });
        const saved = (await r.findById(scope, a.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
        ]);
        return toAppointmentWire(saved);
      });
    },

    /** GET /v3/order/psc/info. */
    async info(input: { zipCode: string; labId: number; radius: PscRadius; capabilities: string[] }) {
      const lab = await repo.labById(input.labId);
      if (!lab) throw new NotFoundError('Lab not found.');
      return siteListing(lab, input.zipCode, input.radius, input.capabilities);
    },

    /** GET /v3/order/{order_id}/psc/info: the order's lab around the patient's zip code (radius 25). */
    async orderInfo(scope: TeamScope, orderId: string) {
      const found = await repo.orderLab(scope, orderId);
      if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
      if (found.labId === null || found.labSlug === null || !found.zip || !/^\d{5}$/.test(found.zip))
        throw new NotFoundError('The order has no lab with service centers near its patient address.');
      return siteListing({ id: found.labId, slug: found.labSlug }, found.zip, '25', []);
    },
  };

  async function bookOnce(
    scope: TeamScope,
    orderId: string,
    body: { booking_key: string; appointment_notes?: string | null },
    idemKey: string | null,
  ) {
    const order = await orderOrThrow(scope, orderId);
    const active = await appointments.findActive(scope, orderId);
    assertCanCreateAppointment({
      action: 'book',
      type: 'patient_service_center',
      orderMethod: order.method,
      orderStatus: order.statusLow,
      activeAppointmentId: active?.id ?? null,
    });
    const id = newId();
    const key = await takeBookingKey(scope, body.booking_key, id);
    const partner = partnerOf(key.lab);
    if (!partner) {
      await repo.releaseBookingKey(scope, key.keyHash, id);
      throw providerNotAvailable(`No ${key.lab} service-center scheduling is configured.`);
    }
    let booked: PscBooking;
    try {
      booked = await callLab(
        () =>
          partner.book({
            slotId: key.partnerKey,
            patient: order.patient,
            orderRef: orderId,
            notes: body.appointment_notes ?? null,
            idempotencyKey: id,
          }),
        { replaySafe: true },
      );
    } catch (err) {
      if (err instanceof PartnerOutageError) await repo.releaseBookingKey(scope, key.keyHash, id);
      throw err;
    }
    const now = deps.clock();
    try {
      return await withTransaction(deps.db, async (trx) => {
        const locked = await findOrderForUpdate(trx, scope.teamId, scope.environment, orderId);
        const r = createLabAppointmentsRepository(trx);
        const again = await r.findActive(scope, orderId);
        const change = assertCanCreateAppointment({
          action: 'book',
          type: 'patient_service_center',
          orderMethod: locked.method,
          orderStatus: locked.statusLow,
          activeAppointmentId: again?.id ?? null,
        });
        const eventData = { origin: 'api', is_reschedule: false, ...bookingData(booked, key.site) };
        await r.insert(scope, {
          id,
          orderId,
          userId: locked.userId,
          type: 'patient_service_center',
          serviceType: 'appointment-ready',
          // The lab is the appointment's provider (`AppointmentProvider` quest | sonora_quest).
          provider: key.lab as unknown as PhlebotomyProvider,
          providerId: booked.externalId,
          externalId: booked.externalId,
          status: change.status,
          eventStatus: change.eventStatus,
          address: key.site.address,
          location: { lng: key.site.location.lng, lat: key.site.location.lat },
          startAt: new Date(booked.startMs),
          endAt: new Date(booked.endMs),
          ianaTimezone: booked.timezone,
          canReschedule: canRescheduleAppointment(change.status),
          appointmentNotes: body.appointment_notes ?? null,
          eventData,
          partnerUpdatedAt: new Date(booked.updatedAtMs),
          now,
        });
        await r.appendEvent(scope, id, change.eventStatus, { origin: 'api' }, now);
        if (change.orderTrigger)
          await applyOrderTransition(trx, { ...scope, orderId, to: { trigger: change.orderTrigger }, now });
        const saved = (await r.findById(scope, id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.created', saved, order.clientUserId),
        ]);
        const wire = toAppointmentWire(saved);
        if (idemKey) {
          await idempotency.complete(
            trx,
            scope,
            idemKey,
            { status: 200, body: wire, userId: locked.userId, orderId },
            now,
          );
        }
        return wire;
      });
    } catch (err) {
      await compensate(partner, booked, orderId);
      if (isOneActiveViolation(err)) {
        const active2 = await appointments.findActive(scope, orderId);
        throw new AppointmentExistsError(active2?.id ?? '');
      }
      throw err;
    }
  }
}

export type LabPscService = ReturnType<typeof createLabPscService>;
export { PSC_LABS };
