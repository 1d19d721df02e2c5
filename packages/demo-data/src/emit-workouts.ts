import type { SourceInput, WorkoutStreamInput } from '@meridian/ingestion';
import { type DayContext, intervalSample } from './day-context';
import { clamp, gaussianAt, rngFor, round } from './prng';
import type { WorkoutPlan } from './world';
import { isoUtc, localMinuteOfDay, MINUTE_MS } from './zoned-time';

/** Workout summaries with heart-rate zones, their streams (GPS for outdoor sports) and linked series. */
export function emitWorkouts(ctx: DayContext): void {
  for (const w of ctx.plan.workouts) {
    if (!ctx.out.touches(w.start, w.end + 2 * MINUTE_MS)) continue;
    const hr = minuteHeartRates(ctx, w);
    emitWorkoutSummary(ctx, w, hr);
    emitWorkoutStream(ctx, w, hr);
    emitLinkedSeries(ctx, w, hr);
  }
}

export function workoutProviderId(w: WorkoutPlan): string {
  return `workout-${w.key}`;
}

function minuteHeartRates(ctx: DayContext, w: WorkoutPlan): number[] {
  const out: number[] = [];
  for (let t = w.start; t < w.end; t += MINUTE_MS) out.push(ctx.world.heartRateAt(t));
  return out;
}

function distanceOf(w: WorkoutPlan): number {
  return w.speed * ((w.end - w.start) / 1000) * (w.sport.outdoor ? 0.97 : 1);
}

/** Seconds in six zones of % max heart rate: <50, 50-60, 60-70, 70-80, 80-90, ≥90. */
function hrZones(hr: readonly number[], maxHr: number): number[] {
  const zones = [0, 0, 0, 0, 0, 0];
  for (const v of hr) {
    const i = clamp(Math.floor(((v / maxHr) * 100 - 40) / 10), 0, 5);
    zones[i] = (zones[i] ?? 0) + 60;
  }
  return zones;
}

function titleOf(ctx: DayContext, w: WorkoutPlan): string {
  const minute = localMinuteOfDay(w.start, ctx.world.timeZone);
  const part = minute < 12 * 60 ? 'Morning' : minute < 17 * 60 ? 'Afternoon' : 'Evening';
  return `${part} ${w.sport.name}`;
}

function emitWorkoutSummary(ctx: DayContext, w: WorkoutPlan, hr: readonly number[]): void {
  const { world } = ctx;
  const p = world.persona;
  const rng = rngFor(world.seed, 'workout-summary', w.key);
  const weight = world.weightOn(ctx.plan.date);
  const seconds = (w.end - w.start) / 1000;
  const distance = distanceOf(w);
  const moving = w.sport.speed[1] > 0 ? Math.round(seconds * (w.sport.outdoor ? 0.97 : 0.9)) : seconds;
  const gain = w.sport.outdoor ? Math.round(rng.uniform(10, 140)) : null;
  const watts = w.sport.slug === 'cycling' ? Math.round(weight * 2.3 * (w.intensity / 0.7)) : null;
  ctx.out.summary(
    'workouts',
    {
      kind: 'workouts',
      provider_id: workoutProviderId(w),
      time_zone: world.timeZone,
      fields: {
        title: titleOf(ctx, w),
        time_start: isoUtc(w.start),
        time_end: isoUtc(w.end),
        sport: { id: w.sport.id, name: w.sport.name, slug: w.sport.slug },
        average_hr: Math.round(hr.reduce((a, b) => a + b, 0) / Math.max(1, hr.length)),
        max_hr: Math.max(...hr),
        hr_zones: hrZones(hr, p.maxHr),
        calories: Math.round((w.sport.met * weight * seconds) / 3600),
        distance: distance > 0 ? Math.round(distance) : null,
        moving_time: moving,
        average_speed: distance > 0 ? round(distance / moving, 2) : null,
        max_speed: distance > 0 ? round((distance / moving) * rng.uniform(1.2, 1.45), 2) : null,
        total_elevation_gain: gain,
        elev_low: gain === null ? null : round(p.home.altitude - rng.uniform(0, 8), 1),
        elev_high: gain === null ? null : round(p.home.altitude + gain * 0.6, 1),
        average_watts: watts,
        max_watts: watts === null ? null : Math.round(watts * rng.uniform(2, 2.8)),
        weighted_average_watts: watts === null ? null : Math.round(watts * 1.06),
        steps: w.sport.countsSteps ? Math.round(w.sport.cadence * (seconds / 60)) : null,
      },
    },
    w.end,
  );
}

