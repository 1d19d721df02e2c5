/** Domain errors carry no HTTP: each service's error middleware maps them to statuses and bodies. */
export interface ValidationIssue {
  loc: string[];
  msg: string;
  type: string;
  input: unknown;
  ctx: Record<string, unknown>;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    readonly errorType: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type DomainErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'bad_request'
  | 'validation'
  | 'too_large'
  | 'unavailable';

/** Missing, unknown, revoked or expired credential. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(message = 'The credential is missing, unknown or revoked.') {
    super('invalid_credentials', message);
  }
}

/** Valid credential that may not do this: wrong_key_type, forbidden, plan_required, feature_not_enabled. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message = 'Not found.', extra: Record<string, unknown> = {}) {
    super('not_found', message, extra);
  }
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export class BadRequestError extends DomainError {
  readonly kind = 'bad_request';
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = 'too_large';
}

export class ServiceUnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor(message = 'The service is temporarily unavailable.') {
    super('service_unavailable', message);
  }
}

/** Request validation failure: rendered as the 422 `{detail: ValidationIssue[]}` body. */
export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_error', issues.map((i) => i.msg).join('; '));
  }

  static single(loc: string[], msg: string, type: string, input: unknown, ctx: Record<string, unknown> = {}) {
    return new ValidationError([{ loc, msg, type, input, ctx }]);
  }
}

export const wrongKeyType = (message: string) => new ForbiddenError('wrong_key_type', message);
export const outOfScope = (message: string) => new ForbiddenError('forbidden', message);
export const planRequired = (message = 'This action requires the Scale plan.') =>
  new ForbiddenError('plan_required', message);
export const featureNotEnabled = (feature: string) =>
  new ForbiddenError(
    'feature_not_enabled',
    `The closed-beta feature '${feature}' is not enabled for this team.`,
    { feature },
  );
