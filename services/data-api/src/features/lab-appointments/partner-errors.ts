/**
 * What a phlebotomy partner's failure means to the API caller (api-shapes §3): an outage or a rate limit at the
 * partner is a 503 `service_unavailable` with `Retry-After`; a taken slot or a used/expired booking key a 409;
 * an area the partner does not serve the spec's 400 `provider_not_available`. Messages name no patient data.
 */
import {
  BadRequestError,
  ConflictError,
  DomainError,
  InvalidStateError,
  ValidationError,
} from '@meridian/domain';
import {
  AreaNotServedError,
  BookingKeyExpiredError,
  BookingKeyInvalidError,
  PartnerRateLimitError,
  PartnerRejectedError,
  PartnerStateError,
  PartnerUnavailableError,
  PhlebotomyPartnerError,
  SlotUnavailableError,
} from '@meridian/lab-partners';

/** A partner outage: 503 with `Retry-After` (set by the router's error hook). */
export class PartnerOutageError extends DomainError {
  readonly kind = 'unavailable';
  constructor(
    readonly retryAfterSeconds: number,
    message = 'The phlebotomy provider is not reachable right now; retry later.',
  ) {
    super('service_unavailable', message);
  }
}

export const providerNotAvailable = (message: string) =>
  new BadRequestError('provider_not_available', message);

export const slotUnavailable = (message = 'The slot of this booking key is no longer available.') =>
  new ConflictError('slot_unavailable', message);

export const bookingKeyExpired = () =>
  new ConflictError(
    'booking_key_expired',
    'The booking key has expired; ask for availability again and book a new key.',
  );

export const unknownBookingKey = (key: unknown, msg = 'Unknown booking key: ask for availability first.') =>
  ValidationError.single(['body', 'booking_key'], msg, 'value_error', key);

const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** True when a failed write may still have been applied at the partner (timeout, 5xx after sending). */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof PartnerUnavailableError && err.outcomeUnknown;
}

/**
 * The domain error for a partner failure; `appointmentStatus` is the appointment's status for a move the
 * partner refused (409 `invalid_state`). Anything that is not a partner error is returned unchanged.
 */
export function fromPartnerError(err: unknown, appointmentStatus?: string): unknown {
  if (!(err instanceof PhlebotomyPartnerError)) return err;
  if (err instanceof SlotUnavailableError) return slotUnavailable();
  if (err instanceof BookingKeyExpiredError) return bookingKeyExpired();
  if (err instanceof BookingKeyInvalidError)
    return unknownBookingKey(undefined, 'The provider does not know this booking key (used or replaced).');
  if (err instanceof AreaNotServedError)
    return providerNotAvailable(`The ${err.provider} provider does not serve this area.`);
  if (err instanceof PartnerRejectedError)
    return new BadRequestError(
      'appointment_rejected',
      `The ${err.provider} provider refused the appointment details.`,
      { fields: err.details.slice(0, 20) },
    );
  if (err instanceof PartnerStateError)
    return new InvalidStateError(
      appointmentStatus ?? 'unknown',
      `The ${err.provider} provider does not allow this change of the appointment now.`,
    );
  if (err instanceof PartnerRateLimitError)
    return new PartnerOutageError(err.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  return new PartnerOutageError(DEFAULT_RETRY_AFTER_SECONDS);
}
