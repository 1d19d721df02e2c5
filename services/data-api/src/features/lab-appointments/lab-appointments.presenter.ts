import { eventEnvelope, formatWireDateTime } from '@meridian/domain';
import type { OutboxEvent } from '@meridian/db';
import type { UsAddress } from '@meridian/lab-partners';
import type { AppointmentRecord } from './lab-appointments.repository';

/** `Appointment` (api-shapes §6.7) as the API and the `labtest.appointment.*` events carry it. */

const wireTime = (d: Date | null) => (d ? formatWireDateTime(d) : null);

/** `UsAddress` with every key serialized (`null` when not given). */
export function toUsAddressWire(a: UsAddress) {
  return {
    first_line: a.first_line,
    second_line: a.second_line ?? null,
    city: a.city,
    state: a.state,
    zip_code: a.zip_code,
    unit: a.unit ?? null,
    access_notes: a.access_notes ?? null,
  };
}

export function toAppointmentWire(a: AppointmentRecord) {
  return {
    id: a.id,
    user_id: a.userId,
    order_id: a.orderId,
    address: toUsAddressWire(a.address),
    location: { lng: a.location.lng, lat: a.location.lat },
    start_at: wireTime(a.startAt),
    end_at: wireTime(a.endAt),
    iana_timezone: a.ianaTimezone,
    type: a.type,
    service_type: a.serviceType,
    provider: a.provider,
    status: a.status,
    provider_id: a.providerId,
    external_id: a.externalId,
    can_reschedule: a.canReschedule,
    appointment_notes: a.appointmentNotes,
    event_status: a.eventStatus,
    event_data: a.eventData,
    events: a.events.map((e) => ({
      created_at: formatWireDateTime(e.createdAt),
      status: e.status,
      data: e.data,
    })),
  };
}

export type AppointmentWire = ReturnType<typeof toAppointmentWire>;

/** The outbox row of `labtest.appointment.created` (first) or `.updated` (every later change). */
export function appointmentEvent(
  type: 'labtest.appointment.created' | 'labtest.appointment.updated',
  a: AppointmentRecord,
  clientUserId: string,
): OutboxEvent {
  return {
    teamId: a.teamId,
    environment: a.environment,
    userId: a.userId,
    envelope: eventEnvelope(type, toAppointmentWire(a), {
      userId: a.userId,
      clientUserId,
      teamId: a.teamId,
    }),
  };
}
