import type { ProviderTokens } from '@meridian/connectors';
import type { SecretBox } from '@meridian/platform';

/**
 * Provider tokens at rest: `provider_connections.credentials_sealed` holds the secret box's sealing of this
 * JSON. Nothing here is ever logged.
 */
interface StoredTokens {
  access_token: string;
  refresh_token: string | null;
  token_type: 'Bearer';
  expires_at: string | null;
  scopes: string[];
  external_user_id: string | null;
  extra: Record<string, unknown>;
}

export function sealTokens(box: SecretBox, tokens: ProviderTokens): string {
  const stored: StoredTokens = {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_at: tokens.expiresAt ? tokens.expiresAt.toISOString() : null,
    scopes: tokens.scopes,
    external_user_id: tokens.externalUserId,
    extra: tokens.extra ?? {},
  };
  return box.seal(JSON.stringify(stored));
}

export function openTokens(box: SecretBox, sealed: string): ProviderTokens {
  const stored = JSON.parse(box.open(sealed)) as StoredTokens;
  return {
    accessToken: stored.access_token,
    refreshToken: stored.refresh_token,
    expiresAt: stored.expires_at ? new Date(stored.expires_at) : null,
    scopes: stored.scopes ?? [],
    externalUserId: stored.external_user_id,
    extra: stored.extra ?? {},
  };
}

/** The refresh token alone (kept through a rotation's grace window). */
export const sealRefreshToken = (box: SecretBox, token: string): string => box.seal(token);
export const openRefreshToken = (box: SecretBox, sealed: string): string => box.open(sealed);
