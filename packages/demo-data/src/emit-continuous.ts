import { type DayContext, intervalSample, pointSample } from './day-context';
import { clamp, noiseAt, round, smoothNoiseAt } from './prng';
import { QUARTER_MS } from './world';
import { HOUR_MS, MINUTE_MS } from './zoned-time';

/**
 * Series sampled through the whole local day window: heart rate, step buckets with their distance and
 * active calories, hourly basal calories and floors, Oura's daytime stress and the CGM's glucose.
 */
export function emitContinuous(ctx: DayContext): void {
  const { plan, out } = ctx;
  if (!out.touches(plan.start, plan.end + HOUR_MS)) return;
  emitHeartRate(ctx);
  emitQuarters(ctx);
  emitHourly(ctx);
  if (ctx.profile.slug === 'oura') emitStress(ctx);
  if (ctx.profile.slug === 'freestyle_libre') emitGlucose(ctx);
}

function emitHeartRate(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  if (!out.supports('heartrate')) return;
  const every = profile.heartRateEveryMinutes * MINUTE_MS;
  for (let t = plan.start; t < plan.end; t += MINUTE_MS) {
    if (t % every !== 0 && !world.workoutAt(t)) continue;
    if (!out.inRange(t)) continue;
    out.sample('heartrate', pointSample(ctx, t, world.heartRateAt(t), { unit: 'bpm' }), t);
  }
}

function emitQuarters(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  const weight = world.weightOn(plan.date);
  for (let q = Math.ceil(plan.start / QUARTER_MS) * QUARTER_MS; q < plan.end; q += QUARTER_MS) {
    const end = q + QUARTER_MS;
    if (!out.inRange(end)) continue;
    const a = world.quarter(q);
    const workoutMoves = a.workout?.sport.countsSteps === true;
    const steps = a.steps + a.workoutSteps;
    const distance = round(
      a.steps * world.strideM + (workoutMoves && a.workout ? a.workout.speed * a.workoutMinutes * 60 : 0),
      1,
    );
    const workoutKcal = a.workout ? ((a.workout.sport.met - 1) * weight * a.workoutMinutes) / 60 : 0;
    const active = round(a.steps * 0.045 * (weight / 70) + workoutKcal, 1);
    if (steps > 0) out.sample('steps', intervalSample(ctx, q, end, steps, { unit: 'count' }), end);
    if (distance > 0) out.sample('distance', intervalSample(ctx, q, end, distance, { unit: 'm' }), end);
    if (active > 0) out.sample('calories_active', intervalSample(ctx, q, end, active, { unit: 'kcal' }), end);
    if (profile.phoneCountsSteps && a.steps > 0) {
      // The phone stays behind during workouts and misses part of the day.
      const phoneSteps = Math.round(a.steps * (0.55 + 0.4 * noiseAt(world.seed, 'phone', q)));
      if (phoneSteps > 0) {
        const phone = out.source('steps', { type: 'phone' });
        out.sample('steps', intervalSample(ctx, q, end, phoneSteps, { unit: 'count' }), end, phone);
        const phoneDistance = round(phoneSteps * world.strideM, 1);
        const phoneSource = out.source('distance', { type: 'phone' });
        if (phoneDistance > 0) {
          out.sample('distance', intervalSample(ctx, q, end, phoneDistance, { unit: 'm' }), end, phoneSource);
        }
      }
    }
  }
}

/** Basal calories (Mifflin-St Jeor) and floors, reported at the end of each hour. */
function emitHourly(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  const p = world.persona;
  const weight = world.weightOn(plan.date);
  const bmr = 10 * weight + 6.25 * p.heightCm - 5 * p.age + (p.sex === 'male' ? 5 : -161);
  for (let h = Math.ceil(plan.start / HOUR_MS) * HOUR_MS; h < plan.end; h += HOUR_MS) {
    const end = h + HOUR_MS;
    if (!out.inRange(end)) continue;
    const basal = (bmr / 24) * (0.98 + 0.04 * noiseAt(world.seed, 'basal', h));
    out.sample('calories_basal', pointSample(ctx, end, round(basal, 1), { unit: 'kcal' }), end);
    let steps = 0;
    for (let q = h; q < end; q += QUARTER_MS) steps += world.quarter(q).steps;
    const floors = Math.floor((steps / 700) * (0.4 + 1.2 * noiseAt(world.seed, 'floors', h)));
    if (floors > 0) out.sample('floors_climbed', pointSample(ctx, end, floors, { unit: 'count' }), end);
  }
}

/** Oura's daytime stress: high heart rate for the activity level reads as stress. */
function emitStress(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  const step = 30 * MINUTE_MS;
  for (let t = Math.ceil(plan.start / step) * step; t < plan.end; t += step) {
    if (!out.inRange(t) || world.sleepAt(t) || world.workoutAt(t) || world.recentWorkout(t, HOUR_MS))
      continue;
    const hr = world.heartRateAt(t);
    const movement = world.quarter(Math.floor(t / QUARTER_MS) * QUARTER_MS).steps / 15;
    const stress =
      30 +
      (hr - world.persona.restingHr - 12 - movement * 0.45) * 2.5 +
      18 * smoothNoiseAt(world.seed, 'stress', t / MINUTE_MS, 180);
    out.sample('stress_level', pointSample(ctx, t, Math.round(clamp(stress, 1, 99)), { unit: '%' }), t);
  }
}

/** CGM readings every 5 minutes, in the provider's unit. */
function emitGlucose(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  const step = 5 * MINUTE_MS;
  for (let t = Math.ceil(plan.start / step) * step; t < plan.end; t += step) {
    if (!out.inRange(t)) continue;
    const mmol = world.glucoseAt(t);
    const value = profile.glucoseUnit === 'mg/dL' ? Math.round(mmol * 18.016) : round(mmol, 1);
    out.sample('glucose', pointSample(ctx, t, value, { unit: profile.glucoseUnit }), t);
  }
}
