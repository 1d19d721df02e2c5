import { connectorFor, type Connector } from '@meridian/connectors';
import { providerBySlug, type Resource } from '@meridian/domain';

/**
 * What the management API needs to know about a provider's authorization: whether teams bring an OAuth app
 * for it, whether it calls us with webhooks, which scopes exist and which resources it feeds. A provider with
 * a connector module answers from the connector; the others from the api-shapes §4.2 lists.
 */

/** api-shapes §4.2 "OAuth providers", for slugs that have no connector module (yet). */
export const SPEC_OAUTH_PROVIDERS: readonly string[] = [
  'oura',
  'fitbit',
  'garmin',
  'strava',
  'wahoo',
  'ihealth',
  'withings',
  'google_fit',
  'dexcom_v3',
  'polar',
  'cronometer',
  'omron',
  'whoop_v2',
  'my_fitness_pal_v2',
  'ultrahuman',
  'runkeeper',
  'google_health',
];
const specOAuth: ReadonlySet<string> = new Set(SPEC_OAUTH_PROVIDERS);

export function isOAuthProvider(slug: string): boolean {
  const connector = connectorFor(slug);
  return connector ? connector.auth.type === 'oauth' : specOAuth.has(slug);
}

/** True when the provider's connector receives webhooks (a URI to register at the provider). */
export function receivesWebhooks(slug: string): boolean {
  return Boolean(connectorFor(slug)?.webhook);
}

/** Every scope the connector may request: its base scopes, then each stream resource's scopes, once each. */
export function scopesKnownTo(connector: Pick<Connector, 'auth' | 'streams' | 'scopesFor'>): string[] {
  if (connector.auth.type !== 'oauth') return [];
  const scopes = new Set(connector.auth.baseScopes);
  for (const stream of connector.streams) {
    for (const resource of stream.resources) {
      for (const scope of connector.scopesFor(resource)) scopes.add(scope);
    }
  }
  return [...scopes];
}

/** The scopes a scope requirement may name for `slug`; none for a provider without a connector. */
export function knownScopes(slug: string): string[] {
  const connector = connectorFor(slug);
  return connector ? scopesKnownTo(connector) : [];
}

/** Resources the provider supports: the published catalogue's, plus any its connector's streams feed. */
export function supportedResources(slug: string): ReadonlySet<Resource> {
  const resources = new Set<Resource>(providerBySlug(slug)?.supportedResources ?? []);
  for (const stream of connectorFor(slug)?.streams ?? []) {
    for (const resource of stream.resources) resources.add(resource);
  }
  return resources;
}
