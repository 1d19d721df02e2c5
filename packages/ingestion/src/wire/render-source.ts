import { providerBySlug, type SourceType } from '@meridian/domain';

/** The stored columns of a source context (decoded samples, see the `timeseries_samples` view, and summaries share them). */
export interface SourceRow {
  provider: string;
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  sport?: string | null;
  workout_id?: string | null;
}

/** `Source` of api-shapes §4.3 (name, slug, logo are the deprecated provider fields, still filled). */
export interface WireSource {
  provider: string;
  type: SourceType;
  app_id: string | null;
  name: string;
  slug: string;
  logo: string;
  device_id: string | null;
  sport: string | null;
  workout_id: string | null;
}

export function renderSource(row: SourceRow): WireSource {
  const info = providerBySlug(row.provider);
  return {
    provider: row.provider,
    type: (row.source_type || 'unknown') as SourceType,
    app_id: row.app_id,
    // Lab slugs are not in the provider catalog: the slug stands in for the name, without a logo.
    name: info?.name ?? row.provider,
    slug: row.provider,
    logo: info?.logo ?? '',
    device_id: row.device_id,
    sport: row.sport ?? null,
    workout_id: row.workout_id ?? null,
  };
}
