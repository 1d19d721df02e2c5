import { createHash, randomBytes } from 'node:crypto';
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  AppointmentExistsError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
  assertCanCreateAppointment,
  canRescheduleAppointment,
  formatWireDateTime,
  localDateInZone,
  newId,
  nextAppointmentState,
  nextOrderStatus,
  formatOrderStatus,
  type AppointmentAction,
  type AppointmentChange,
  type TeamScope,
} from '@meridian/domain';
import {
  CANCELLATION_REASONS,
  PartnerAppointmentNotFoundError,
  areaInfo,
  cancellationReasonById,
  partnersServing,
  type AppointmentReadyPartner,
  type IncomingWebhook,
  type PartnerAppointment,
  type PhlebotomyAreaInfo,
  type PhlebotomyAreaRules,
  type PhlebotomyPartner,
  type PhlebotomyProvider,
  type UsAddress,
} from '@meridian/lab-partners';
import type { Logger } from '@meridian/platform';
import { applyOrderTransition, findOrderForUpdate } from '../lab-orders/order-transitions';
import { approximateLocation } from './appointment-location';
import { centralLabsOf, type AreaInfoLab } from './central-labs';
import {
  bookingKeyExpired,
  fromPartnerError,
  outcomeUnknown,
  PartnerOutageError,
  providerNotAvailable,
  slotUnavailable,
  unknownBookingKey,
} from './partner-errors';
import {
  createLabAppointmentsRepository,
  isOneActiveViolation,
  type AppointmentOrder,
  type AppointmentRecord,
  type LabAppointmentsRepository,
  type NewBookingKey,
} from './lab-appointments.repository';
import { appointmentEvent, toAppointmentWire, type AppointmentWire } from './lab-appointments.presenter';

/**
 * At-home phlebotomy appointments (api-shapes §6.1, §6.2, §6.6, §6.7): area info, availability with booking
 * keys, book (appointment-ready partner), request (appointment-request partner), reschedule, cancel, and the
 * partners' webhooks. The partner is always called first and Meridian writes after it answered; the write (the
 * appointment, its event, the order's move through `applyOrderTransition`, `labtest.appointment.*` in the
 * outbox) is one transaction. When that write fails after the partner booked, the booking is cancelled at the
 * partner (compensation); if the cancel fails too, an ERROR log names the provider and its appointment id for
 * an operator (no patient data). See the `x-meridian-decision` notes in openapi/lab-appointments.yaml.
 */

export interface PhlebotomyPartnerSet {
  partners: readonly PhlebotomyPartner[];
  /** Where Meridian offers each provider (narrows the partners' own areas). */
  areaRules?: PhlebotomyAreaRules;
}

export interface LabAppointmentsDeps {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  phlebotomy: PhlebotomyPartnerSet;
  /**
   * Service centers of a lab within `radius` miles of a zip code, from its PSC site directory (lab-psc); null
   * when the lab has none configured. Absent: `within_radius` stays 0.
   */
  pscSitesWithin?: (lab: string, zipCode: string, radius: string) => Promise<number | null>;
}

const APPOINTMENT_NOT_FOUND = 'The order has no active phlebotomy appointment.';
const ORDER_NOT_FOUND = 'Order not found.';

export const hashBookingKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const newBookingKey = () => `bk_${randomBytes(24).toString('base64url')}`;

export interface AvailabilityInput {
  address: UsAddress;
  startDate?: string;
}

export interface AreaInfoInput {
  zipCode: string;
  radius: string;
  labs: AreaInfoLab[];
}

