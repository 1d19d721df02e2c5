/**
 * How a phlebotomy partner call failed, one class per cause the appointment API answers differently:
 * outages and rate limits are retried, a taken slot or expired key goes back to the caller, a partner
 * answering garbage is `PartnerResponseError` (never a crash). Messages carry no PHI, headers or bodies.
 */
import type { PhlebotomyProvider } from './phlebotomy-partner';

export type PhlebotomyPartnerErrorCode =
  | 'partner_unavailable'
  | 'partner_timeout'
  | 'partner_rate_limited'
  | 'partner_auth_failed'
  | 'partner_bad_response'
  | 'partner_rejected'
  | 'slot_unavailable'
  | 'booking_key_expired'
  | 'booking_key_invalid'
  | 'area_not_served'
  | 'appointment_not_found'
  | 'invalid_partner_state'
  | 'webhook_signature_invalid';

export abstract class PhlebotomyPartnerError extends Error {
  abstract readonly code: PhlebotomyPartnerErrorCode;
  /** True when the same call may succeed later (outage, rate limit, timeout). */
  abstract readonly retriable: boolean;
  constructor(
    readonly provider: PhlebotomyProvider,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = new.target.name;
  }
}

/** 5xx, connection refused or reset. `outcomeUnknown`: a write may have been applied before it failed. */
export class PartnerUnavailableError extends PhlebotomyPartnerError {
  readonly code: PhlebotomyPartnerErrorCode = 'partner_unavailable';
  readonly retriable = true;
  constructor(
    provider: PhlebotomyProvider,
    message: string,
    readonly status: number | null,
    readonly outcomeUnknown: boolean,
  ) {
    super(provider, message);
  }
}

/** No answer within the client timeout. */
export class PartnerTimeoutError extends PartnerUnavailableError {
  override readonly code = 'partner_timeout';
}

export class PartnerRateLimitError extends PhlebotomyPartnerError {
  readonly code = 'partner_rate_limited';
  readonly retriable = true;
  constructor(
    provider: PhlebotomyProvider,
    readonly retryAfterSeconds: number | null,
  ) {
    super(provider, 'rate limit exceeded');
  }
}

/** Our credentials were refused (401/403, or the token endpoint said no): an operator must act. */
export class PartnerAuthError extends PhlebotomyPartnerError {
  readonly code = 'partner_auth_failed';
  readonly retriable = false;
}

/** Unparsable JSON, a missing or mistyped field, an unexpected status. */
export class PartnerResponseError extends PhlebotomyPartnerError {
  readonly code = 'partner_bad_response';
  readonly retriable = true;
}

/** The partner refused what we sent (400/422); `details` is its field list, if it gave one. */
export class PartnerRejectedError extends PhlebotomyPartnerError {
  readonly code = 'partner_rejected';
  readonly retriable = false;
  constructor(
    provider: PhlebotomyProvider,
    message: string,
    readonly details: string[] = [],
  ) {
    super(provider, message);
  }
}

/** The slot filled up between availability and book (partner 409). */
export class SlotUnavailableError extends PhlebotomyPartnerError {
  readonly code = 'slot_unavailable';
  readonly retriable = false;
}

export class BookingKeyExpiredError extends PhlebotomyPartnerError {
  readonly code = 'booking_key_expired';
  readonly retriable = false;
}

/** The partner does not know the booking key (never issued, or for another address). */
export class BookingKeyInvalidError extends PhlebotomyPartnerError {
  readonly code = 'booking_key_invalid';
  readonly retriable = false;
}

export class AreaNotServedError extends PhlebotomyPartnerError {
  readonly code = 'area_not_served';
  readonly retriable = false;
}

export class PartnerAppointmentNotFoundError extends PhlebotomyPartnerError {
  readonly code = 'appointment_not_found';
  readonly retriable = false;
}

/** The appointment cannot make this move at the partner (cancel a completed draw, reschedule a request). */
export class PartnerStateError extends PhlebotomyPartnerError {
  readonly code = 'invalid_partner_state';
  readonly retriable = false;
}

export type WebhookSignatureProblem = 'missing' | 'malformed' | 'mismatch' | 'stale';

/** A webhook whose signature or timestamp does not verify: refuse it (401) and apply nothing. */
export class WebhookSignatureError extends PhlebotomyPartnerError {
  readonly code = 'webhook_signature_invalid';
  readonly retriable = false;
  constructor(
    provider: PhlebotomyProvider,
    readonly problem: WebhookSignatureProblem,
  ) {
    super(provider, `webhook signature ${problem}`);
  }
}
