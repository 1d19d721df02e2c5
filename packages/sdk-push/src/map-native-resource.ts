import { isIanaTimeZone, providerBySlug } from '@meridian/domain';
import type { MapEnv, ResourceMapper } from './common/env';
import { Issues, MAX_ISSUES } from './common/issues';
import { Output } from './common/output';
import { HEALTH_CONNECT_RESOURCES } from './health-connect/health-connect-resources';
import { HEALTHKIT_RESOURCES } from './healthkit/healthkit-resources';
import { SAMSUNG_HEALTH_RESOURCES } from './samsung-health/samsung-health-resources';
import {
  isMobileProvider,
  type MapContext,
  type MapResult,
  type MobileProvider,
  type NativeResourceEntry,
} from './types';

export { MAX_ISSUES };

/** Native records per resource entry read at most (the push endpoint's own batch limit is lower). */
export const MAX_RECORDS_PER_RESOURCE = 50_000;
/** Samples one entry may expand to (a Health Connect heart-rate record holds a series). */
export const MAX_SAMPLES_PER_RESOURCE = 500_000;

const MAPPERS: Readonly<Record<MobileProvider, ReadonlyMap<string, ResourceMapper>>> = {
  apple_health_kit: HEALTHKIT_RESOURCES,
  health_connect: HEALTH_CONNECT_RESOURCES,
  samsung_health: SAMSUNG_HEALTH_RESOURCES,
};

/** The Meridian resources a push of `provider` may carry, in catalogue order. */
export function supportedResources(provider: MobileProvider): string[] {
  const mappers = MAPPERS[provider];
  const catalogue = providerBySlug(provider)?.supportedResources ?? [];
  return catalogue.filter((r) => mappers.has(r));
}

/**
 * Maps one resource entry of a push batch (native records of `provider`) onto ingestion inputs. Every
 * problem is an issue whose `loc` names the record and field (`["body","resources",i,"records",j,...]`);
 * any issue refuses the entry whole (`ok: false`). Never throws on any JSON input.
 */
export function mapNativeResource(
  provider: MobileProvider,
  entry: NativeResourceEntry,
  ctx: MapContext,
): MapResult {
  const issues = new Issues();
  const base = ['body', 'resources', ctx.resourceIndex];
  if (!isMobileProvider(provider)) {
    issues.add(['path', 'provider'], `Unknown mobile provider '${String(provider)}'`, 'enum');
    return { ok: false, issues: issues.list };
  }
  const resource: unknown = entry?.resource;
  const mapper = typeof resource === 'string' ? MAPPERS[provider].get(resource) : undefined;
  if (!mapper) {
    const shown = typeof resource === 'string' ? `'${resource.slice(0, 64)}'` : 'this value';
    const expected = supportedResources(provider).join(', ');
    issues.add(
      [...base, 'resource'],
      `${provider} pushes do not take ${shown}; expected one of: ${expected}`,
      'enum',
    );
    return { ok: false, issues: issues.list };
  }
  const records: unknown = entry.records;
  if (!Array.isArray(records)) {
    issues.add([...base, 'records'], 'Input should be a valid list', 'list_type');
    return { ok: false, issues: issues.list };
  }
  if (records.length > MAX_RECORDS_PER_RESOURCE) {
    const msg = `List should have at most ${MAX_RECORDS_PER_RESOURCE} records`;
    issues.add([...base, 'records'], msg, 'too_long');
    return { ok: false, issues: issues.list };
  }
  // The caller validates the batch's zone (and reports it); an unusable zone here dates nothing.
  const zone = ctx.fallbackTimeZone;
  const fallbackTimeZone = typeof zone === 'string' && isIanaTimeZone(zone) ? zone : null;
  const out = new Output(MAX_SAMPLES_PER_RESOURCE);
  const env: MapEnv = {
    provider,
    resource: resource as string,
    ctx: { ...ctx, fallbackTimeZone },
    issues,
    out,
  };
  mapper(records, env);
  if (issues.count === 0 && out.overflow) {
    const msg = `The records expand to more than ${MAX_SAMPLES_PER_RESOURCE} samples; push fewer per batch`;
    issues.add([...base, 'records'], msg, 'too_long');
  }
  if (issues.count > 0) return { ok: false, issues: issues.list };
  return {
    ok: true,
    timeseries: out.timeseries,
    summaries: out.summaries,
    workoutStreams: out.workoutStreams,
    recordCount: records.length,
  };
}
