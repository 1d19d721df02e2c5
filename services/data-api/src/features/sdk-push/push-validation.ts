import { isIanaTimeZone, ValidationError, type ValidationIssue } from '@meridian/domain';
import {
  mapNativeResource,
  supportedResources,
  type MapResult,
  type MobileProvider,
} from '@meridian/sdk-push';
import type { PushRequest } from './push-batch';

/**
 * The whole batch is checked before anything is written (decision 0009): the phone's zone, each resource
 * once and pushable by the provider, and every native record through the mapper. One 422 names them all.
 */

export type Mapped = Extract<MapResult, { ok: true }>;

function toIssue(issue: { loc: (string | number)[]; msg: string; type: string }): ValidationIssue {
  return { loc: issue.loc.map(String), msg: issue.msg, type: issue.type, input: null, ctx: {} };
}

/** Every resource mapped, or one 422 naming every offending record of the batch. */
export function mapBatch(
  provider: MobileProvider,
  batch: PushRequest,
  ctx: { deviceId: string; fallbackTimeZone: string | null; perDeviceActivity: boolean },
): Mapped[] {
  const issues: ValidationIssue[] = [];
  if (batch.time_zone !== undefined && !isIanaTimeZone(batch.time_zone)) {
    issues.push({
      loc: ['body', 'time_zone'],
      msg: 'Input should be an IANA time zone',
      type: 'time_zone',
      input: batch.time_zone,
      ctx: {},
    });
  }
  const mapped: Mapped[] = [];
  const supported = new Set(supportedResources(provider));
  const seen = new Set<string>();
  batch.resources.forEach((entry, i) => {
    const loc = ['body', 'resources', String(i), 'resource'];
    if (!supported.has(entry.resource)) {
      issues.push({
        loc,
        msg: `${provider} cannot push ${entry.resource}`,
        type: 'enum',
        input: entry.resource,
        ctx: { expected: [...supported] },
      });
      return;
    }
    if (seen.has(entry.resource)) {
      issues.push({
        loc,
        msg: 'A resource may appear once per batch',
        type: 'duplicate',
        input: entry.resource,
        ctx: {},
      });
      return;
    }
    seen.add(entry.resource);
    const result = mapNativeResource(provider, entry, { resourceIndex: i, ...ctx });
    if (result.ok) mapped.push(result);
    else issues.push(...result.issues.map(toIssue));
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return mapped;
}
