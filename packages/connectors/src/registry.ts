import type { ProviderSlug } from '@meridian/domain';
import type { TargetAllowList } from '@meridian/platform';
import type { ClientCredentials, Connector, ConnectorContext } from './connector';
import { createProviderHttp, type ProviderHttp } from './http';
import { dexcomConnector } from './providers/dexcom';
import { fitbitConnector } from './providers/fitbit';
import { garminConnector } from './providers/garmin';
import { freestyleLibreConnector, libreViewConnector } from './providers/libreview';
import { ouraConnector } from './providers/oura';
import { polarConnector } from './providers/polar';
import { stravaConnector } from './providers/strava';
import { whoopConnector } from './providers/whoop';
import { withingsConnector } from './providers/withings';

/** Every real provider connector, by slug. */
export const CONNECTORS: readonly Connector[] = [
  ouraConnector,
  fitbitConnector,
  withingsConnector,
  whoopConnector,
  polarConnector,
  garminConnector,
  dexcomConnector,
  stravaConnector,
  libreViewConnector,
  freestyleLibreConnector,
];

const bySlug = new Map<string, Connector>(CONNECTORS.map((c) => [c.slug, c]));

export function connectorFor(slug: string): Connector | undefined {
  return bySlug.get(slug);
}

/** Where one provider is reached and with which app (platform credentials). */
export interface ProviderSettings {
  slug: ProviderSlug;
  apiUrl: string;
  authUrl: string;
  /** The platform's OAuth app; null when not configured (then only teams' custom credentials work). */
  client: ClientCredentials | null;
  /** True when these URLs point at a local emulator (pnpm start / tests). */
  emulated: boolean;
}

const envName = (slug: string, what: string) => `PROVIDER_${slug.toUpperCase()}_${what}`;

/**
 * Provider settings from the environment: `PROVIDER_<SLUG>_API_URL`, `_AUTH_URL`, `_CLIENT_ID`,
 * `_CLIENT_SECRET` (and `_DETAILS` as JSON). Unset URLs fall back to the provider's real ones.
 */
export function providerSettingsFromEnv(env: NodeJS.ProcessEnv): Map<string, ProviderSettings> {
  const settings = new Map<string, ProviderSettings>();
  for (const c of CONNECTORS) {
    const clientId = env[envName(c.slug, 'CLIENT_ID')];
    const clientSecret = env[envName(c.slug, 'CLIENT_SECRET')];
    const detailsText = env[envName(c.slug, 'DETAILS')];
    settings.set(c.slug, {
      slug: c.slug,
      apiUrl: env[envName(c.slug, 'API_URL')] || c.defaultUrls.api,
      authUrl: env[envName(c.slug, 'AUTH_URL')] || c.defaultUrls.auth,
      client:
        clientId && clientSecret
          ? {
              clientId,
              clientSecret,
              details: detailsText ? (JSON.parse(detailsText) as Record<string, unknown>) : undefined,
            }
          : null,
      emulated: env.PROVIDER_EMULATORS === 'true',
    });
  }
  return settings;
}

export interface ContextOptions {
  settings: Pick<ProviderSettings, 'apiUrl' | 'authUrl'>;
  client: ClientCredentials;
  /** SSRF rules; null for local emulators and tests. */
  allowList: TargetAllowList | null;
  now?: () => Date;
  timeoutMs?: number;
}

const httpCache = new Map<string, ProviderHttp>();

function httpFor(baseUrl: string, allowList: TargetAllowList | null, timeoutMs?: number): ProviderHttp {
  // The SSRF-checked client resolves per request; the cache only saves building the unchecked one.
  if (allowList) return createProviderHttp({ baseUrl, allowList, timeoutMs });
  const key = `${baseUrl}|${timeoutMs ?? ''}`;
  let client = httpCache.get(key);
  if (!client) {
    client = createProviderHttp({ baseUrl, allowList: null, timeoutMs });
    httpCache.set(key, client);
  }
  return client;
}

export function createConnectorContext(options: ContextOptions): ConnectorContext {
  return {
    api: httpFor(options.settings.apiUrl, options.allowList, options.timeoutMs),
    auth: httpFor(options.settings.authUrl, options.allowList, options.timeoutMs),
    client: options.client,
    now: options.now ?? (() => new Date()),
  };
}
