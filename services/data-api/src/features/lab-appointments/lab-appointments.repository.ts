import type { Knex } from '@meridian/db';
import type {
  AppointmentEventStatus,
  AppointmentServiceType,
  AppointmentStatus,
  AppointmentType,
  CollectionMethod,
  OrderLowLevelStatus,
  TeamScope,
} from '@meridian/domain';
import type { PhlebotomyProvider, UsAddress } from '@meridian/lab-partners';

/**
 * SQL of the appointment use cases: appointments and their events (lab_appointments, lab_appointment_events),
 * the booking keys handed out with availability, and the order facts an appointment needs. Every read is
 * scoped to the caller's team + environment, except the partner-webhook lookup by the partner's id, which
 * takes the tenant from the row it finds.
 */

export interface AppointmentRecord {
  id: string;
  orderId: string;
  teamId: string;
  environment: TeamScope['environment'];
  userId: string;
  type: AppointmentType;
  serviceType: AppointmentServiceType;
  provider: PhlebotomyProvider;
  providerId: string;
  externalId: string | null;
  status: AppointmentStatus;
  eventStatus: AppointmentEventStatus;
  address: UsAddress;
  location: { lng: number; lat: number };
  startAt: Date | null;
  endAt: Date | null;
  ianaTimezone: string | null;
  canReschedule: boolean;
  appointmentNotes: string | null;
  eventData: Record<string, unknown> | null;
  cancellationReasonId: string | null;
  partnerUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  events: { createdAt: Date; status: AppointmentEventStatus; data: Record<string, unknown> | null }[];
}

/** What an appointment needs of its order: state, owner, and the patient a phlebotomist visits. */
export interface AppointmentOrder {
  id: string;
  userId: string;
  clientUserId: string;
  method: CollectionMethod;
  statusLow: OrderLowLevelStatus;
  patient: {
    first_name: string;
    last_name: string;
    dob: string;
    gender: 'female' | 'male' | 'other' | 'unknown';
    phone_number: string;
    email: string;
  };
}

export interface BookingKeyRecord {
  provider: PhlebotomyProvider;
  partnerKey: string;
  address: UsAddress;
  ianaTimezone: string | null;
  expiresAt: Date;
  usedBy: string | null;
}

export interface NewBookingKey {
  keyHash: string;
  provider: PhlebotomyProvider;
  partnerKey: string;
  address: UsAddress;
  ianaTimezone: string | null;
  startAt: Date;
  endAt: Date;
  expiresAt: Date;
}

export interface NewAppointment {
  id: string;
  orderId: string;
  userId: string;
  type: AppointmentType;
  serviceType: AppointmentServiceType;
  provider: PhlebotomyProvider;
  providerId: string;
  externalId: string;
  status: AppointmentStatus;
  eventStatus: AppointmentEventStatus;
  address: UsAddress;
  location: { lng: number; lat: number };
  startAt: Date | null;
  endAt: Date | null;
  ianaTimezone: string | null;
  canReschedule: boolean;
  appointmentNotes: string | null;
  eventData: Record<string, unknown> | null;
  partnerUpdatedAt: Date | null;
  now: Date;
}

export interface AppointmentUpdate {
  status: AppointmentStatus;
  eventStatus: AppointmentEventStatus;
  startAt?: Date | null;
  endAt?: Date | null;
  ianaTimezone?: string | null;
  canReschedule: boolean;
  appointmentNotes?: string | null;
  eventData: Record<string, unknown> | null;
  cancellationReasonId?: string | null;
  partnerUpdatedAt?: Date | null;
  now: Date;
}

