import {
  isLabSlug,
  isProviderSlug,
  isSourceType,
  isUuid,
  SOURCE_TYPES,
  type SourceType,
} from '@meridian/domain';
import { summaryId } from '../deterministic-id';
import type { IssueList } from './issue-list';

/** A validated source context. */
export interface NormalisedSource {
  provider: string;
  sourceType: SourceType;
  appId: string | null;
  deviceId: string | null;
  workoutId: string | null;
  sport: string | null;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isAbsent = (v: unknown): v is null | undefined => v === null || v === undefined;

/** A provider slug or lab slug, else an issue. */
export function checkProvider(value: unknown, loc: (string | number)[], issues: IssueList): string | null {
  if (typeof value !== 'string') {
    issues.add(
      loc,
      isAbsent(value) ? 'Field required' : 'Input should be a valid string',
      isAbsent(value) ? 'missing' : 'string_type',
      value,
    );
    return null;
  }
  if (!isProviderSlug(value) && !isLabSlug(value)) {
    issues.add(loc, `Unknown provider '${value}': expected a provider slug or a lab slug`, 'enum', value);
    return null;
  }
  return value;
}

function optionalString(
  raw: Record<string, unknown>,
  key: string,
  loc: (string | number)[],
  issues: IssueList,
) {
  const v = raw[key];
  if (isAbsent(v)) return null;
  if (typeof v === 'string') return v;
  issues.add([...loc, key], 'Input should be a valid string', 'string_type', v);
  return null;
}

function optionalUuid(
  raw: Record<string, unknown>,
  key: string,
  loc: (string | number)[],
  issues: IssueList,
) {
  const v = raw[key];
  if (isAbsent(v)) return null;
  if (isUuid(v)) return v;
  issues.add([...loc, key], 'Input should be a valid UUID', 'uuid_parsing', v);
  return null;
}

/** Validates a `SourceInput`; a `workout_provider_id` becomes the workout's Meridian id. */
export function checkSource(
  input: unknown,
  loc: (string | number)[],
  userId: string,
  issues: IssueList,
): NormalisedSource | null {
  if (!isRecord(input)) {
    issues.add(
      loc,
      isAbsent(input) ? 'Field required' : 'Input should be a valid dictionary',
      isAbsent(input) ? 'missing' : 'dict_type',
      input,
    );
    return null;
  }
  const before = issues.count;
  const provider = checkProvider(input.provider, [...loc, 'provider'], issues);
  let sourceType: SourceType = 'unknown';
  if (!isAbsent(input.type)) {
    if (typeof input.type === 'string' && isSourceType(input.type)) sourceType = input.type;
    else
      issues.add([...loc, 'type'], 'Input should be a known source type', 'enum', input.type, {
        expected: SOURCE_TYPES,
      });
  }
  const appId = optionalString(input, 'app_id', loc, issues);
  const deviceId = optionalUuid(input, 'device_id', loc, issues);
  const sport = optionalString(input, 'sport', loc, issues);
  let workoutId = optionalUuid(input, 'workout_id', loc, issues);
  const workoutProviderId = optionalString(input, 'workout_provider_id', loc, issues);
  if (workoutId === null && workoutProviderId !== null && provider !== null) {
    workoutId = summaryId(userId, 'workouts', provider, workoutProviderId);
  }
  if (issues.count > before || provider === null) return null;
  return { provider, sourceType, appId, deviceId, workoutId, sport };
}

/** Seconds east of UTC, within ±18 h. Returns undefined after recording an issue. */
export function checkTimezoneOffset(
  value: unknown,
  loc: (string | number)[],
  issues: IssueList,
): number | null | undefined {
  if (isAbsent(value)) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.add(loc, 'Input should be a valid integer (seconds east of UTC)', 'int_type', value);
    return undefined;
  }
  if (value < -64_800 || value > 64_800) {
    issues.add(
      loc,
      'The offset must be within ±18 hours (±64800 seconds)',
      value < 0 ? 'greater_than_equal' : 'less_than_equal',
      value,
      value < 0 ? { ge: -64_800 } : { le: 64_800 },
    );
    return undefined;
  }
  return value;
}