/** 10-second samples; outdoor sports get a loop route that starts and ends at home. */
function emitWorkoutStream(ctx: DayContext, w: WorkoutPlan, hr: readonly number[]): void {
  const { world } = ctx;
  const home = world.persona.home;
  const seconds = (w.end - w.start) / 1000;
  const total = distanceOf(w);
  const radius = total / (2 * Math.PI);
  const time: number[] = [];
  const heartrate: number[] = [];
  const distance: number[] = [];
  const velocity: number[] = [];
  const cadence: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const altitude: number[] = [];
  for (let s = 0; s < seconds; s += 10) {
    time.push(s);
    heartrate.push(hr[Math.min(hr.length - 1, Math.floor(s / 60))] ?? world.persona.restingHr);
    if (w.sport.speed[1] === 0) continue;
    const wobble = 1 + 0.06 * gaussianAt(world.seed, `stream-${w.key}`, s);
    const d = Math.min(total, (total * s) / seconds);
    distance.push(round(d, 1));
    velocity.push(round(w.speed * wobble, 2));
    if (w.sport.cadence > 0) cadence.push(Math.round(w.sport.cadence * wobble));
    if (!w.sport.outdoor) continue;
    const theta = (2 * Math.PI * d) / Math.max(1, total);
    lat.push(round(home.lat + (radius / 111_320) * Math.sin(theta), 6));
    lng.push(
      round(
        home.lng + (radius / (111_320 * Math.cos((home.lat * Math.PI) / 180))) * (1 - Math.cos(theta)),
        6,
      ),
    );
    altitude.push(round(home.altitude + 8 * Math.sin(3 * theta), 1));
  }
  const stream: WorkoutStreamInput['stream'] = { time, heartrate };
  if (distance.length) Object.assign(stream, { distance, velocity_smooth: velocity });
  if (cadence.length) stream.cadence = cadence;
  if (lat.length) Object.assign(stream, { lat, lng, altitude });
  ctx.out.stream({ workout_provider_id: workoutProviderId(w), provider: ctx.out.provider, stream }, w.end);
}

/** Apple HealthKit's workout-linked samples, recovery heart rate, outdoor daylight and VO2 max. */
function emitLinkedSeries(ctx: DayContext, w: WorkoutPlan, hr: readonly number[]): void {
  const { world, out } = ctx;
  const linked = (resource: string): SourceInput =>
    out.source(resource, { workout_provider_id: workoutProviderId(w), sport: w.sport.slug });
  const minutes = (w.end - w.start) / MINUTE_MS;
  const intensity = w.intensity < 0.45 ? 'low' : w.intensity < 0.7 ? 'medium' : 'high';
  out.sample(
    'workout_duration',
    intervalSample(ctx, w.start, w.end, minutes, { unit: 'min', intensity }),
    w.end,
    linked('workout_duration'),
  );
  const distance = distanceOf(w);
  if (distance > 0) {
    out.sample(
      'workout_distance',
      intervalSample(ctx, w.start, w.end, Math.round(distance), { unit: 'm' }),
      w.end,
      linked('workout_distance'),
    );
  }
  const last = hr.at(-1) ?? world.persona.restingHr;
  const recovered = world.heartRateAt(w.end + MINUTE_MS);
  const recovery = clamp(last - recovered, 5, 60);
  out.sample(
    'heart_rate_recovery_one_minute',
    intervalSample(ctx, w.end, w.end + MINUTE_MS, recovery, { unit: 'count' }),
    w.end + MINUTE_MS,
  );
  if (w.sport.outdoor) {
    out.sample('daylight_exposure', intervalSample(ctx, w.start, w.end, minutes, { unit: 'min' }), w.end);
  }
  if (ctx.profile.slug === 'apple_health_kit' && (w.sport.slug === 'running' || w.sport.slug === 'walking')) {
    out.sample('vo2_max', intervalSample(ctx, w.start, w.end, vo2MaxOn(ctx), { unit: 'mL/kg/min' }), w.end);
  }
}

export function vo2MaxOn(ctx: DayContext): number {
  const { world, plan } = ctx;
  const d = Math.floor(plan.start / 86_400_000);
  return round(world.persona.vo2Max + 0.8 * Math.sin(d / 40) + 0.3 * gaussianAt(world.seed, 'vo2', d), 1);
}