export function createLabAppointmentsService(deps: LabAppointmentsDeps) {
  const repo = createLabAppointmentsRepository(deps.db);
  const partners = deps.phlebotomy.partners;
  const rules = deps.phlebotomy.areaRules ?? {};
  const readyPartners = () =>
    partners.filter((p): p is AppointmentReadyPartner => p.serviceType === 'appointment-ready');
  const partnerOf = (provider: string) => partners.find((p) => p.provider === provider) ?? null;

  /** Asks the partner, mapping its failures; a write whose outcome is unknown is sent once more (same key). */
  async function callPartner<T>(
    call: () => Promise<T>,
    opts: { replaySafe?: boolean; appointmentStatus?: string } = {},
  ): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (opts.replaySafe && outcomeUnknown(err)) {
        try {
          return await call();
        } catch (again) {
          throw fromPartnerError(again, opts.appointmentStatus);
        }
      }
      throw fromPartnerError(err, opts.appointmentStatus);
    }
  }

  async function area(zipCode: string, asked: readonly PhlebotomyPartner[]): Promise<PhlebotomyAreaInfo> {
    const info = await areaInfo(zipCode, asked, rules);
    for (const u of info.unreachable) {
      deps.logger.warn('phlebotomy provider unreachable for area info', {
        provider: u.provider,
        code: u.error.code,
      });
    }
    return info;
  }

  async function orderOrThrow(scope: TeamScope, orderId: string): Promise<AppointmentOrder> {
    const order = await repo.findOrder(scope, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  async function assertCanCreate(
    scope: TeamScope,
    order: AppointmentOrder,
    action: 'book' | 'request',
  ): Promise<void> {
    const active = await repo.findActive(scope, order.id);
    assertCanCreateAppointment({
      action,
      type: 'phlebotomy',
      orderMethod: order.method,
      orderStatus: order.statusLow,
      activeAppointmentId: active?.id ?? null,
    });
  }

  /** A booking key of the caller's tenant, unexpired, taken for `usedBy` (refused when already taken). */
  async function takeBookingKey(scope: TeamScope, key: string, usedBy: string) {
    const keyHash = hashBookingKey(key);
    const found = await repo.findBookingKey(scope, keyHash);
    if (!found) throw unknownBookingKey(key);
    if (found.expiresAt.getTime() <= deps.clock().getTime()) throw bookingKeyExpired();
    if (found.usedBy !== null || !(await repo.claimBookingKey(scope, keyHash, usedBy)))
      throw slotUnavailable('This booking key was already used.');
    return { ...found, keyHash };
  }

  /** Cancels at the partner what Meridian could not record; an operator is told when even that fails. */
  async function compensate(partner: PhlebotomyPartner, booked: PartnerAppointment, orderId: string) {
    try {
      await partner.cancel(booked.externalId, { reason: 'other', notes: null });
      deps.logger.warn('phlebotomy booking cancelled at the provider after the write failed', {
        provider: partner.provider,
        external_id: booked.externalId,
        order_id: orderId,
      });
    } catch (err) {
      deps.logger.error('phlebotomy booking left at the provider: compensation failed, cancel it by hand', {
        provider: partner.provider,
        external_id: booked.externalId,
        order_id: orderId,
        code: err instanceof Error ? err.name : 'unknown',
      });
    }
  }

  const partnerState = (p: PartnerAppointment) => ({ partner_status: p.partnerStatus, ...p.details });

  /** Writes a new appointment for what the partner booked or accepted; compensates if the write fails. */
  async function recordNew(
    scope: TeamScope,
    orderId: string,
    action: 'book' | 'request',
    partner: PhlebotomyPartner,
    booked: PartnerAppointment,
    input: { id: string; address: UsAddress; notes: string | null },
  ): Promise<AppointmentWire> {
    const now = deps.clock();
    try {
      return await withTransaction(deps.db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, orderId);
        const r = createLabAppointmentsRepository(trx);
        const active = await r.findActive(scope, orderId);
        const change = assertCanCreateAppointment({
          action,
          type: 'phlebotomy',
          orderMethod: order.method,
          orderStatus: order.statusLow,
          activeAppointmentId: active?.id ?? null,
        });
        const eventData = { origin: 'api', is_reschedule: false, ...partnerState(booked) };
        await r.insert(scope, {
          id: input.id,
          orderId,
          userId: order.userId,
          type: 'phlebotomy',
          serviceType: partner.serviceType,
          provider: partner.provider,
          providerId: booked.externalId,
          externalId: booked.externalId,
          status: change.status,
          eventStatus: change.eventStatus,
          address: input.address,
          location: approximateLocation(input.address),
          startAt: booked.startAt ? new Date(booked.startAt) : null,
          endAt: booked.endAt ? new Date(booked.endAt) : null,
          ianaTimezone: booked.timezone,
          canReschedule: booked.canReschedule && canRescheduleAppointment(change.status),
          appointmentNotes: input.notes,
          eventData,
          partnerUpdatedAt: new Date(booked.updatedAt),
          now,
        });
        await r.appendEvent(scope, input.id, change.eventStatus, { origin: 'api' }, now);
        if (change.orderTrigger) {
          await applyOrderTransition(trx, { ...scope, orderId, to: { trigger: change.orderTrigger }, now });
        }
        const saved = (await r.findById(scope, input.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.created', saved, order.clientUserId),
        ]);
        return toAppointmentWire(saved);
      });
    } catch (err) {
      await compensate(partner, booked, orderId);
      if (isOneActiveViolation(err)) {
        const active = await repo.findActive(scope, orderId);
        throw new AppointmentExistsError(active?.id ?? '');
      }
      throw err;
    }
  }

  /** Applies `actions` to a locked appointment: events, the order's moves, then the row; returns the last change. */
  async function applyActions(
    trx: Knex.Transaction,
    r: LabAppointmentsRepository,
    appointment: AppointmentRecord,
    orderStatus: { method: AppointmentOrder['method']; low: AppointmentOrder['statusLow'] },
    actions: AppointmentAction[],
    eventData: (action: AppointmentAction) => Record<string, unknown>,
    now: Date,
    opts: { moveOrder?: boolean } = {},
  ): Promise<AppointmentChange | null> {
    const scope = { teamId: appointment.teamId, environment: appointment.environment };
    let status = appointment.status;
    let last: AppointmentChange | null = null;
    let low = orderStatus.low;
    for (const action of actions) {
      const change = nextAppointmentState(status, action, appointment.type);
      await r.appendEvent(scope, appointment.id, change.eventStatus, eventData(action), now);
      if (change.orderTrigger && opts.moveOrder !== false) {
        let allowed = true;
        try {
          nextOrderStatus(formatOrderStatus(orderStatus.method, low), change.orderTrigger);
        } catch (err) {
          if (!(err instanceof InvalidStateError)) throw err;
          allowed = false;
        }
        if (allowed) {
          const wire = await applyOrderTransition(trx, {
            ...scope,
            orderId: appointment.orderId,
            to: { trigger: change.orderTrigger },
            now,
          });
          low = (wire.last_event?.status ?? '').split('.').pop() as typeof low;
        } else {
          // The order moved on without the appointment (e.g. cancelled): the appointment still records it.
          deps.logger.warn('appointment change does not move its order in its current status', {
            order_id: appointment.orderId,
            appointment_id: appointment.id,
            trigger: change.orderTrigger,
            order_status: low,
          });
        }
      }
      status = change.status;
      last = change;
    }
    return last;
  }

  async function lockedActive(trx: Knex.Transaction, scope: TeamScope, orderId: string) {
    const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, orderId);
    const r = createLabAppointmentsRepository(trx);
    const appointment = await r.findActive(scope, orderId, { forUpdate: true });
    if (!appointment) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return { order, r, appointment };
  }

  async function activeOrThrow(scope: TeamScope, orderId: string): Promise<AppointmentRecord> {
    await orderOrThrow(scope, orderId);
    const appointment = await repo.findActive(scope, orderId);
    // The at-home routes never act on a walk-in visit (its own `…/psc/appointment/*` routes do).
    if (!appointment || appointment.type !== 'phlebotomy') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return appointment;
  }

  return {
    cancellationReasons() {
      return CANCELLATION_REASONS.map((r) => ({ id: r.id, name: r.name, is_refundable: r.is_refundable }));
    },

    async areaInfo(input: AreaInfoInput) {
      const info = await area(input.zipCode, partners);
      const labIds = await repo.labIdsBySlug(input.labs);
      const siteCounts = new Map<string, number>();
      if (deps.pscSitesWithin) {
        const counts = await Promise.all(
          input.labs.map((lab) => deps.pscSitesWithin!(lab, input.zipCode, input.radius)),
        );
        input.labs.forEach((lab, i) => {
          if (counts[i] !== null && counts[i] !== undefined) siteCounts.set(lab, counts[i]);
        });
      }
      return {
        zip_code: input.zipCode,
        phlebotomy: { is_served: info.is_served, providers: info.providers },
        central_labs: centralLabsOf(input.labs, input.radius, labIds, siteCounts),
      };
    },

    async availability(scope: TeamScope, input: AvailabilityInput) {
      const ready = readyPartners();
      if (ready.length === 0)
        throw providerNotAvailable('No appointment-ready phlebotomy provider is configured.');
      const info = await area(input.address.zip_code, ready);
      const serving = partnersServing(info, ready, 'appointment-ready');
      if (serving.length === 0) {
        if (info.unreachable.length > 0) throw new PartnerOutageError(5);
        throw providerNotAvailable('No appointment-ready phlebotomy provider serves this zip code.');
      }
      const now = deps.clock();
      const timezone = info.timezone;
      const startDate = input.startDate ?? localDateInZone(now.getTime(), timezone ?? 'UTC');
      const answers = await Promise.all(
        serving.map((p) => callPartner(() => p.availability(input.address, startDate))),
      );
      const keys: NewBookingKey[] = [];
      const days = new Map<string, Record<string, unknown>[]>();
      for (const answer of answers) {
        for (const day of answer.days) {
          const slots = days.get(day.date) ?? [];
          for (const s of day.slots) {
            const bookable = s.available > 0 && new Date(s.expiresAt).getTime() > now.getTime();
            const key = bookable ? newBookingKey() : null;
            if (key) {
              keys.push({
                keyHash: hashBookingKey(key),
                provider: answer.provider,
                partnerKey: s.bookingKey,
                address: input.address,
                ianaTimezone: answer.timezone,
                startAt: new Date(s.start),
                endAt: new Date(s.end),
                expiresAt: new Date(s.expiresAt),
              });
            }
            slots.push({
              booking_key: key,
              start: formatWireDateTime(new Date(s.start)),
              end: formatWireDateTime(new Date(s.end)),
              expires_at: formatWireDateTime(new Date(s.expiresAt)),
              price: s.price,
              is_priority: s.isPriority,
              num_appointments_available: Math.max(0, s.available),
            });
          }
          days.set(day.date, slots);
        }
      }
      await repo.insertBookingKeys(scope, keys, now);
      return {
        slots: [...days.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, slots]) => ({
            location: null,
            date,
            slots: slots.sort((a, b) => String(a.start).localeCompare(String(b.start))),
          })),
        timezone: answers[0]?.timezone ?? timezone,
      };
    },

    async book(
      scope: TeamScope,
      orderId: string,
      body: { booking_key: string; appointment_notes?: string | null },
    ) {
      const order = await orderOrThrow(scope, orderId);
      await assertCanCreate(scope, order, 'book');
      const id = newId();
      const key = await takeBookingKey(scope, body.booking_key, id);
      const partner = partnerOf(key.provider);
      if (!partner || partner.serviceType !== 'appointment-ready') {
        await repo.releaseBookingKey(scope, key.keyHash, id);
        throw providerNotAvailable(`The ${key.provider} provider is not available.`);
      }
      let booked: PartnerAppointment;
      try {
        booked = await callPartner(
          () =>
            partner.book({
              bookingKey: key.partnerKey,
              address: key.address,
              patient: order.patient,
              orderRef: orderId,
              notes: body.appointment_notes ?? null,
              idempotencyKey: id,
            }),
          { replaySafe: true },
        );
      } catch (err) {
        // Nothing reached the partner's books: the key may be used again.
        if (err instanceof PartnerOutageError) await repo.releaseBookingKey(scope, key.keyHash, id);
        throw err;
      }
      return recordNew(scope, orderId, 'book', partner, booked, {
        id,
        address: key.address,
        notes: body.appointment_notes ?? null,
      });
    },

    async request(
      scope: TeamScope,
      orderId: string,
      body: { address: UsAddress; provider: string; appointment_notes?: string | null },
    ) {
      const order = await orderOrThrow(scope, orderId);
      await assertCanCreate(scope, order, 'request');
      const partner = partnerOf(body.provider);
      const unavailable = () =>
        providerNotAvailable(
          `The ${body.provider} provider does not offer appointment-request in zip code ${body.address.zip_code}.`,
        );
      if (!partner || partner.serviceType !== 'appointment-request') throw unavailable();
      const info = await area(body.address.zip_code, [partner]);
      if (info.unreachable.length > 0) throw new PartnerOutageError(5);
      if (partnersServing(info, [partner], 'appointment-request').length === 0) throw unavailable();
      const id = newId();
      const requested = await callPartner(
        () =>
          partner.request({
            address: body.address,
            patient: order.patient,
            orderRef: orderId,
            notes: body.appointment_notes ?? null,
            idempotencyKey: id,
          }),
        { replaySafe: true },
      );
      return recordNew(scope, orderId, 'request', partner, requested, {
        id,
        address: body.address,
        notes: body.appointment_notes ?? null,
      });
    },

    async get(scope: TeamScope, orderId: string) {
      await orderOrThrow(scope, orderId);
      const appointment = await repo.findCurrent(scope, orderId);
      // A walk-in order's visit is read through `…/psc/appointment`, not as a phlebotomy appointment.
      if (!appointment || appointment.type !== 'phlebotomy') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
      return toAppointmentWire(appointment);
    },

    async reschedule(
      scope: TeamScope,
      orderId: string,
      body: { booking_key: string; appointment_notes?: string | null },
    ) {
      const current = await activeOrThrow(scope, orderId);
      if (!current.canReschedule || !canRescheduleAppointment(current.status)) {
        throw new InvalidStateError(current.status, 'This appointment cannot be rescheduled.');
      }
      const partner = partnerOf(current.provider);
      if (!partner || partner.serviceType !== 'appointment-ready' || !current.externalId)
        throw providerNotAvailable(`The ${current.provider} provider is not available.`);
      const key = await takeBookingKey(scope, body.booking_key, current.id);
      if (key.provider !== current.provider) {
        await repo.releaseBookingKey(scope, key.keyHash, current.id);
        throw unknownBookingKey(body.booking_key, 'This booking key is for another provider.');
      }
      let moved: PartnerAppointment;
      try {
        moved = await callPartner(() => partner.reschedule(current.externalId!, key.partnerKey), {
          appointmentStatus: current.status,
        });
      } catch (err) {
        if (err instanceof PartnerOutageError) await repo.releaseBookingKey(scope, key.keyHash, current.id);
        throw err;
      }
      const now = deps.clock();
      try {
        return await withTransaction(deps.db, async (trx) => {
          const { order, r, appointment } = await lockedActive(trx, scope, orderId);
          if (appointment.id !== current.id) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
          const data = { origin: 'api', is_reschedule: true };
          const change = await applyActions(
            trx,
            r,
            appointment,
            { method: order.method, low: order.statusLow },
            ['reschedule'],
            () => data,
            now,
          );
          await r.update(scope, appointment.id, {
            status: change!.status,
            eventStatus: change!.eventStatus,
            startAt: moved.startAt ? new Date(moved.startAt) : appointment.startAt,
            endAt: moved.endAt ? new Date(moved.endAt) : appointment.endAt,
            ianaTimezone: moved.timezone ?? appointment.ianaTimezone,
            canReschedule: moved.canReschedule,
            appointmentNotes: body.appointment_notes === undefined ? undefined : body.appointment_notes,
            eventData: { ...data, ...partnerState(moved) },
            partnerUpdatedAt: new Date(moved.updatedAt),
            now,
          });
          const saved = (await r.findById(scope, appointment.id))!;
          await createOutboxRepository(trx).append([
            appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
          ]);
          return toAppointmentWire(saved);
        });
      } catch (err) {
        // A reschedule cannot be undone at the partner (the old slot is released): its next webhook or a
        // reconciliation brings Meridian's record in line; an operator is told now.
        deps.logger.error('phlebotomy reschedule applied at the provider but not recorded', {
          provider: current.provider,
          external_id: current.externalId,
          order_id: orderId,
        });
        throw err;
      }
    },

    async cancel(
      scope: TeamScope,
      orderId: string,
      body: { cancellation_reason_id: string; notes?: string | null },
    ) {
      const reason = cancellationReasonById(body.cancellation_reason_id);
      if (!reason) {
        throw ValidationError.single(
          ['body', 'cancellation_reason_id'],
          'Unknown cancellation reason: see GET /v3/order/phlebotomy/appointment/cancellation-reasons.',
          'value_error',
          body.cancellation_reason_id,
        );
      }
      const current = await activeOrThrow(scope, orderId);
      nextAppointmentState(current.status, 'cancel', current.type);
      const partner = partnerOf(current.provider);
      if (!partner || !current.externalId)
        throw providerNotAvailable(`The ${current.provider} provider is not available.`);
      let cancelled: PartnerAppointment | null = null;
      try {
        cancelled = await partner.cancel(current.externalId, {
          reason: reason.code,
          notes: body.notes ?? null,
        });
      } catch (err) {
        // The partner no longer knows it: there is nothing left to cancel there.
        if (!(err instanceof PartnerAppointmentNotFoundError)) throw fromPartnerError(err, current.status);
      }
      const now = deps.clock();
      return withTransaction(deps.db, async (trx) => {
        const { order, r, appointment } = await lockedActive(trx, scope, orderId);
        if (appointment.id !== current.id) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
        const data = { origin: 'api', cancellation_reason_id: reason.id };
        const change = await applyActions(
          trx,
          r,
          appointment,
          { method: order.method, low: order.statusLow },
          ['cancel'],
          () => data,
          now,
        );
        await r.update(scope, appointment.id, {
          status: change!.status,
          eventStatus: change!.eventStatus,
          canReschedule: false,
          cancellationReasonId: reason.id,
          eventData: { ...data, ...(cancelled ? partnerState(cancelled) : {}) },
          partnerUpdatedAt: cancelled ? new Date(cancelled.updatedAt) : undefined,
          now,
        });
        const saved = (await r.findById(scope, appointment.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
        ]);
        return toAppointmentWire(saved);
      });
    },

    /**
     * For the orders feature, after an order was cancelled: its active appointment is cancelled at the partner
     * (reason `order_cancelled`) and here, without moving the order again. No active appointment: nothing to do.
     * A partner that cannot be reached leaves the appointment as it is (503): call again.
     */
    async cancelForCancelledOrder(scope: TeamScope, orderId: string): Promise<AppointmentWire | null> {
      const current = await repo.findActive(scope, orderId);
      if (!current || current.status === 'in_progress') return null;
      const reason = CANCELLATION_REASONS.find((r) => r.code === 'order_cancelled')!;
      const partner = partnerOf(current.provider);
      let cancelled: PartnerAppointment | null = null;
      if (partner && current.externalId) {
        try {
          cancelled = await partner.cancel(current.externalId, { reason: reason.code, notes: null });
        } catch (err) {
          if (!(err instanceof PartnerAppointmentNotFoundError)) throw fromPartnerError(err, current.status);
        }
      }
      const now = deps.clock();
      return withTransaction(deps.db, async (trx) => {
        const { order, r, appointment } = await lockedActive(trx, scope, orderId);
        if (appointment.id !== current.id) return null;
        const data = { origin: 'order_cancelled', cancellation_reason_id: reason.id };
        const change = await applyActions(
          trx,
          r,
          appointment,
          { method: order.method, low: order.statusLow },
          ['cancel'],
          () => data,
          now,
          { moveOrder: false },
        );
        await r.update(scope, appointment.id, {
          status: change!.status,
          eventStatus: change!.eventStatus,
          canReschedule: false,
          cancellationReasonId: reason.id,
          eventData: { ...data, ...(cancelled ? partnerState(cancelled) : {}) },
          partnerUpdatedAt: cancelled ? new Date(cancelled.updatedAt) : undefined,
          now,
        });
        const saved = (await r.findById(scope, appointment.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
        ]);
        return toAppointmentWire(saved);
      });
    },

    /**
     * A partner's webhook: verified over the raw bytes (401 on a bad signature), then applied to the appointment
     * the partner names unless Meridian already holds a state as new or newer (`updatedAt`). Unknown appointments
     * (e.g. a booking cancelled by compensation) are acknowledged and ignored.
     */
    async partnerWebhook(provider: string, webhook: IncomingWebhook): Promise<'applied' | 'ignored'> {
      const partner = partnerOf(provider);
      if (!partner) throw new NotFoundError('No phlebotomy provider with this name is configured.');
      const event = partner.parseWebhook(webhook);
      const pa = event.appointment;
      const seen = await repo.findByExternalId(partner.provider, pa.externalId);
      if (!seen) return 'ignored';
      const scope: TeamScope = { teamId: seen.teamId, environment: seen.environment };
      const now = deps.clock();
      const partnerAt = new Date(pa.updatedAt);
      return withTransaction(deps.db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, seen.orderId);
        const r = createLabAppointmentsRepository(trx);
        const appointment = await r.findById(scope, seen.id, { forUpdate: true });
        if (!appointment) return 'ignored';
        if (appointment.partnerUpdatedAt && appointment.partnerUpdatedAt.getTime() >= partnerAt.getTime())
          return 'ignored';
        const actions = actionsFor(appointment, pa);
        if (actions === null) {
          deps.logger.warn('phlebotomy webhook state cannot follow the appointment', {
            provider: partner.provider,
            appointment_id: appointment.id,
            appointment_status: appointment.status,
            partner_status: pa.status,
          });
          await r.touchPartnerUpdatedAt(appointment.id, partnerAt);
          return 'ignored';
        }
        const change = await applyActions(
          trx,
          r,
          appointment,
          { method: order.method, low: order.statusLow },
          actions,
          (action) => ({ origin: 'provider', is_reschedule: action === 'reschedule' }),
          now,
        );
        const eventData = { origin: 'provider', ...partnerState(pa) };
        const status = change?.status ?? appointment.status;
        const unchanged =
          change === null && JSON.stringify(eventData) === JSON.stringify(appointment.eventData);
        if (unchanged) {
          await r.touchPartnerUpdatedAt(appointment.id, partnerAt);
          return 'ignored';
        }
        await r.update(scope, appointment.id, {
          status,
          eventStatus: change?.eventStatus ?? appointment.eventStatus,
          startAt: pa.startAt ? new Date(pa.startAt) : undefined,
          endAt: pa.endAt ? new Date(pa.endAt) : undefined,
          ianaTimezone: pa.timezone ?? undefined,
          canReschedule: pa.canReschedule && canRescheduleAppointment(status),
          eventData,
          partnerUpdatedAt: partnerAt,
          now,
        });
        const saved = (await r.findById(scope, appointment.id))!;
        await createOutboxRepository(trx).append([
          appointmentEvent('labtest.appointment.updated', saved, order.clientUserId),
        ]);
        return 'applied';
      });
    },
  };
}

