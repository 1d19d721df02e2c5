/**
 * The Phlebfinders-tier partner's JSON (../README.md "Phlebfinders-tier API"), read strictly: a draw request
 * is `open` without a window until a phlebotomist is assigned; an assigned one without a window is refused.
 */
import {
  AreaNotServedError,
  PartnerAppointmentNotFoundError,
  PartnerAuthError,
  PartnerRejectedError,
  PartnerResponseError,
  PartnerStateError,
  type PhlebotomyPartnerError,
} from '../errors';
import { readZone, wireTime, type CancellationReasonMap } from '../partner-common';
import type {
  PartnerAppointment,
  PartnerAppointmentStatus,
  PartnerPatient,
  PartnerWebhookEvent,
  UsAddress,
} from '../phlebotomy-partner';
import { wireReader } from '../wire-reader';

const r = wireReader('phlebfinders');

const STATES = ['open', 'assigned', 'in_progress', 'completed', 'cancelled', 'expired'] as const;
type DrawState = (typeof STATES)[number];

const STATE_MAP: Record<DrawState, PartnerAppointmentStatus> = {
  open: 'pending',
  assigned: 'confirmed',
  in_progress: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
  // Nobody took the request in time: the appointment is over for Meridian.
  expired: 'cancelled',
};

export const PHLEBFINDERS_CANCEL_REASONS: CancellationReasonMap = {
  patient_requested: 'customer_request',
  patient_unavailable: 'customer_request',
  order_cancelled: 'order_cancelled',
  address_issue: 'unreachable',
  other: 'other',
};

export function phlebfindersLocation(address: UsAddress) {
  return {
    line1: address.first_line,
    line2: [address.second_line, address.unit].filter((x) => x).join(', ') || null,
    city: address.city,
    region: address.state,
    postal_code: address.zip_code,
    access_notes: address.access_notes ?? null,
  };
}

export function phlebfindersPatient(patient: PartnerPatient) {
  return {
    given_name: patient.first_name,
    family_name: patient.last_name,
    birth_date: patient.dob,
    sex: patient.gender,
    phone: patient.phone_number,
    email: patient.email,
  };
}

export function readToken(body: unknown): { accessToken: string; expiresInSeconds: number } {
  const o = r.object(body, 'token');
  const type = r.string(o, 'token_type', 'token');
  if (type.toLowerCase() !== 'bearer') r.fail('token response is not a bearer token');
  return {
    accessToken: r.string(o, 'access_token', 'token'),
    expiresInSeconds: r.integer(o, 'expires_in', 'token', 1),
  };
}

export function readCoverage(body: unknown): { covered: boolean; timezone: string | null } {
  const o = r.object(body, 'coverage');
  const covered = r.boolean(o, 'covered', 'coverage');
  return { covered, timezone: covered ? readZone(r, o, 'time_zone', 'coverage') : null };
}

export function readDrawRequest(body: unknown, at = 'draw_request'): PartnerAppointment {
  const o = r.object(body, at);
  const state = r.oneOf(o, 'state', at, STATES);
  const timezone = readZone(r, o, 'time_zone', at);
  let window: { start: number; end: number } | null = null;
  if (o.window !== null && o.window !== undefined) {
    const w = r.object(o.window, `${at}.window`);
    window = { start: r.dateTime(w, 'start', `${at}.window`), end: r.dateTime(w, 'end', `${at}.window`) };
    if (window.end <= window.start) r.fail(`response ${at}.window ends before it starts`);
  }
  if (window === null && (state === 'assigned' || state === 'in_progress' || state === 'completed'))
    r.fail(`response ${at} is ${state} without a window`);
  const details: Record<string, unknown> = { partner_status: state };
  if (o.phlebotomist !== null && o.phlebotomist !== undefined) {
    const p = r.object(o.phlebotomist, `${at}.phlebotomist`);
    details.phlebotomist = {
      id: r.string(p, 'id', `${at}.phlebotomist`),
      first_name: r.string(p, 'first_name', `${at}.phlebotomist`),
    };
  }
  const reason = r.optionalString(o, 'cancel_reason', at);
  if (reason) details.cancellation_reason = reason;
  return {
    provider: 'phlebfinders',
    serviceType: 'appointment-request',
    externalId: r.string(o, 'request_id', at),
    orderRef: r.string(o, 'external_ref', at),
    status: STATE_MAP[state],
    partnerStatus: state,
    startAt: window ? wireTime(window.start, timezone) : null,
    endAt: window ? wireTime(window.end, timezone) : null,
    timezone,
    // The time is agreed between the phlebotomist and the patient: Meridian cannot move it.
    canReschedule: false,
    details,
    updatedAt: wireTime(r.dateTime(o, 'updated_at', at), null),
  };
}

/** `{items, meta: {page, per_page, total, total_pages}}`: one page of the numbered listing. */
export function readDrawRequestPage(body: unknown): { items: PartnerAppointment[]; totalPages: number } {
  const o = r.object(body, 'page');
  const items = r.array(o, 'items', 'page').map((x, i) => readDrawRequest(x, `page.items[${i}]`));
  const meta = r.object(o.meta, 'page.meta');
  return { items, totalPages: r.integer(meta, 'total_pages', 'page.meta', 0) };
}

export function readWebhookBody(body: unknown): Omit<PartnerWebhookEvent, 'provider'> {
  const o = r.object(body, 'webhook');
  return {
    eventId: r.string(o, 'event_id', 'webhook'),
    type: r.string(o, 'event', 'webhook'),
    occurredAt: wireTime(r.dateTime(o, 'occurred_at', 'webhook'), null),
    appointment: readDrawRequest(o.draw_request, 'webhook.draw_request'),
  };
}

/** `{errors: [{code, detail, field?}]}` of a 4xx, as a typed error. */
export function phlebfindersClientError(status: number, body: unknown): PhlebotomyPartnerError {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const list = Array.isArray(errors) ? (errors as { code?: unknown; field?: unknown }[]) : [];
  const codes = list.map((e) => (typeof e?.code === 'string' ? e.code : 'unknown'));
  const fields = list.flatMap((e) => (typeof e?.field === 'string' ? [e.field] : []));
  if (status === 404 && codes.includes('request_not_found'))
    return new PartnerAppointmentNotFoundError('phlebfinders', 'draw request not found');
  // A 404 without the partner's error body: a wrong base URL, not a missing request.
  if (status === 404) return new PartnerResponseError('phlebfinders', 'answered 404 for an unknown path');
  if (status === 409) return new PartnerStateError('phlebfinders', `refused the change (${codes.join(',')})`);
  if (codes.includes('outside_coverage'))
    return new AreaNotServedError('phlebfinders', 'zip code not covered');
  return new PartnerRejectedError(
    'phlebfinders',
    `rejected the request (${status} ${codes.join(',')})`,
    fields,
  );
}

/** The token endpoint's `{error: "invalid_client"}` and friends: our client credentials are wrong. */
export function tokenClientError(status: number, body: unknown): PhlebotomyPartnerError {
  const error = (body as { error?: unknown } | null)?.error;
  const code = typeof error === 'string' ? error : 'unknown';
  return new PartnerAuthError('phlebfinders', `token endpoint refused (${status} ${code})`);
}
