import type { SampleInput } from '@meridian/ingestion';
import type { DemoProviderProfile } from './demo-providers';
import type { DemoEmitter } from './emitter';
import type { DayPlan, DemoWorld } from './world';
import { isoUtc, offsetSeconds } from './zoned-time';

/** Everything one day's emitters need. */
export interface DayContext {
  world: DemoWorld;
  out: DemoEmitter;
  profile: DemoProviderProfile;
  plan: DayPlan;
}

export function pointSample(
  ctx: DayContext,
  t: number,
  value: number,
  extra: Partial<SampleInput> = {},
): SampleInput {
  return { timestamp: isoUtc(t), timezone_offset: offsetSeconds(t, ctx.world.timeZone), value, ...extra };
}

export function intervalSample(
  ctx: DayContext,
  start: number,
  end: number,
  value: number,
  extra: Partial<SampleInput> = {},
): SampleInput {
  return {
    timestamp: isoUtc(start),
    end: isoUtc(end),
    timezone_offset: offsetSeconds(start, ctx.world.timeZone),
    value,
    ...extra,
  };
}

export function bloodPressureSample(
  ctx: DayContext,
  t: number,
  systolic: number,
  diastolic: number,
): SampleInput {
  return {
    timestamp: isoUtc(t),
    timezone_offset: offsetSeconds(t, ctx.world.timeZone),
    unit: 'mmHg',
    systolic,
    diastolic,
  };
}
