import { ConflictError } from '../errors';

/** An order or appointment operation the current state does not allow: 409 `invalid_state` with `status`. */
export class InvalidStateError extends ConflictError {
  constructor(
    readonly status: string,
    message = `This operation is not allowed while the status is ${status}.`,
  ) {
    super('invalid_state', message, { status });
  }
}

/** Book or request while the order has an active appointment: 409 `appointment_exists` with `appointment_id`. */
export class AppointmentExistsError extends ConflictError {
  constructor(readonly appointmentId: string) {
    super('appointment_exists', 'The order already has an active appointment.', {
      appointment_id: appointmentId,
    });
  }
}

/** A request with the same `X-Idempotency-Key` is still being processed: 409 `idempotency_conflict`. */
export class IdempotencyConflictError extends ConflictError {
  constructor() {
    super(
      'idempotency_conflict',
      'A request with the same idempotency key is being processed; retry after it completes.',
    );
  }
}
