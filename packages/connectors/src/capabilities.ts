import type { Resource } from '@meridian/domain';
import type { Connector } from './connector';
import { CONNECTORS } from './registry';

/** The capability matrix served with the provider listing and rendered in the docs. */
export interface ConnectorCapabilities {
  slug: string;
  auth_type: 'oauth' | 'password' | 'email';
  pkce: boolean;
  mode: Connector['mode'];
  poll_minutes: number;
  rate_limit: { requests: number; window_seconds: number; scope: 'user' | 'app' };
  webhooks: boolean;
  resources: { resource: Resource; backfill_days: number; scopes: string[] }[];
}

export function capabilitiesOf(c: Connector): ConnectorCapabilities {
  const resources = new Map<Resource, { resource: Resource; backfill_days: number; scopes: string[] }>();
  for (const stream of c.streams) {
    for (const resource of stream.resources) {
      const prev = resources.get(resource);
      resources.set(resource, {
        resource,
        backfill_days: Math.max(prev?.backfill_days ?? 0, stream.backfillDays),
        scopes: c.scopesFor(resource),
      });
    }
  }
  return {
    slug: c.slug,
    auth_type: c.auth.type,
    pkce: c.auth.type === 'oauth' && c.auth.pkce,
    mode: c.mode,
    poll_minutes: c.pollMinutes,
    rate_limit: {
      requests: c.rateLimit.requests,
      window_seconds: c.rateLimit.windowSeconds,
      scope: c.rateLimit.scope,
    },
    webhooks: Boolean(c.webhook),
    resources: [...resources.values()],
  };
}

export function capabilityMatrix(): ConnectorCapabilities[] {
  return CONNECTORS.map(capabilitiesOf);
}
