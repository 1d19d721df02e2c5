import { createHmac } from 'node:crypto';
import type { ConnectorContext, OAuthSpec, ProviderTokens } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import {
  exchangeAuthorizationCode,
  refreshAccessToken,
  type TokenCallOptions,
  type TokenResponse,
} from '../../oauth';
import { readEnvelope, statusError, withingsCall } from './withings-envelope';

/**
 * Withings OAuth 2.0 (developer.withings.com/api-reference#operation/oauth2-authorize,
 * #operation/oauth2-getaccesstoken, #operation/oauth2-revoke, #operation/signaturev2-getnonce): the person
 * consents at account.withings.com `/oauth2_user/authorize2` (comma-separated scopes); the code is
 * exchanged at wbsapi `/v2/oauth2` with `action=requesttoken` and the client secret in the form; the
 * answer is wrapped in `{status, body}` and carries `userid`. Tokens live 3 h; each refresh returns a
 * new refresh token. Revocation is a signed call (HMAC-SHA256 of `action,client_id,nonce` keyed with the
 * client secret) after a `getnonce` call.
 */
export const WITHINGS_OAUTH: OAuthSpec = {
  type: 'oauth',
  authorizePath: '/oauth2_user/authorize2',
  // On the API host (wbsapi), not the consent host: the connector calls it through `ctx.api`.
  tokenPath: '/v2/oauth2',
  pkce: false,
  clientAuth: 'body',
  scopeSeparator: ',',
  baseScopes: ['user.info'],
  rotatesRefreshToken: true,
  tokenParams: { action: 'requesttoken' },
};

/** The token envelope: status 0 → the token body; a refusal becomes an auth error (the grant is dead). */
export function unwrapTokenEnvelope(raw: unknown): TokenResponse {
  const envelope = readEnvelope(raw);
  if (envelope.status === 0) {
    if (typeof envelope.body !== 'object' || envelope.body === null)
      throw new ProviderResponseError('Withings token answer without a body');
    return envelope.body as TokenResponse;
  }
  const err = statusError(envelope.status);
  if (err instanceof ProviderRateLimitError || err instanceof ProviderUnavailableError) throw err;
  throw new ProviderAuthError(
    'provider_credential_error',
    `Withings refused the token request (status ${envelope.status})`,
  );
}

const TOKEN_OPTIONS: TokenCallOptions = {
  unwrap: unwrapTokenEnvelope,
  externalUserId: (raw) =>
    typeof raw.userid === 'number' || (typeof raw.userid === 'string' && raw.userid !== '')
      ? String(raw.userid)
      : null,
};

/** The token endpoint is on the API host: the shared OAuth client is pointed there. */
const onApiHost = (ctx: ConnectorContext): ConnectorContext => ({ ...ctx, auth: ctx.api });

export function exchangeWithingsCode(
  ctx: ConnectorContext,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  return exchangeAuthorizationCode(
    onApiHost(ctx),
    WITHINGS_OAUTH,
    { code, redirectUri, codeVerifier: null },
    TOKEN_OPTIONS,
  );
}

export function refreshWithingsTokens(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
): Promise<ProviderTokens> {
  return refreshAccessToken(onApiHost(ctx), WITHINGS_OAUTH, tokens, TOKEN_OPTIONS);
}

/** Signature v2: hex HMAC-SHA256 of the values sorted by parameter name, joined by commas. */
export function withingsSignature(secret: string, values: string[]): string {
  return createHmac('sha256', secret).update(values.join(',')).digest('hex');
}

/** Best effort: an access that is already gone (auth refusal) counts as revoked. */
export async function revokeWithingsAccess(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void> {
  if (!tokens.externalUserId) return;
  const { clientId, clientSecret } = ctx.client;
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const nonceBody = await withingsCall(
    ctx.api,
    '/v2/signature',
    'getnonce',
    {
      client_id: clientId,
      timestamp,
      signature: withingsSignature(clientSecret, ['getnonce', clientId, String(timestamp)]),
    },
    null,
  );
  if (typeof nonceBody.nonce !== 'string')
    throw new ProviderResponseError('Withings getnonce answer without a nonce');
  const nonce = nonceBody.nonce;
  try {
    await withingsCall(
      ctx.api,
      '/v2/oauth2',
      'revoke',
      {
        client_id: clientId,
        nonce,
        signature: withingsSignature(clientSecret, ['revoke', clientId, nonce]),
        userid: tokens.externalUserId,
      },
      null,
    );
  } catch (err) {
    if (err instanceof ProviderAuthError) return;
    throw err;
  }
}
