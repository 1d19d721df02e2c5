import type { ProviderSlug, Resource } from '@meridian/domain';
import type { SummaryInput, TimeseriesInput, WorkoutStreamInput } from '@meridian/ingestion';
import type { ProviderHttp } from './http';

/**
 * The contract every provider connector module fulfils. A connector knows one provider's protocol
 * (authorization, token exchange, data endpoints, webhooks) and maps its payloads onto the one
 * ingestion path (`@meridian/ingestion` inputs). It does no storage and keeps no state: the sync engine
 * owns tokens, progress and retries, and hands the connector what it needs per call.
 */

/** How a person authorises Meridian at the provider. */
export type ConnectorAuth = OAuthSpec | PasswordSpec | EmailSpec;

export interface OAuthSpec {
  type: 'oauth';
  /** OAuth 2.0 authorization-code flow. Paths are relative to the provider's auth base URL. */
  authorizePath: string;
  tokenPath: string;
  /** Token revocation (RFC 7009 or the provider's own); absent when the provider has none. */
  revoke?: {
    path: string;
    /** How the token is sent: form field `token` (RFC 7009), or the provider's own shapes. */
    style: 'rfc7009' | 'bearer_delete' | 'bearer_post' | 'form_access_token';
  };
  /** PKCE with S256 (required by the provider, or recommended and supported). */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'basic' | 'body';
  /** Separator of the `scope` parameter (space per RFC 6749; some providers use commas). */
  scopeSeparator: ' ' | ',';
  /** Scopes always requested; resource scopes are added from `resources`. */
  baseScopes: string[];
  /** Extra query parameters of the authorize URL (e.g. `response_type` variants, `approval_prompt`). */
  authorizeParams?: Record<string, string>;
  /** Access tokens are refreshed when they expire within this many seconds (default 300). */
  refreshMarginSeconds?: number;
  /** The refresh token is rotated on every refresh (the old one then dies, after the provider's grace). */
  rotatesRefreshToken: boolean;
  /** Parameter name of the token endpoint's form for the provider's own needs (e.g. Withings `action`). */
  tokenParams?: Record<string, string>;
}

export interface PasswordSpec {
  type: 'password';
  /** The provider may ask for a second factor after the password. */
  mfa: boolean;
  regions?: string[];
}

export interface EmailSpec {
  type: 'email';
  regions?: string[];
}

/** Tokens as the connector hands them to the sync engine (which seals them at rest). */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Absolute expiry of the access token; null when the provider does not say. */
  expiresAt: Date | null;
  /** Scopes the person actually granted (from the token response or the provider's introspection). */
  scopes: string[];
  /** The provider's id of the account, when the token response carries it. */
  externalUserId: string | null;
  /** Provider-specific fields the connector needs later (e.g. Polar's registered member id). */
  extra?: Record<string, unknown>;
}

/** The OAuth client a connector is called with: the platform's or the team's own app. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Provider-specific settings (Fitbit subscriber verification code, Polar webhook secret, ...). */
  details?: Record<string, unknown>;
}

/** Everything a connector call may use. */
export interface ConnectorContext {
  /** HTTP client bound to the provider's API base URL (rate limits, error classification, SSRF rules). */
  api: ProviderHttp;
  /** HTTP client bound to the provider's OAuth base URL (often the same host). */
  auth: ProviderHttp;
  client: ClientCredentials;
  now(): Date;
}

/** One window of data to fetch for a stream, with the provider's own paging token when mid-window. */
export interface FetchRequest {
  tokens: ProviderTokens;
  /** Inclusive start, exclusive end. */
  start: Date;
  end: Date;
  /** The `nextPage` of the previous page in this window, or null for the first page. */
  pageToken: string | null;
  /** The user's fallback IANA time zone, for providers whose data carries none. */
  fallbackTimeZone: string | null;
}

/** One page of mapped data, ready for `ingestion.ingest` (the engine adds userId and mode). */
export interface FetchPage {
  timeseries: TimeseriesInput[];
  summaries: SummaryInput[];
  workoutStreams: WorkoutStreamInput[];
  /** Opaque token for the next page of the same window, or null when the window is complete. */
  nextPage: string | null;
}

/**
 * A stream is one group of provider endpoints fetched together (e.g. Oura `daily_sleep` + `sleep`), which
 * feeds one or more Meridian resources. Progress, backfill and retries are kept per stream.
 */