interface AppointmentRow {
  id: string;
  order_id: string;
  team_id: string;
  environment: TeamScope['environment'];
  user_id: string;
  type: AppointmentType;
  service_type: AppointmentServiceType;
  provider: PhlebotomyProvider;
  provider_id: string;
  external_id: string | null;
  status: AppointmentStatus;
  event_status: AppointmentEventStatus;
  address: UsAddress;
  location_lng: number;
  location_lat: number;
  start_at: Date | null;
  end_at: Date | null;
  iana_timezone: string | null;
  can_reschedule: boolean;
  appointment_notes: string | null;
  event_data: Record<string, unknown> | null;
  cancellation_reason_id: string | null;
  partner_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface EventRow {
  appointment_id: string;
  status: AppointmentEventStatus;
  data: Record<string, unknown> | null;
  created_at: Date;
}

interface OrderRow {
  id: string;
  user_id: string;
  client_user_id: string;
  collection_method: CollectionMethod;
  status_low: OrderLowLevelStatus;
  patient_first_name: string;
  patient_last_name: string;
  patient_dob: string;
  patient_details: Record<string, unknown>;
}

const ACTIVE = ['pending', 'reserved', 'confirmed', 'in_progress'];

/** The partial unique index that keeps one active appointment per order. */
export const ONE_ACTIVE_APPOINTMENT_INDEX = 'lab_appointments_one_active_uq';

export function isOneActiveViolation(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === ONE_ACTIVE_APPOINTMENT_INDEX;
}

export function createLabAppointmentsRepository(db: Knex | Knex.Transaction) {
  async function withEvents(rows: AppointmentRow[]): Promise<AppointmentRecord[]> {
    if (rows.length === 0) return [];
    const events = await db('lab_appointment_events')
      .whereIn(
        'appointment_id',
        rows.map((r) => r.id),
      )
      .orderBy('id', 'asc')
      .select<EventRow[]>('appointment_id', 'status', 'data', 'created_at');
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      teamId: r.team_id,
      environment: r.environment,
      userId: r.user_id,
      type: r.type,
      serviceType: r.service_type,
      provider: r.provider,
      providerId: r.provider_id,
      externalId: r.external_id,
      status: r.status,
      eventStatus: r.event_status,
      address: r.address,
      location: { lng: r.location_lng, lat: r.location_lat },
      startAt: r.start_at,
      endAt: r.end_at,
      ianaTimezone: r.iana_timezone,
      canReschedule: r.can_reschedule,
      appointmentNotes: r.appointment_notes,
      eventData: r.event_data,
      cancellationReasonId: r.cancellation_reason_id,
      partnerUpdatedAt: r.partner_updated_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      events: events
        .filter((e) => e.appointment_id === r.id)
        .map((e) => ({ createdAt: e.created_at, status: e.status, data: e.data })),
    }));
  }

  const one = async (rows: AppointmentRow[]) => (await withEvents(rows))[0] ?? null;

  return {
    /** The order an appointment is for, in the caller's tenant (null: none there). */
    async findOrder(scope: TeamScope, orderId: string): Promise<AppointmentOrder | null> {
      const row = await db('lab_orders as o')
        .join('users as u', 'u.id', 'o.user_id')
        .where({ 'o.id': orderId, 'o.team_id': scope.teamId, 'o.environment': scope.environment })
        .first<OrderRow | undefined>(
          'o.id',
          'o.user_id',
          'u.client_user_id',
          'o.collection_method',
          'o.status_low',
          'o.patient_first_name',
          'o.patient_last_name',
          db.raw(`to_char(o.patient_dob, 'YYYY-MM-DD') as patient_dob`),
          'o.patient_details',
        );
      if (!row) return null;
      const d = row.patient_details;
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const gender = text(d.gender);
      return {
        id: row.id,
        userId: row.user_id,
        clientUserId: row.client_user_id,
        method: row.collection_method,
        statusLow: row.status_low,
        patient: {
          first_name: row.patient_first_name,
          last_name: row.patient_last_name,
          dob: row.patient_dob,
          gender: (['female', 'male', 'other'].includes(gender) ? gender : 'unknown') as
            'female' | 'male' | 'other' | 'unknown',
          phone_number: text(d.phone_number),
          email: text(d.email),
        },
      };
    },

    /** The order's active appointment (at most one), optionally locked for the rest of the transaction. */
    async findActive(
      scope: TeamScope,
      orderId: string,
      opts: { forUpdate?: boolean } = {},
    ): Promise<AppointmentRecord | null> {
      const q = db('lab_appointments')
        .where({ order_id: orderId, team_id: scope.teamId, environment: scope.environment })
        .whereIn('status', ACTIVE)
        .select('*');
      if (opts.forUpdate) void q.forUpdate();
      return one((await q) as AppointmentRow[]);
    },

    /**
     * What `GET …/phlebotomy/appointment` shows: the active appointment, else the completed one (the draw's
     * appointment stays the order's appointment after the draw). Cancelled ones only live on in the events.
     */
    async findCurrent(scope: TeamScope, orderId: string): Promise<AppointmentRecord | null> {
      const rows = (await db('lab_appointments')
        .where({ order_id: orderId, team_id: scope.teamId, environment: scope.environment })
        .whereIn('status', [...ACTIVE, 'completed'])
        .orderByRaw(`(status = 'completed'), created_at desc, id desc`)
        .limit(1)
        .select('*')) as AppointmentRow[];
      return one(rows);
    },

    async findById(
      scope: TeamScope,
      id: string,
      opts: { forUpdate?: boolean } = {},
    ): Promise<AppointmentRecord | null> {
      const q = db('lab_appointments')
        .where({ id, team_id: scope.teamId, environment: scope.environment })
        .select('*');
      if (opts.forUpdate) void q.forUpdate();
      return one((await q) as AppointmentRow[]);
    },

    /** Partner webhooks: the appointment a partner knows by its id (any tenant: the row names it). */
    async findByExternalId(
      provider: PhlebotomyProvider,
      externalId: string,
    ): Promise<{
      id: string;
      orderId: string;
      teamId: string;
      environment: TeamScope['environment'];
    } | null> {
      const row = await db('lab_appointments')
        .where({ provider, external_id: externalId })
        .orderBy('created_at', 'desc')
        .first<
          { id: string; order_id: string; team_id: string; environment: TeamScope['environment'] } | undefined
        >('id', 'order_id', 'team_id', 'environment');
      return row
        ? { id: row.id, orderId: row.order_id, teamId: row.team_id, environment: row.environment }
        : null;
    },

    async insert(scope: TeamScope, a: NewAppointment): Promise<void> {
      await db('lab_appointments').insert({
        id: a.id,
        order_id: a.orderId,
        team_id: scope.teamId,
        environment: scope.environment,
        user_id: a.userId,
        type: a.type,
        service_type: a.serviceType,
        provider: a.provider,
        provider_id: a.providerId,
        external_id: a.externalId,
        status: a.status,
        event_status: a.eventStatus,
        address: JSON.stringify(a.address),
        location_lng: a.location.lng,
        location_lat: a.location.lat,
        start_at: a.startAt,
        end_at: a.endAt,
        iana_timezone: a.ianaTimezone,
        can_reschedule: a.canReschedule,
        appointment_notes: a.appointmentNotes,
        event_data: a.eventData === null ? null : JSON.stringify(a.eventData),
        partner_updated_at: a.partnerUpdatedAt,
        created_at: a.now,
        updated_at: a.now,
      });
    },

    async update(scope: TeamScope, id: string, u: AppointmentUpdate): Promise<void> {
      const set: Record<string, unknown> = {
        status: u.status,
        event_status: u.eventStatus,
        can_reschedule: u.canReschedule,
        event_data: u.eventData === null ? null : JSON.stringify(u.eventData),
        updated_at: u.now,
      };
      if (u.startAt !== undefined) set.start_at = u.startAt;
      if (u.endAt !== undefined) set.end_at = u.endAt;
      if (u.ianaTimezone !== undefined) set.iana_timezone = u.ianaTimezone;
      if (u.appointmentNotes !== undefined) set.appointment_notes = u.appointmentNotes;
      if (u.cancellationReasonId !== undefined) set.cancellation_reason_id = u.cancellationReasonId;
      if (u.partnerUpdatedAt !== undefined) set.partner_updated_at = u.partnerUpdatedAt;
      await db('lab_appointments')
        .where({ id, team_id: scope.teamId, environment: scope.environment })
        .update(set);
    },

    async appendEvent(
      scope: TeamScope,
      appointmentId: string,
      status: AppointmentEventStatus,
      data: Record<string, unknown> | null,
      now: Date,
    ): Promise<void> {
      await db('lab_appointment_events').insert({
        appointment_id: appointmentId,
        team_id: scope.teamId,
        environment: scope.environment,
        status,
        data: data === null ? null : JSON.stringify(data),
        created_at: now,
      });
    },

    /** Records only the partner's time (a webhook that changes nothing we show). */
    async touchPartnerUpdatedAt(id: string, at: Date): Promise<void> {
      await db('lab_appointments').where({ id }).update({ partner_updated_at: at });
    },

    async insertBookingKeys(scope: TeamScope, keys: NewBookingKey[], now: Date): Promise<void> {
      // Expired keys of this tenant go first: the table holds only what can still be booked (plus an hour).
      await db('lab_appointment_booking_keys')
        .where({ team_id: scope.teamId, environment: scope.environment })
        .where('expires_at', '<', new Date(now.getTime() - 3_600_000))
        .delete();
      if (keys.length === 0) return;
      await db('lab_appointment_booking_keys').insert(
        keys.map((k) => ({
          key_hash: k.keyHash,
          team_id: scope.teamId,
          environment: scope.environment,
          provider: k.provider,
          partner_key: k.partnerKey,
          address: JSON.stringify(k.address),
          iana_timezone: k.ianaTimezone,
          start_at: k.startAt,
          end_at: k.endAt,
          expires_at: k.expiresAt,
          created_at: now,
        })),
      );
    },

    async findBookingKey(scope: TeamScope, keyHash: string): Promise<BookingKeyRecord | null> {
      const row = (await db('lab_appointment_booking_keys')
        .where({ key_hash: keyHash, team_id: scope.teamId, environment: scope.environment })
        .first()) as
        | {
            provider: PhlebotomyProvider;
            partner_key: string;
            address: UsAddress;
            iana_timezone: string | null;
            expires_at: Date;
            used_by: string | null;
          }
        | undefined;
      if (!row) return null;
      return {
        provider: row.provider,
        partnerKey: row.partner_key,
        address: row.address,
        ianaTimezone: row.iana_timezone,
        expiresAt: row.expires_at,
        usedBy: row.used_by,
      };
    },

    /** Takes an unused key for `usedBy`; false when another book or reschedule took it first. */
    async claimBookingKey(scope: TeamScope, keyHash: string, usedBy: string): Promise<boolean> {
      const n = await db('lab_appointment_booking_keys')
        .where({ key_hash: keyHash, team_id: scope.teamId, environment: scope.environment })
        .whereNull('used_by')
        .update({ used_by: usedBy });
      return n === 1;
    },

    /** Gives a key back after the partner refused nothing about it (outage): it may be tried again. */
    async releaseBookingKey(scope: TeamScope, keyHash: string, usedBy: string): Promise<void> {
      await db('lab_appointment_booking_keys')
        .where({ key_hash: keyHash, team_id: scope.teamId, environment: scope.environment, used_by: usedBy })
        .update({ used_by: null });
    },

    async labIdsBySlug(slugs: readonly string[]): Promise<Map<string, number>> {
      const rows = await db('labs')
        .whereIn('slug', slugs)
        .select<{ slug: string; id: number }[]>('slug', 'id');
      return new Map(rows.map((r) => [r.slug, r.id]));
    },
  };
}

export type LabAppointmentsRepository = ReturnType<typeof createLabAppointmentsRepository>;