const sameTime = (a: Date | null, b: string | null) =>
  (a === null && b === null) || (a !== null && b !== null && a.getTime() === new Date(b).getTime());

/**
 * The appointment actions that bring Meridian's appointment to the partner's state ([] = nothing to do; null =
 * a move the appointment cannot make, e.g. a cancel reported while the draw is under way).
 */
export function actionsFor(a: AppointmentRecord, pa: PartnerAppointment): AppointmentAction[] | null {
  if (a.status === 'completed' || a.status === 'cancelled') return a.status === pa.status ? [] : null;
  const from = a.status;
  switch (pa.status) {
    case 'pending':
      return from === 'pending' ? [] : null;
    case 'confirmed':
      if (from === 'pending') return ['confirm'];
      if (from === 'confirmed')
        return sameTime(a.startAt, pa.startAt) && sameTime(a.endAt, pa.endAt) ? [] : ['reschedule'];
      return null;
    case 'in_progress':
      if (from === 'pending') return ['confirm', 'start'];
      if (from === 'confirmed') return ['start'];
      return from === 'in_progress' ? [] : null;
    case 'completed':
      if (from === 'pending') return ['confirm', 'complete'];
      return from === 'confirmed' || from === 'in_progress' ? ['complete'] : null;
    case 'cancelled':
      return from === 'pending' || from === 'confirmed' ? ['cancel'] : null;
  }
}

export type { PhlebotomyProvider };
