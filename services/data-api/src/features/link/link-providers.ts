import { CONNECTORS, connectorFor, type Connector } from '@meridian/connectors';
import {
  PROVIDER_SLUGS,
  providerBySlug,
  toProviderDetailed,
  type ProviderDetailed,
  type SourceKind,
} from '@meridian/domain';

/**
 * The providers a person can link through the widget: the real connectors of `@meridian/connectors`
 * (OAuth, password and e-mail). Demo providers connect with `POST /v2/link/connect/demo` and manual ones
 * with `POST /v2/link/provider/manual/{provider}` (team API key), so they are not listed here.
 */

export interface LinkSource {
  id: number;
  name: string;
  slug: string;
  description: string;
  logo: string;
  group: string | null;
  oauth_url: string | null;
  auth_type: Connector['auth']['type'];
  source_type: SourceKind | null;
  is_active: boolean;
  backfill_num_days: number | null;
}

export function linkableConnector(slug: string): Connector | undefined {
  return connectorFor(slug);
}

/** In catalog order, limited to `filter` when the link token carries one. */
export function linkableConnectors(filter: readonly string[] | null = null): Connector[] {
  const order = new Map<string, number>(PROVIDER_SLUGS.map((s, i) => [s, i]));
  return CONNECTORS.filter((c) => filter === null || filter.includes(c.slug)).sort(
    (a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0),
  );
}

function catalogEntry(c: Connector) {
  const info = providerBySlug(c.slug);
  if (!info) throw new Error(`${c.slug} has a connector but is not in the provider catalog`);
  return info;
}

/** The catalog entry, with the auth type the connector really uses. */
export function toLinkProviderDetailed(c: Connector): ProviderDetailed {
  return { ...toProviderDetailed(catalogEntry(c)), auth_type: c.auth.type };
}

/** `LinkSource` (api-shapes §4.6); `id` is the provider's 1-based position in the ProviderSlug enum. */
export function toLinkSource(c: Connector, oauthUrl: string | null = null): LinkSource {
  const info = catalogEntry(c);
  const backfill = c.streams.reduce((max, s) => Math.max(max, s.backfillDays), 0);
  return {
    id: PROVIDER_SLUGS.indexOf(c.slug) + 1,
    name: info.name,
    slug: info.slug,
    description: info.description,
    logo: info.logo,
    group: null,
    oauth_url: oauthUrl,
    auth_type: c.auth.type,
    source_type: info.sourceKind,
    is_active: true,
    backfill_num_days: c.streams.length > 0 ? backfill : null,
  };
}
