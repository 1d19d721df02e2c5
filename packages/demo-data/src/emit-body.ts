import { bloodPressureSample, type DayContext, intervalSample, pointSample } from './day-context';
import { clamp, rngFor, round } from './prng';
import { addDays, isoUtc, MINUTE_MS } from './zoned-time';

/** Morning weigh-ins (weight, body fat, BMI, lean mass, body summary), cuff readings, basal temperature. */
export function emitBody(ctx: DayContext): void {
  emitWeighIn(ctx);
  emitBloodPressure(ctx);
  emitBasalTemperature(ctx);
}

function emitWeighIn(ctx: DayContext): void {
  const { world, out, plan, profile } = ctx;
  const rng = rngFor(world.seed, 'weigh-in', plan.date);
  if (!rng.chance(0.7)) return;
  const t = plan.sleep.end + rng.int(5, 15) * MINUTE_MS;
  if (!out.inRange(t)) return;
  const weight = round(world.weightOn(plan.date), 1);
  const fat = round(world.fatPercentOn(plan.date), 1);
  const bmi = round(weight / (world.persona.heightCm / 100) ** 2, 1);
  const lean = round(weight * (1 - fat / 100), 1);
  out.sample('weight', pointSample(ctx, t, weight, { unit: 'kg' }), t);
  const fatSample = profile.fatAsFraction
    ? pointSample(ctx, t, round(fat / 100, 3), { unit: 'fraction' })
    : pointSample(ctx, t, fat, { unit: '%' });
  out.sample('fat', fatSample, t);
  out.sample('body_mass_index', intervalSample(ctx, t, t + MINUTE_MS, bmi, { unit: 'index' }), t);
  out.sample('lean_body_mass', intervalSample(ctx, t, t + MINUTE_MS, lean, { unit: 'kg' }), t);
  out.summary(
    'body',
    {
      kind: 'body',
      provider_id: `body-${plan.date}`,
      time_zone: world.timeZone,
      timestamp: isoUtc(t),
      fields: {
        weight,
        fat,
        body_mass_index: bmi,
        lean_body_mass_kilogram: out.supports('lean_body_mass') ? lean : null,
      },
    },
    t,
  );
}

/** Home cuff: most mornings, sometimes an evening reading too. */
function emitBloodPressure(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('blood_pressure')) return;
  const rng = rngFor(world.seed, 'blood-pressure', plan.date);
  const nextBed = world.sleepSession(addDays(plan.date, 1)).start;
  const readings: [number, number][] = [];
  if (rng.chance(0.6)) readings.push([plan.sleep.end + rng.int(15, 35) * MINUTE_MS, 0]);
  if (rng.chance(0.3))
    readings.push([
      Math.min(world.at(plan.date, rng.int(20 * 60 + 30, 21 * 60 + 15)), nextBed - 20 * MINUTE_MS),
      -3,
    ]);
  for (const [t, shift] of readings) {
    const systolic = Math.round(clamp(world.persona.systolic + shift + rng.normal(0, 6), 95, 160));
    const diastolic = Math.round(clamp(world.persona.diastolic + rng.normal(0, 4), 55, systolic - 20));
    out.sample('blood_pressure', bloodPressureSample(ctx, t, systolic, diastolic), t);
  }
}

/** Waking temperature (female personas), higher in the luteal phase. */
function emitBasalTemperature(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (world.persona.sex !== 'female' || !out.supports('basal_body_temperature')) return;
  const rng = rngFor(world.seed, 'basal-temperature', plan.date);
  const t = plan.sleep.end;
  const value = round(36.35 + (world.luteal(plan.date) ? 0.3 : 0) + rng.normal(0, 0.08), 2);
  out.sample(
    'basal_body_temperature',
    intervalSample(ctx, t, t + MINUTE_MS, value, { unit: '°C' }),
    t + MINUTE_MS,
  );
}
