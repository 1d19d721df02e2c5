import { type DayContext, intervalSample, pointSample } from './day-context';
import { clamp, gaussianAt, rngFor, round } from './prng';
import { STAGE, type SleepSession } from './world';
import { isoUtc, MINUTE_MS } from './zoned-time';

/**
 * The night that ends on the plan's date: the sleep summary (stage durations, heart rate, HRV,
 * breathing, temperature), its sleep cycle, the hypnogram and the nightly vitals. Everything becomes
 * available when the session ends, except the per-5-minute HRV stream.
 */
export function emitSleep(ctx: DayContext): void {
  const { out } = ctx;
  const s = ctx.plan.sleep;
  if (!out.touches(s.start, s.end)) return;
  const stats = sleepStats(ctx, s);
  emitSleepSummary(ctx, s, stats);
  emitSleepCycle(ctx, s);
  for (const seg of s.segments)
    out.sample('hypnogram', intervalSample(ctx, seg.start, seg.end, seg.stage, { unit: 'stage' }), seg.end);
  emitNightlyVitals(ctx, s, stats.averageHrv);
}

interface SleepStats {
  seconds: Record<'deep' | 'light' | 'rem' | 'awake', number>;
  hrLowest: number;
  hrAverage: number;
  averageHrv: number;
}

function sleepStats(ctx: DayContext, s: SleepSession): SleepStats {
  const seconds = { deep: 0, light: 0, rem: 0, awake: 0 };
  for (const seg of s.segments) {
    const key =
      seg.stage === STAGE.deep
        ? 'deep'
        : seg.stage === STAGE.rem
          ? 'rem'
          : seg.stage === STAGE.light
            ? 'light'
            : 'awake';
    seconds[key] += (seg.end - seg.start) / 1000;
  }
  const asleep: number[] = [];
  for (const seg of s.segments) {
    if (seg.stage === STAGE.awake) continue;
    for (let t = seg.start; t < seg.end; t += MINUTE_MS) asleep.push(ctx.world.heartRateAt(t));
  }
  const hrAverage = asleep.length
    ? asleep.reduce((a, b) => a + b, 0) / asleep.length
    : ctx.world.persona.restingHr;
  return {
    seconds,
    hrLowest: asleep.length ? Math.min(...asleep) : ctx.world.persona.restingHr,
    hrAverage,
    averageHrv: Math.round(ctx.world.persona.hrvMs * s.hrvFactor),
  };
}

function emitSleepSummary(ctx: DayContext, s: SleepSession, st: SleepStats): void {
  const { world, out } = ctx;
  const p = world.persona;
  const rng = rngFor(world.seed, 'sleep-score', s.wakeDate);
  const total = st.seconds.deep + st.seconds.light + st.seconds.rem;
  const duration = (s.end - s.start) / 1000;
  const efficiency = Math.round((total / duration) * 100);
  const restorative = (st.seconds.deep + st.seconds.rem) / Math.max(1, total);
  const score = Math.round(
    clamp(
      45 +
        35 * Math.min(1, total / (p.sleepNeedMinutes * 0.9 * 60)) +
        (efficiency - 88) * 0.6 +
        (restorative - 0.4) * 40 +
        rng.normal(0, 3),
      1,
      100,
    ),
  );
  const readiness = Math.round(
    clamp(72 + (s.hrvFactor - 1) * 70 + (p.restingHr - 5 - st.hrLowest) * 1.5 + rng.normal(0, 4), 0, 100),
  );
  out.summary(
    'sleep',
    {
      kind: 'sleep',
      provider_id: `sleep-${s.wakeDate}`,
      time_zone: world.timeZone,
      fields: {
        bedtime_start: isoUtc(s.start),
        bedtime_stop: isoUtc(s.end),
        type: 'long_sleep',
        duration,
        total,
        awake: st.seconds.awake,
        light: st.seconds.light,
        rem: st.seconds.rem,
        deep: st.seconds.deep,
        score,
        recovery_readiness_score: ctx.profile.slug === 'oura' ? readiness : null,
        hr_lowest: st.hrLowest,
        hr_average: round(st.hrAverage, 1),
        hr_resting: st.hrLowest + 1,
        efficiency,
        latency: s.latencyMinutes * 60,
        temperature_delta: ctx.profile.slug === 'oura' ? round(s.temperatureDelta, 2) : null,
        state: 'confirmed',
        average_hrv: st.averageHrv,
        respiratory_rate: round(s.respiratoryRate, 1),
      },
    },
    s.end,
  );
}

function emitSleepCycle(ctx: DayContext, s: SleepSession): void {
  const offset = (t: number) => (t - s.start) / 1000;
  ctx.out.summary(
    'sleep_cycle',
    {
      kind: 'sleep_cycle',
      provider_id: `sleep-cycle-${s.wakeDate}`,
      time_zone: ctx.world.timeZone,
      fields: {
        sleep_provider_id: `sleep-${s.wakeDate}`,
        session_start: isoUtc(s.start),
        session_end: isoUtc(s.end),
        stage_start_offset_second: s.segments.map((seg) => offset(seg.start)),
        stage_end_offset_second: s.segments.map((seg) => offset(seg.end)),
        stage_type: s.segments.map((seg) => seg.stage),
      },
    },
    s.end,
  );
}

/** HRV (a 5-minute stream or one nightly value), breathing, SpO2 and skin temperature. */
function emitNightlyVitals(ctx: DayContext, s: SleepSession, averageHrv: number): void {
  const { world, out, profile } = ctx;
  if (profile.hrv === 'stream') {
    for (const seg of s.segments) {
      if (seg.stage === STAGE.awake) continue;
      const stageBias = seg.stage === STAGE.deep ? 1.15 : seg.stage === STAGE.rem ? 0.9 : 1;
      for (let t = Math.ceil(seg.start / (5 * MINUTE_MS)) * 5 * MINUTE_MS; t < seg.end; t += 5 * MINUTE_MS) {
        const v = averageHrv * stageBias * (1 + 0.15 * gaussianAt(world.seed, 'hrv', t / MINUTE_MS));
        out.sample('hrv', pointSample(ctx, t, Math.round(clamp(v, 8, 250)), { unit: 'ms' }), t);
      }
    }
  } else {
    out.sample('hrv', pointSample(ctx, s.end, averageHrv, { unit: 'ms' }), s.end);
  }
  out.sample(
    'respiratory_rate',
    pointSample(ctx, s.end, round(s.respiratoryRate, 1), { unit: 'bpm' }),
    s.end,
  );
  out.sample('blood_oxygen', pointSample(ctx, s.end, round(s.spo2, 1), { unit: '%' }), s.end);
  out.sample(
    'body_temperature_delta',
    intervalSample(ctx, s.start, s.end, round(s.temperatureDelta, 2), {
      unit: '°C',
      sensor_location: profile.sensorLocation,
    }),
    s.end,
  );
}
