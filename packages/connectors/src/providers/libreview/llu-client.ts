import { createHash } from 'node:crypto';
import type { ConnectorContext, LoginResult, ProviderTokens } from '../../connector';
import { ProviderAuthError, ProviderResponseError } from '../../errors';

/**
 * The LibreLinkUp HTTP API as the community documents the app's traffic (no official reference exists):
 * JSON with an app-level `status` (0 ok, 2 bad credentials, 4 a further step such as accepting terms), the
 * app's `product`/`version` headers, a bearer ticket plus `account-id` (sha256 of the user id) on data calls,
 * and regional servers `api-<region>.libreview.io` that the global server redirects a login to.
 * A configured base URL that is not an `api.` host (an emulator, a forwarding proxy) serves each region under
 * `/<region>/`.
 */

export const LLU_REGIONS = ['us', 'eu', 'eu2', 'de', 'fr', 'jp', 'ap', 'au', 'ae', 'ca', 'la'];
const APP_HEADERS = { product: 'llu.android', version: '4.16.0' };

export function regionalBaseUrl(apiBase: string, region: string | null): string {
  const base = new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`);
  if (region === null) return base.toString();
  if (!LLU_REGIONS.includes(region)) throw new ProviderResponseError(`unknown LibreLinkUp region ${region}`);
  if (base.hostname.startsWith('api.')) {
    base.hostname = `api-${region}.${base.hostname.slice('api.'.length)}`;
    return base.toString();
  }
  return new URL(`${region}/`, base).toString();
}

export interface LluSession {
  ticket: string;
  userId: string;
  region: string | null;
}

interface LluBody {
  status?: unknown;
  data?: unknown;
  error?: { message?: unknown };
}

/** One call; status 2 is a refused credential, any status but 0 and 4 an answer we cannot use. */
export async function lluCall(
  ctx: ConnectorContext,
  region: string | null,
  path: string,
  opts: { method?: 'GET' | 'POST'; json?: unknown; session?: LluSession; bearer?: string } = {},
): Promise<{ status: number; data: Record<string, unknown> | unknown[] | null }> {
  const url = new URL(path, regionalBaseUrl(ctx.api.baseUrl, region)).toString();
  const headers: Record<string, string> = { ...APP_HEADERS };
  if (opts.session) headers['account-id'] = createHash('sha256').update(opts.session.userId).digest('hex');
  const res = await ctx.api.request<LluBody>({
    method: opts.method ?? 'GET',
    path: url,
    // The regional server is another origin than the configured global one.
    anyOrigin: true,
    headers,
    json: opts.json,
    bearer: opts.session?.ticket ?? opts.bearer,
  });
  const body = res.data;
  const status = typeof body?.status === 'number' ? body.status : NaN;
  if (status === 2)
    throw new ProviderAuthError('provider_credential_error', 'LibreLinkUp refused the credentials or code');
  if (status !== 0 && status !== 4)
    throw new ProviderResponseError(`LibreLinkUp answered status ${String(body?.status)}`);
  const data = body?.data;
  return {
    status,
    data:
      Array.isArray(data) || (typeof data === 'object' && data !== null)
        ? (data as Record<string, unknown>)
        : null,
  };
}

interface AuthTicket {
  token?: unknown;
  expires?: unknown;
}

function tokensOf(data: Record<string, unknown>, region: string | null): ProviderTokens {
  const ticket = data.authTicket as AuthTicket | undefined;
  const userId = (data.user as { id?: unknown } | undefined)?.id;
  if (typeof ticket?.token !== 'string' || typeof userId !== 'string')
    throw new ProviderResponseError('LibreLinkUp login without user or authTicket');
  const expires = Number(ticket.expires);
  return {
    accessToken: ticket.token,
    // LibreLinkUp has no refresh token: a ticket lives about six months, then the person signs in again.
    refreshToken: null,
    expiresAt: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : null,
    scopes: [],
    externalUserId: userId,
    extra: { region, userId },
  };
}

/** Interprets a login-like answer: signed in, a second factor to enter, or a step we cannot do for the person. */
function loginResult(status: number, data: Record<string, unknown>, region: string | null): LoginResult {
  if (status === 0) return { state: 'success', tokens: tokensOf(data, region) };
  const step = data.step as
    { type?: unknown; props?: { method?: unknown; maskedRecipient?: unknown } } | undefined;
  const ticket = (data.authTicket as AuthTicket | undefined)?.token;
  if (step?.type === 'mfa' && typeof ticket === 'string') {
    const method = step.props?.method === 'sms' ? 'sms' : 'email';
    const hint = typeof step.props?.maskedRecipient === 'string' ? step.props.maskedRecipient : '';
    return { state: 'mfa', method, hint, pending: { ticket, region, method } };
  }
  // Terms to accept or a password to renew: only the person can do that, in the LibreLinkUp app.
  throw new ProviderAuthError(
    'provider_credential_error',
    'LibreLinkUp asks for a step only the app can complete',
  );
}

export async function lluLogin(
  ctx: ConnectorContext,
  input: { username: string; password: string; region?: string },
): Promise<LoginResult> {
  let region = input.region ?? null;
  // One redirect at most: the global server names the account's home region.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { status, data } = await lluCall(ctx, region, 'llu/auth/login', {
      method: 'POST',
      json: { email: input.username, password: input.password },
    });
    if (data === null || Array.isArray(data))
      throw new ProviderResponseError('LibreLinkUp login answered no data');
    if (status === 0 && data.redirect === true) {
      if (typeof data.region !== 'string')
        throw new ProviderResponseError('LibreLinkUp redirect without region');
      region = data.region;
      continue;
    }
    return loginResult(status, data, region);
  }
  throw new ProviderResponseError('LibreLinkUp redirected the login more than once');
}

export async function lluCompleteMfa(
  ctx: ConnectorContext,
  pending: Record<string, unknown>,
  code: string,
): Promise<LoginResult> {
  const region = typeof pending.region === 'string' ? pending.region : null;
  if (typeof pending.ticket !== 'string')
    throw new ProviderResponseError('no pending LibreLinkUp verification');
  const { status, data } = await lluCall(ctx, region, 'llu/auth/continue/mfa', {
    method: 'POST',
    json: { code: code.trim() },
    bearer: pending.ticket,
  });
  if (data === null || Array.isArray(data))
    throw new ProviderResponseError('LibreLinkUp verification answered no data');
  return loginResult(status, data, region);
}

export function sessionOf(tokens: ProviderTokens): LluSession {
  const userId = typeof tokens.extra?.userId === 'string' ? tokens.extra.userId : tokens.externalUserId;
  if (!userId) throw new ProviderAuthError('token_revoked', 'LibreLinkUp tokens without a user id');
  return {
    ticket: tokens.accessToken,
    userId,
    region: typeof tokens.extra?.region === 'string' ? tokens.extra.region : null,
  };
}

/** Patient ids of the connections (people this account follows). */
export async function lluPatientIds(ctx: ConnectorContext, session: LluSession): Promise<string[]> {
  const { data } = await lluCall(ctx, session.region, 'llu/connections', { session });
  if (!Array.isArray(data)) throw new ProviderResponseError('LibreLinkUp connections is not a list');
  return data
    .map((c) => (c as { patientId?: unknown } | null)?.patientId)
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

export async function lluGraph(
  ctx: ConnectorContext,
  session: LluSession,
  patientId: string,
): Promise<Record<string, unknown>> {
  const { data } = await lluCall(
    ctx,
    session.region,
    `llu/connections/${encodeURIComponent(patientId)}/graph`,
    { session },
  );
  if (data === null || Array.isArray(data))
    throw new ProviderResponseError('LibreLinkUp graph answered no data');
  return data;
}
