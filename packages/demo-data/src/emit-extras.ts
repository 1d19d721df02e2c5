import { type DayContext, intervalSample, pointSample } from './day-context';
import { vo2MaxOn } from './emit-workouts';
import { clamp, rngFor, round } from './prng';
import { QUARTER_MS } from './world';
import { addDays, isoUtc, MINUTE_MS, weekday } from './zoned-time';

/** The weekly profile, VO2 max estimates, Apple Watch's stand and mindfulness data, spot SpO2, fingersticks. */
export function emitExtras(ctx: DayContext): void {
  emitProfile(ctx);
  emitVo2Max(ctx);
  emitStand(ctx);
  emitMindfulness(ctx);
  emitDaylight(ctx);
  emitSpotOxygen(ctx);
  emitFingersticks(ctx);
}

/** Re-sent every Monday at noon, as a provider's profile sync would. */
function emitProfile(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (weekday(plan.date) !== 1) return;
  const p = world.persona;
  const at = world.at(plan.date, 12 * 60);
  out.summary(
    'profile',
    {
      kind: 'profile',
      provider_id: 'profile',
      time_zone: world.timeZone,
      timestamp: isoUtc(at),
      fields: {
        height: out.provider === 'freestyle_libre' ? null : p.heightCm,
        birth_date: p.birthDate,
        wheelchair_use: false,
        gender: p.sex,
        sex: p.sex,
      },
    },
    at,
  );
}

function emitVo2Max(ctx: DayContext): void {
  const { out, plan, profile } = ctx;
  // Fitbit estimates daily, Oura weekly; HealthKit's come with outdoor walks and runs (emit-workouts).
  if (profile.slug === 'fitbit' || (profile.slug === 'oura' && weekday(plan.date) === 1)) {
    const t = plan.sleep.end + 60 * MINUTE_MS;
    out.sample(
      'vo2_max',
      intervalSample(ctx, t, t + MINUTE_MS, vo2MaxOn(ctx), { unit: 'mL/kg/min' }),
      t + MINUTE_MS,
    );
  }
}

/** Stand hours between 07:00 and 22:00 while awake: stood when the hour had some walking. */
function emitStand(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('stand_hour')) return;
  const rng = rngFor(world.seed, 'stand', plan.date);
  for (let h = 7; h < 22; h += 1) {
    const start = world.at(plan.date, h * 60);
    const end = world.at(plan.date, (h + 1) * 60);
    const stoodChance = rng.float();
    const minutes = rng.int(1, 12);
    if (end <= start || world.sleepAt(start) || world.sleepAt(end - MINUTE_MS) || !out.inRange(end)) continue;
    let steps = 0;
    for (let q = start; q < end; q += QUARTER_MS)
      steps += world.quarter(Math.floor(q / QUARTER_MS) * QUARTER_MS).steps;
    const stood = steps > 120 || stoodChance < 0.5;
    out.sample(
      'stand_hour',
      intervalSample(ctx, start, end, stood ? 1 : 0, { unit: 'count', type: stood ? 'stood' : 'idle' }),
      end,
    );
    if (stood) {
      const duration = clamp(Math.round(steps / 80) + minutes, 1, 45);
      out.sample('stand_duration', intervalSample(ctx, start, end, duration, { unit: 'min' }), end);
    }
  }
}

function emitMindfulness(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('mindfulness_minutes')) return;
  const rng = rngFor(world.seed, 'mindfulness', plan.date);
  if (!rng.chance(0.3)) return;
  const minutes = rng.int(5, 15);
  const start = Math.min(
    world.at(plan.date, rng.int(21 * 60, 21 * 60 + 40)),
    world.sleepSession(addDays(plan.date, 1)).start - (minutes + 10) * MINUTE_MS,
  );
  const end = start + minutes * MINUTE_MS;
  out.sample('mindfulness_minutes', intervalSample(ctx, start, end, minutes, { unit: 'min' }), end);
}

/** A walk outside after lunch on most days. */
function emitDaylight(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('daylight_exposure')) return;
  const rng = rngFor(world.seed, 'daylight', plan.date);
  const lunch = plan.meals.find((m) => m.key.endsWith('-lunch'));
  if (!lunch || !rng.chance(0.7)) return;
  const minutes = rng.int(10, 30);
  const start = lunch.at + 35 * MINUTE_MS;
  const end = start + minutes * MINUTE_MS;
  if (plan.workouts.some((w) => start < w.end && end > w.start)) return;
  out.sample('daylight_exposure', intervalSample(ctx, start, end, minutes, { unit: 'min' }), end);
}

/** Apple Watch takes background SpO2 readings during the day as well as at night. */
function emitSpotOxygen(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  if (profile.slug !== 'apple_health_kit') return;
  const rng = rngFor(world.seed, 'spot-spo2', plan.date);
  for (let i = 0; i < 2; i += 1) {
    const t = world.at(plan.date, rng.int(10 * 60, 20 * 60));
    const value = round(clamp(world.persona.spo2 + rng.normal(0, 0.7), 92, 100), 1);
    if (world.sleepAt(t) || world.workoutAt(t)) continue;
    out.sample('blood_oxygen', pointSample(ctx, t, value, { unit: '%' }), t);
  }
}

/** FreeStyle Libre users check with a finger stick before breakfast and sometimes before dinner. */
function emitFingersticks(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  if (profile.slug !== 'freestyle_libre') return;
  const rng = rngFor(world.seed, 'fingerstick', plan.date);
  const source = out.source('glucose', { type: 'fingerprick' });
  for (const [kind, chance] of [
    ['breakfast', 0.7],
    ['dinner', 0.4],
  ] as const) {
    const meal = plan.meals.find((m) => m.key.endsWith(`-${kind}`));
    const take = rng.chance(chance);
    const error = rng.normal(0, 0.25);
    if (!meal || !take) continue;
    const t = meal.at - 10 * MINUTE_MS;
    out.sample(
      'glucose',
      pointSample(ctx, t, round(clamp(world.glucoseAt(t) + error, 3, 15), 1), { unit: 'mmol/L' }),
      t,
      source,
    );
  }
}
