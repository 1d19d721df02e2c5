import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import type { ProviderHttp } from '../../http';

/**
 * Withings answers every call with HTTP 200 and a `{status, body, error?}` envelope; `status` 0 is success
 * and the others come in documented families (developer.withings.com/api-reference, "Response status"):
 * authentication failed (100–102, 200, 401), unauthorized (214, 277), timeout (522), too many requests
 * (601), invalid params, not implemented, "an error occurred". The families become our provider errors.
 */
export interface WithingsEnvelope {
  status: number;
  body?: unknown;
  error?: string;
}

const AUTH_FAILED: ReadonlySet<number> = new Set([100, 101, 102, 200, 401]);
const UNAUTHORIZED: ReadonlySet<number> = new Set([214, 277]);
const TOO_MANY_REQUESTS = 601;
/** Timeout and "unknown error": temporary on Withings' side. */
const TEMPORARY: ReadonlySet<number> = new Set([522, 524, 2555]);
/** Withings gives no Retry-After; its limit is per minute (120 requests/minute per application). */
export const WITHINGS_RATE_WINDOW_SECONDS = 60;

/** The "Invalid params" family of the status table, and 2553/2554 (not implemented, wrong action). */
const INVALID_PARAMS: readonly (readonly [number, number])[] = [
  [201, 213],
  [216, 218],
  [220, 221],
  [223, 223],
  [225, 225],
  [227, 230],
  [234, 236],
  [238, 238],
  [240, 252],
  [254, 254],
  [260, 267],
  [271, 272],
  [275, 276],
  [283, 288],
  [290, 290],
  [293, 295],
  [297, 297],
  [300, 304],
  [321, 321],
  [323, 353],
  [380, 382],
  [400, 400],
  [501, 506],
  [509, 511],
  [523, 523],
  [532, 532],
  [2553, 2554],
  [3017, 3019],
];

function isInvalidParams(status: number): boolean {
  return INVALID_PARAMS.some(([from, to]) => status >= from && status <= to);
}

export function readEnvelope(raw: unknown): WithingsEnvelope {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { status?: unknown }).status !== 'number')
    throw new ProviderResponseError('Withings answered without its {status, body} envelope');
  return raw as WithingsEnvelope;
}

/** The error a non-zero status of a data call means. */
export function statusError(status: number): Error {
  if (AUTH_FAILED.has(status))
    return new ProviderAuthError('token_revoked', `Withings refused the access token (status ${status})`);
  if (UNAUTHORIZED.has(status))
    return new ProviderAuthError(
      'required_scopes_not_granted',
      `Withings refused the call (status ${status})`,
    );
  if (status === TOO_MANY_REQUESTS)
    return new ProviderRateLimitError('Withings rate limit exceeded', WITHINGS_RATE_WINDOW_SECONDS);
  if (TEMPORARY.has(status)) return new ProviderUnavailableError(`Withings answered status ${status}`);
  if (isInvalidParams(status))
    return new ProviderResponseError(`Withings refused the parameters (status ${status})`);
  // "An error occurred": Withings asks to retry and contact them if it persists.
  return new ProviderUnavailableError(`Withings answered status ${status}`);
}

/** The body of a successful envelope; throws the classified error otherwise. */
export function unwrapEnvelope(raw: unknown): Record<string, unknown> {
  const envelope = readEnvelope(raw);
  if (envelope.status !== 0) throw statusError(envelope.status);
  const body = envelope.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderResponseError('Withings envelope without a body object');
  return body as Record<string, unknown>;
}

/** One data call: POST form with `action`, bearer token, envelope unwrapped. */
export async function withingsCall(
  api: ProviderHttp,
  path: string,
  action: string,
  params: Record<string, string | number | undefined>,
  accessToken: string | null,
): Promise<Record<string, unknown>> {
  const form: Record<string, string | undefined> = { action };
  for (const [k, v] of Object.entries(params)) form[k] = v === undefined ? undefined : String(v);
  const res = await api.request<unknown>({ method: 'POST', path, form, bearer: accessToken ?? undefined });
  return unwrapEnvelope(res.data);
}
