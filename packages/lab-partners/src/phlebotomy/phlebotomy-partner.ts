/**
 * The one interface Meridian schedules at-home blood draws through (api-shapes §6.1, §6.7). A partner
 * offers one tier: `appointment-ready` (Meridian picks a slot and books it synchronously) or
 * `appointment-request` (Meridian asks for a draw; a phlebotomist later assigns themselves with a time).
 */

/** Phlebotomy partners (a subset of `AppointmentProvider`, api-shapes §6.6; quest/sonora_quest are PSCs). */
export type PhlebotomyProvider = 'getlabs' | 'phlebfinders';

export const PHLEBOTOMY_PROVIDERS: readonly PhlebotomyProvider[] = ['getlabs', 'phlebfinders'];

/** The spec's scheduling type of a provider tier. */
export type PhlebotomyServiceType = 'appointment-ready' | 'appointment-request';

/** `UsAddress` of api-shapes §6.7 (snake_case, as the API receives it). */
export interface UsAddress {
  first_line: string;
  second_line?: string | null;
  city: string;
  state: string;
  zip_code: string;
  unit?: string | null;
  access_notes?: string | null;
}

/** The patient as a phlebotomist needs them (from the order's `patient_details`, api-shapes §6.3). */
export interface PartnerPatient {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD`. */
  dob: string;
  gender: 'female' | 'male' | 'other' | 'unknown';
  phone_number: string;
  email: string;
}

/** Whether a partner serves a zip code, and the IANA zone its slots are in. */
export interface ServiceArea {
  provider: PhlebotomyProvider;
  zipCode: string;
  served: boolean;
  /** IANA zone of the area; null when not served. */
  timezone: string | null;
}

export interface PartnerTimeSlot {
  /** Opaque; valid until `expiresAt`. */
  bookingKey: string;
  /** Wire date-times in the area's offset. */
  start: string;
  end: string;
  expiresAt: string;
  /** US dollars. */
  price: number;
  isPriority: boolean;
  available: number;
}

export interface PartnerDaySlots {
  /** Local date in the area's zone. */
  date: string;
  slots: PartnerTimeSlot[];
}

export interface PartnerAvailability {
  provider: PhlebotomyProvider;
  timezone: string;
  days: PartnerDaySlots[];
}

/** Meridian's view of an appointment at a partner (maps to `AppointmentStatus`, api-shapes §6.7). */
export type PartnerAppointmentStatus = 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';

export interface PartnerAppointment {
  provider: PhlebotomyProvider;
  serviceType: PhlebotomyServiceType;
  /** The partner's id (`Appointment.external_id`). */
  externalId: string;
  /** The order reference Meridian gave the partner. */
  orderRef: string;
  status: PartnerAppointmentStatus;
  /** The partner's own status word, kept for `event_data` (e.g. `en_route`, `assigned`, `expired`). */
  partnerStatus: string;
  /** Null while a request-tier appointment is pending (spec). */
  startAt: string | null;
  endAt: string | null;
  timezone: string | null;
  canReschedule: boolean;
  /** Provider-specific details for `event_data` (phlebotomist first name, cancellation reason...). */
  details: Record<string, unknown>;
  updatedAt: string;
}

/** A verified partner webhook, with the appointment as the partner says it is now. */
export interface PartnerWebhookEvent {
  provider: PhlebotomyProvider;
  eventId: string;
  /** The partner's event name (`appointment.status_changed`, `request.assigned`...). */
  type: string;
  occurredAt: string;
  appointment: PartnerAppointment;
}

/** What arrived on Meridian's webhook route: the exact bytes (signatures cover them) and the headers. */
export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer | string;
}

/** Meridian's cancellation reasons (`GET …/cancellation-reasons`); each partner maps `code` to its own. */
export type CancellationReasonCode =
  'patient_requested' | 'patient_unavailable' | 'order_cancelled' | 'address_issue' | 'other';

export interface CancellationReason {
  id: string;
  code: CancellationReasonCode;
  name: string;
  is_refundable: boolean;
}

/** Stable ids: callers send `cancellation_reason_id` (api-shapes §6.2). */
export const CANCELLATION_REASONS: readonly CancellationReason[] = [
  {
    id: '6b1f3c2a-4d0e-4c1b-9a51-0f2d8e7c1a01',
    code: 'patient_requested',
    name: 'Patient asked to cancel',
    is_refundable: true,
  },
  {
    id: '6b1f3c2a-4d0e-4c1b-9a51-0f2d8e7c1a02',
    code: 'patient_unavailable',
    name: 'Patient not available at the appointment time',
    is_refundable: false,
  },
  {
    id: '6b1f3c2a-4d0e-4c1b-9a51-0f2d8e7c1a03',
    code: 'order_cancelled',
    name: 'The lab order was cancelled',
    is_refundable: true,
  },
  {
    id: '6b1f3c2a-4d0e-4c1b-9a51-0f2d8e7c1a04',
    code: 'address_issue',
    name: 'Address cannot be reached',
    is_refundable: true,
  },
  { id: '6b1f3c2a-4d0e-4c1b-9a51-0f2d8e7c1a05', code: 'other', name: 'Other', is_refundable: false },
];

export function cancellationReasonById(id: string): CancellationReason | null {
  return CANCELLATION_REASONS.find((r) => r.id === id) ?? null;
}

export interface CancelInput {
  reason: CancellationReasonCode;
  notes?: string | null;
}

export interface BookInput {
  bookingKey: string;
  address: UsAddress;
  patient: PartnerPatient;
  orderRef: string;
  notes?: string | null;
  /**
   * Sent as `Idempotency-Key`: a retried book after a timeout must not book twice. Defaults to one derived
   * from the order reference and the (single-use) booking key; Meridian's appointment id is a good choice.
   */
  idempotencyKey?: string;
}

export interface RequestInput {
  address: UsAddress;
  patient: PartnerPatient;
  orderRef: string;
  notes?: string | null;
  /**
   * Sent as `Idempotency-Key`. Pass Meridian's appointment id so a retry replays; an order can be requested
   * again after a cancellation, so the default is a fresh key per call (no replay).
   */
  idempotencyKey?: string;
}

interface PartnerCommon {
  readonly provider: PhlebotomyProvider;
  serviceArea(zipCode: string): Promise<ServiceArea>;
  get(externalId: string): Promise<PartnerAppointment>;
  cancel(externalId: string, input: CancelInput): Promise<PartnerAppointment>;
  /** Every appointment the partner holds for Meridian, following its paging (reconciliation sweeps). */
  list(options?: { updatedSince?: Date }): AsyncIterable<PartnerAppointment>;
  /** Verifies the signature and timestamp, then reads the body; throws `WebhookSignatureError` first. */
  parseWebhook(webhook: IncomingWebhook): PartnerWebhookEvent;
}

export interface AppointmentReadyPartner extends PartnerCommon {
  readonly serviceType: 'appointment-ready';
  /** Slots from `startDate` (a local date in the area's zone) for the address. */
  availability(address: UsAddress, startDate: string): Promise<PartnerAvailability>;
  /** Synchronous: a confirmed appointment or a typed error (slot taken, key expired...). */
  book(input: BookInput): Promise<PartnerAppointment>;
  reschedule(externalId: string, bookingKey: string): Promise<PartnerAppointment>;
}

export interface AppointmentRequestPartner extends PartnerCommon {
  readonly serviceType: 'appointment-request';
  /** A pending appointment with no time; the time arrives with the partner's `assigned` webhook. */
  request(input: RequestInput): Promise<PartnerAppointment>;
}

export type PhlebotomyPartner = AppointmentReadyPartner | AppointmentRequestPartner;