export interface StreamSpec {
  name: string;
  resources: Resource[];
  /** Scopes this stream needs (any of them granted is enough when `anyScope`). */
  scopes: string[];
  /** How far back the historical pull goes (the provider's documented window). */
  backfillDays: number;
  /** The largest window one fetch may ask for (provider limit, e.g. Fitbit intraday 1 day). */
  maxWindowDays: number;
  fetch(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage>;
}

/** What an inbound provider webhook told us. */
export interface WebhookNotification {
  /** The provider's account id; the engine finds the connections with it. */
  externalUserId: string;
  /** Streams with new data, and the window to fetch (null = since the last sync). */
  streams: string[];
  start?: Date | null;
  end?: Date | null;
  /** Data delivered inline (Garmin push); ingested as is, no fetch needed. */
  inline?: Omit<FetchPage, 'nextPage'>;
  /** The person revoked access at the provider (Garmin deregistration, Fitbit/Oura revoke notices). */
  deregistered?: boolean;
  /** A ping with a callback URL to fetch (Garmin ping mode); fetched with the connection's token. */
  callbackUrl?: string;
}

/** An inbound webhook request as the data API received it (raw body kept for signatures). */
export interface InboundWebhook {
  method: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
  /** The absolute URL the provider called (some signatures cover it). */
  url: string;
  /**
   * The provider's configured API base URL (settings), for notifications that carry URLs to fetch (Garmin
   * ping callbacks must be on its origin). Absent: the connector's production `defaultUrls.api`.
   */
  apiBaseUrl?: string;
}

export type WebhookResult =
  | { kind: 'challenge'; status: number; body: unknown; contentType?: string }
  | { kind: 'notifications'; notifications: WebhookNotification[]; status?: number; body?: unknown }
  | { kind: 'rejected'; status: number; reason: string };

export interface WebhookSpec {
  /** Verification handshakes, signature checks and parsing. Must reject a bad signature. */
  handle(req: InboundWebhook, client: ClientCredentials): WebhookResult | Promise<WebhookResult>;
  /** Creates the provider-side subscription after a connection (Fitbit, Withings notify/subscribe). */
  subscribe?(ctx: ConnectorContext, tokens: ProviderTokens, webhookUrl: string): Promise<void>;
  /** Ingests the data a ping's callback URL returns (Garmin ping mode). */
  fetchCallback?(ctx: ConnectorContext, tokens: ProviderTokens, callbackUrl: string): Promise<FetchPage>;
}

export interface RateLimitSpec {
  /** Requests allowed per window, per user token (or per app when `scope` is 'app'). */
  requests: number;
  windowSeconds: number;
  scope: 'user' | 'app';
}

export interface Connector {
  slug: ProviderSlug;
  auth: ConnectorAuth;
  /** The provider's real base URLs (production); settings override them (emulators, proxies). */
  defaultUrls: { api: string; auth: string };
  /** `pull`: we poll. `push`: the provider sends data (Garmin). `push_and_pull`: webhooks tell us when to pull. */
  mode: 'pull' | 'push' | 'push_and_pull';
  /** Incremental pull interval when no webhook arrives (minutes). */
  pollMinutes: number;
  rateLimit: RateLimitSpec;
  streams: StreamSpec[];
  /** Scopes by resource, for `scope_requirements` and `resource_availability`. */
  scopesFor(resource: Resource): string[];
  /** Code → tokens (OAuth). Implemented by the shared OAuth client unless the provider is unusual. */
  exchangeCode?(
    ctx: ConnectorContext,
    code: string,
    redirectUri: string,
    codeVerifier: string | null,
  ): Promise<ProviderTokens>;
  refresh?(ctx: ConnectorContext, tokens: ProviderTokens): Promise<ProviderTokens>;
  revoke?(ctx: ConnectorContext, tokens: ProviderTokens): Promise<void>;
  /** Password providers: log in (may answer that a second factor is needed). */
  login?(
    ctx: ConnectorContext,
    input: { username: string; password: string; region?: string },
  ): Promise<LoginResult>;
  completeMfa?(ctx: ConnectorContext, pending: Record<string, unknown>, code: string): Promise<LoginResult>;
  /**
   * E-mail providers: invites the person (LibreView's practice invitation); the connection becomes active
   * once they accept. Idempotent: asking again answers the current state. `tokens` comes with an accepted
   * invitation when the sync engine needs something to hand back to `fetch`.
   */
  invite?(
    ctx: ConnectorContext,
    input: { email: string; region?: string },
  ): Promise<{ externalUserId: string | null; pending: boolean; tokens?: ProviderTokens | null }>;
  /** The account id and anything else needed right after authorization (profile call). */
  identify?(
    ctx: ConnectorContext,
    tokens: ProviderTokens,
  ): Promise<{ externalUserId: string; extra?: Record<string, unknown> }>;
  /** Registration the provider requires before data flows (Polar `POST /v3/users`). */
  register?(ctx: ConnectorContext, tokens: ProviderTokens): Promise<Record<string, unknown> | void>;
  webhook?: WebhookSpec;
}

export type LoginResult =
  | { state: 'success'; tokens: ProviderTokens }
  | { state: 'mfa'; method: 'sms' | 'email'; hint: string; pending: Record<string, unknown> };
