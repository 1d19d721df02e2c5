import type { Logger } from '@meridian/platform';
import type { SyncDeps } from '@meridian/sync';
import type { UnitOfWork } from '../unit-of-work';

/** The repositories the link use cases work through; each service narrows them further. */
export type LinkRepositories =
  'users' | 'teams' | 'outbox' | 'linkTokens' | 'linkConnections' | 'demoConnections' | 'teamLinkPreferences';

/** What the link use cases receive from the composition root. */
export interface LinkDeps {
  uow: UnitOfWork<LinkRepositories>;
  clock: () => Date;
  /** The sync engine's dependencies (secret box, provider settings, SSRF rules). */
  sync: SyncDeps;
  /** Where browsers and providers reach this API, without a trailing slash. */
  publicUrl: string;
  /** The hosted widget (`link_web_url` = `${linkWebUrl}?token=…`). */
  linkWebUrl: string;
  logger?: Logger;
}

export const LINK_TOKEN_TTL_MS = 3600_000;
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const LINK_CODE_DEFAULT_TTL_MS = 3600_000;
export const LINK_CODE_MAX_TTL_MS = 24 * 3600_000;

export const oauthCallbackUrl = (publicUrl: string) => `${publicUrl}/v2/link/oauth/callback`;

export function linkWebUrlFor(linkWebUrl: string, token: string): string {
  const url = new URL(linkWebUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The widget's return page after the provider's consent screen (link contract). */
export function widgetReturnUrl(
  linkWebUrl: string,
  outcome: { status: 'success' | 'error'; provider: string | null; errorType?: string },
): string {
  const url = new URL(linkWebUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/return`;
  url.search = '';
  url.searchParams.set('status', outcome.status);
  if (outcome.provider) url.searchParams.set('provider', outcome.provider);
  if (outcome.errorType) url.searchParams.set('error_type', outcome.errorType);
  return url.toString();
}
