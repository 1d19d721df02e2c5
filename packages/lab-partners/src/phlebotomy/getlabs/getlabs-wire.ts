/**
 * The Getlabs-tier partner's JSON (../README.md "Getlabs-tier API"), read strictly into Meridian's shapes,
 * and Meridian's inputs written into the partner's.
 */
import {
  AreaNotServedError,
  BookingKeyExpiredError,
  BookingKeyInvalidError,
  PartnerAppointmentNotFoundError,
  PartnerRejectedError,
  PartnerResponseError,
  PartnerStateError,
  SlotUnavailableError,
  type PhlebotomyPartnerError,
} from '../errors';
import { readZone, wireTime, type CancellationReasonMap } from '../partner-common';
import type {
  PartnerAppointment,
  PartnerAppointmentStatus,
  PartnerAvailability,
  PartnerPatient,
  PartnerWebhookEvent,
  UsAddress,
} from '../phlebotomy-partner';
import { wireReader } from '../wire-reader';

const r = wireReader('getlabs');

const STATUSES = ['confirmed', 'en_route', 'in_progress', 'completed', 'cancelled'] as const;
type GetlabsStatus = (typeof STATUSES)[number];

const STATUS_MAP: Record<GetlabsStatus, PartnerAppointmentStatus> = {
  confirmed: 'confirmed',
  // The phlebotomist is on the way: still the confirmed appointment for Meridian.
  en_route: 'confirmed',
  in_progress: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
};

export const GETLABS_CANCEL_REASONS: CancellationReasonMap = {
  patient_requested: 'patient_request',
  patient_unavailable: 'patient_no_show',
  order_cancelled: 'order_cancelled',
  address_issue: 'address_unreachable',
  other: 'other',
};

export function getlabsAddress(address: UsAddress) {
  return {
    street1: address.first_line,
    street2: address.second_line ?? null,
    unit: address.unit ?? null,
    city: address.city,
    state: address.state,
    zip_code: address.zip_code,
    access_notes: address.access_notes ?? null,
  };
}

export function getlabsPatient(patient: PartnerPatient) {
  return {
    first_name: patient.first_name,
    last_name: patient.last_name,
    date_of_birth: patient.dob,
    sex: patient.gender,
    phone: patient.phone_number,
    email: patient.email,
  };
}

export function readServiceArea(body: unknown): { serviceable: boolean; timezone: string | null } {
  const o = r.object(body, 'service_area');
  const serviceable = r.boolean(o, 'serviceable', 'service_area');
  if (!serviceable) return { serviceable, timezone: null };
  return { serviceable, timezone: readZone(r, o, 'timezone', 'service_area') };
}

export function readAvailability(body: unknown): PartnerAvailability {
  const o = r.object(body, 'availability');
  const timezone = readZone(r, o, 'timezone', 'availability');
  const days = r.array(o, 'days', 'availability').map((d, i) => {
    const day = r.object(d, `days[${i}]`);
    const slots = r.array(day, 'slots', `days[${i}]`).map((s, j) => {
      const at = `days[${i}].slots[${j}]`;
      const slot = r.object(s, at);
      const start = r.dateTime(slot, 'start', at);
      const end = r.dateTime(slot, 'end', at);
      if (end <= start) r.fail(`response ${at} ends before it starts`);
      return {
        bookingKey: r.string(slot, 'key', at),
        start: wireTime(start, timezone),
        end: wireTime(end, timezone),
        expiresAt: wireTime(r.dateTime(slot, 'key_expires_at', at), null),
        price: r.integer(slot, 'price_cents', at, 0) / 100,
        isPriority: r.boolean(slot, 'priority', at),
        available: r.integer(slot, 'remaining', at, 0),
      };
    });
    return { date: r.date(day, 'date', `days[${i}]`), slots };
  });
  return { provider: 'getlabs', timezone, days };
}

export function readAppointment(body: unknown, at = 'appointment'): PartnerAppointment {
  const o = r.object(body, at);
  const timezone = readZone(r, o, 'timezone', at);
  const partnerStatus = r.oneOf(o, 'status', at, STATUSES);
  const status = STATUS_MAP[partnerStatus];
  const start = r.dateTime(o, 'start', at);
  const end = r.dateTime(o, 'end', at);
  if (end <= start) r.fail(`response ${at} ends before it starts`);
  const details: Record<string, unknown> = { partner_status: partnerStatus };
  const cancellation = o.cancellation;
  if (cancellation !== null && cancellation !== undefined) {
    const c = r.object(cancellation, `${at}.cancellation`);
    details.cancellation_reason = r.string(c, 'reason_code', `${at}.cancellation`);
  }
  return {
    provider: 'getlabs',
    serviceType: 'appointment-ready',
    externalId: r.string(o, 'id', at),
    orderRef: r.string(o, 'reference_id', at),
    status,
    partnerStatus,
    startAt: wireTime(start, timezone),
    endAt: wireTime(end, timezone),
    timezone,
    canReschedule: r.boolean(o, 'reschedulable', at) && status === 'confirmed',
    details,
    updatedAt: wireTime(r.dateTime(o, 'updated_at', at), null),
  };
}

/** `{data: Appointment[], has_more}`: one page of the cursor-paged listing. */
export function readAppointmentPage(body: unknown): { data: PartnerAppointment[]; hasMore: boolean } {
  const o = r.object(body, 'page');
  const data = r.array(o, 'data', 'page').map((a, i) => readAppointment(a, `page.data[${i}]`));
  return { data, hasMore: r.boolean(o, 'has_more', 'page') };
}

export function readWebhookBody(body: unknown): Omit<PartnerWebhookEvent, 'provider'> {
  const o = r.object(body, 'webhook');
  const data = r.object(o.data, 'webhook.data');
  return {
    eventId: r.string(o, 'id', 'webhook'),
    type: r.string(o, 'type', 'webhook'),
    occurredAt: wireTime(r.dateTime(o, 'created_at', 'webhook'), null),
    appointment: readAppointment(data.appointment, 'webhook.data.appointment'),
  };
}

/** `{error: {code, message, details?}}` of a 4xx, as a typed error. */
export function getlabsClientError(status: number, body: unknown): PhlebotomyPartnerError {
  const error = (body as { error?: { code?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : 'unknown';
  const details = Array.isArray(error?.details) ? error.details.filter((d) => typeof d === 'string') : [];
  if (status === 404 && code === 'not_found')
    return new PartnerAppointmentNotFoundError('getlabs', 'appointment not found');
  // A 404 without the partner's error body: a wrong base URL, not a missing appointment.
  if (status === 404) return new PartnerResponseError('getlabs', 'answered 404 for an unknown path');
  if (status === 410 || code === 'slot_key_expired')
    return new BookingKeyExpiredError('getlabs', 'booking key expired');
  if (code === 'slot_unavailable') return new SlotUnavailableError('getlabs', 'slot no longer available');
  if (status === 409) return new PartnerStateError('getlabs', `refused the change (${code})`);
  if (code === 'invalid_slot_key') return new BookingKeyInvalidError('getlabs', 'unknown booking key');
  if (code === 'area_not_serviceable') return new AreaNotServedError('getlabs', 'zip code not served');
  return new PartnerRejectedError('getlabs', `rejected the request (${status} ${code})`, details);
}
