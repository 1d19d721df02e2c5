import { type DayContext, intervalSample, pointSample } from './day-context';
import { rngFor, round } from './prng';
import { addDays, isoUtc, MINUTE_MS } from './zoned-time';

/** Logged meals (summary + carbohydrate samples), water and coffee. */
export function emitNutrition(ctx: DayContext): void {
  emitMeals(ctx);
  emitWater(ctx);
  emitCaffeine(ctx);
}

function emitMeals(ctx: DayContext): void {
  const { out, plan } = ctx;
  for (const meal of plan.meals) {
    const kcal = Math.round(meal.carbs * 4 + meal.protein * 4 + meal.fat * 9);
    const macros = {
      carbs: meal.carbs,
      protein: meal.protein,
      fats: {
        saturated: round(meal.fat * 0.35, 1),
        monounsaturated: round(meal.fat * 0.4, 1),
        polyunsaturated: round(meal.fat * 0.2, 1),
        omega3: round(meal.fat * 0.03, 2),
        omega6: round(meal.fat * 0.15, 1),
        total: meal.fat,
      },
      alcohol: 0,
      water: null,
      fibre: meal.fibre,
      sugar: meal.sugar,
      cholesterol: null,
    };
    out.summary(
      'meal',
      {
        kind: 'meal',
        provider_id: `meal-${meal.key}`,
        time_zone: ctx.world.timeZone,
        fields: {
          timestamp: isoUtc(meal.at),
          name: meal.name,
          energy: { unit: 'kcal', value: kcal },
          macros,
          data: { [meal.name]: { energy: { unit: 'kcal', value: kcal }, macros, micros: null } },
        },
      },
      meal.at,
    );
    const end = meal.at + 15 * MINUTE_MS;
    out.sample('carbohydrates', intervalSample(ctx, meal.at, end, meal.carbs, { unit: 'g' }), end);
  }
}

function emitWater(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('water')) return;
  const rng = rngFor(world.seed, 'water', plan.date);
  const first = plan.sleep.end + 30 * MINUTE_MS;
  const last = world.sleepSession(addDays(plan.date, 1)).start - 60 * MINUTE_MS;
  const drinks = rng.int(5, 8);
  for (let i = 0; i < drinks; i += 1) {
    const t =
      Math.round((first + ((last - first) * (i + rng.uniform(0.1, 0.9))) / drinks) / MINUTE_MS) * MINUTE_MS;
    out.sample('water', pointSample(ctx, t, rng.pick([200, 250, 300, 330, 400, 500]), { unit: 'mL' }), t);
  }
}

function emitCaffeine(ctx: DayContext): void {
  const { world, out, plan } = ctx;
  if (!out.supports('caffeine')) return;
  const rng = rngFor(world.seed, 'coffee', plan.date);
  const cups = [plan.sleep.end + rng.int(15, 45) * MINUTE_MS];
  if (rng.chance(0.6)) cups.push(world.at(plan.date, rng.int(13 * 60, 15 * 60)));
  for (const t of cups) {
    const end = t + 10 * MINUTE_MS;
    out.sample(
      'caffeine',
      intervalSample(ctx, t, end, round(rng.uniform(0.06, 0.11), 3), { unit: 'g' }),
      end,
    );
  }
}
