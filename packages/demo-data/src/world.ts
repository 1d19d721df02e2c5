import type { Persona } from './persona';
import { clamp, gaussianAt, noiseAt, rngFor, smoothNoiseAt } from './prng';
import { sportSpec, type SportSpec } from './sports';
import {
  addDays,
  dayNumber,
  localDate,
  localMinuteOfDay,
  MINUTE_MS,
  weekday,
  zonedInstant,
} from './zoned-time';

/**
 * The demo user's life as pure functions of (seed, time): each local day has a plan (the night that ends
 * that morning, workouts, meals), and every per-minute value (heart rate, steps, glucose) is computed
 * from the plans around it, so any time range regenerates identically.
 */

/** Hypnogram / sleep-cycle stage codes (api-shapes §4.3, §4.4). */
export const STAGE = { deep: 1, light: 2, rem: 3, awake: 4 } as const;
export type SleepStage = (typeof STAGE)[keyof typeof STAGE];

export interface StageSegment {
  start: number;
  end: number;
  stage: SleepStage;
}

export interface SleepSession {
  /** The local date the session ends on (its `calendar_date`). */
  wakeDate: string;
  start: number;
  end: number;
  latencyMinutes: number;
  segments: StageSegment[];
  /** Night-to-night variation of HRV (multiplier), breathing, SpO2, skin temperature. */
  hrvFactor: number;
  respiratoryRate: number;
  spo2: number;
  temperatureDelta: number;
}

export interface WorkoutPlan {
  /** Unique per user and provider: `<date>-<n>`. */
  key: string;
  sport: SportSpec;
  start: number;
  end: number;
  /** Fraction of heart-rate reserve in the main part. */
  intensity: number;
  /** m/s while moving. */
  speed: number;
}

export interface MealPlan {
  key: string;
  at: number;
  name: string;
  carbs: number;
  protein: number;
  fat: number;
  fibre: number;
  sugar: number;
}

export interface DayPlan {
  date: string;
  /** Local midnight to the next local midnight (23 or 25 h across DST changes). */
  start: number;
  end: number;
  sleep: SleepSession;
  workouts: WorkoutPlan[];
  meals: MealPlan[];
  /** The day's activity relative to the persona's usual. */
  activityScale: number;
}

export interface QuarterActivity {
  /** Steps outside workouts. */
  steps: number;
  /** Steps during workouts (running, walking). */
  workoutSteps: number;
  workoutMinutes: number;
  workout: WorkoutPlan | undefined;
  /** Minutes in bed (a sleep session). */
  asleepMinutes: number;
}

/** Relative step rate per local hour (people walk on the way to work, at lunch, after work). */
const HOURLY_STEPS = [
  0, 0, 0, 0, 0, 0.2, 0.6, 1.4, 1.8, 1, 0.8, 1, 1.6, 1.3, 0.8, 0.8, 1, 1.6, 1.4, 1.1, 0.8, 0.5, 0.3, 0.1,
];
const HOURLY_STEPS_SUM = HOURLY_STEPS.reduce((a, b) => a + b, 0);
export const QUARTER_MS = 15 * MINUTE_MS;

const MEALS = {
  breakfast: ['Oatmeal with berries', 'Scrambled eggs on toast', 'Greek yogurt with granola', 'Muesli'],
  lunch: ['Chicken salad', 'Lentil soup with bread', 'Turkey sandwich', 'Rice bowl with tofu'],
  snack: ['Apple and almonds', 'Banana', 'Protein bar', 'Hummus with carrots'],
  dinner: ['Salmon with potatoes', 'Pasta bolognese', 'Vegetable curry with rice', 'Steak with salad'],
} as const;

export class DemoWorld {
  private readonly sleeps = new Map<string, SleepSession>();
  private readonly plans = new Map<string, DayPlan>();
  private readonly quarters = new Map<number, QuarterActivity>();

  constructor(
    readonly seed: number,
    readonly persona: Persona,
    readonly timeZone: string,
  ) {}

  localDate(t: number): string {
    return localDate(t, this.timeZone);
  }

  at(date: string, minutes: number): number {
    return zonedInstant(date, Math.round(minutes), this.timeZone);
  }

  /** The night that ends on the morning of `wakeDate`. */
  sleepSession(wakeDate: string): SleepSession {
    let session = this.sleeps.get(wakeDate);
    if (!session) {
      session = this.buildSleep(wakeDate);
      this.sleeps.set(wakeDate, session);
    }
    return session;
  }

  plan(date: string): DayPlan {
    let plan = this.plans.get(date);
    if (!plan) {
      const rng = rngFor(this.seed, 'scale', date);
      const weekend = weekday(date) === 0 || weekday(date) === 6;
      const workouts = this.buildWorkouts(date);
      plan = {
        date,
        start: this.at(date, 0),
        end: this.at(addDays(date, 1), 0),
        sleep: this.sleepSession(date),
        workouts,
        meals: this.buildMeals(date, workouts),
        activityScale: weekend ? rng.uniform(0.7, 1.3) : rng.uniform(0.85, 1.15),
      };
      this.plans.set(date, plan);
    }
    return plan;
  }

  sleepAt(t: number): SleepSession | undefined {
    const date = this.localDate(t);
    for (const s of [this.sleepSession(date), this.sleepSession(addDays(date, 1))]) {
      if (t >= s.start && t < s.end) return s;
    }
    return undefined;
  }

  stageAt(t: number): SleepStage | undefined {
    return this.sleepAt(t)?.segments.find((seg) => t >= seg.start && t < seg.end)?.stage;
  }

  workoutAt(t: number): WorkoutPlan | undefined {
    return this.plan(this.localDate(t)).workouts.find((w) => t >= w.start && t < w.end);
  }

  /** A workout that ended within `withinMs` before `t`. */
  recentWorkout(t: number, withinMs: number): WorkoutPlan | undefined {
    const date = this.localDate(t);
    return [...this.plan(date).workouts, ...this.plan(addDays(date, -1)).workouts].find(
      (w) => t >= w.end && t - w.end < withinMs,
    );
  }

  /** Activity in the quarter hour starting at `quarterStart` (a multiple of 15 minutes of UTC). */
  quarter(quarterStart: number): QuarterActivity {
    let q = this.quarters.get(quarterStart);
    if (!q) {
      q = this.buildQuarter(quarterStart);
      this.quarters.set(quarterStart, q);
    }
    return q;
  }

  heartRateAt(t: number): number {
    const sleep = this.sleepAt(t);
    if (sleep) return Math.round(this.sleepHeartRate(sleep, t));
    const workout = this.workoutAt(t);
    if (workout) return Math.round(this.workoutHeartRate(workout, t));
    const awake = this.awakeHeartRate(t);
    const recent = this.recentWorkout(t, 20 * MINUTE_MS);
    if (!recent) return Math.round(awake);
    const last = this.workoutHeartRate(recent, recent.end - MINUTE_MS);
    const decay = Math.exp(-(t - recent.end) / (2 * MINUTE_MS));
    return Math.round(awake + Math.max(0, last - awake) * decay);
  }

  /** Sensor glucose (mmol/L): fasting level, dawn rise, meal excursions, exercise dips, slow drift. */
  glucoseAt(t: number): number {
    const p = this.persona;
    const date = this.localDate(t);
    const minuteOfDay = localMinuteOfDay(t, this.timeZone);
    let g = p.glucoseFasting + 0.35 * Math.exp(-(((minuteOfDay - 390) / 70) ** 2));
    for (const meal of [...this.plan(addDays(date, -1)).meals, ...this.plan(date).meals]) {
      const m = (t - meal.at) / MINUTE_MS;
      if (m > 0 && m < 300) g += (meal.carbs / 10) * p.glucoseSensitivity * (m / 45) * Math.exp(1 - m / 45);
    }
    const workout = this.workoutAt(t) ?? this.recentWorkout(t, 120 * MINUTE_MS);
    if (workout) {
      const depth = 0.3 + workout.intensity * 0.5;
      g -=
        t < workout.end
          ? depth * Math.min(1, (t - workout.start) / (20 * MINUTE_MS))
          : depth * Math.exp(-(t - workout.end) / (40 * MINUTE_MS));
    }
    const minute = Math.floor(t / MINUTE_MS);
    g +=
      0.5 * smoothNoiseAt(this.seed, 'glucose', minute, 50) +
      0.06 * gaussianAt(this.seed, 'glucose-n', minute);
    return clamp(g, 3.3, 13.5);
  }

  weightOn(date: string): number {
    const p = this.persona;
    const d = dayNumber(date);
    const drift =
      1.4 * Math.sin((2 * Math.PI * d) / 181 + p.weightPhase) + 0.5 * Math.sin((2 * Math.PI * d) / 29);
    return p.baseWeightKg + drift + 0.25 * gaussianAt(this.seed, 'weight', d);
  }

  fatPercentOn(date: string): number {
    const p = this.persona;
    const d = dayNumber(date);
    return clamp(
      p.baseFatPercent +
        0.7 * Math.sin((2 * Math.PI * d) / 181 + p.weightPhase) +
        0.4 * gaussianAt(this.seed, 'fat', d),
      5,
      50,
    );
  }

  /** Luteal phase of a 28-day cycle (female personas): temperatures run about 0.3 °C higher. */
  luteal(date: string): boolean {
    if (this.persona.sex !== 'female') return false;
    return (((dayNumber(date) - this.persona.cycleAnchorDay) % 28) + 28) % 28 >= 14;
  }

  /** Walking stride (m). */
  get strideM(): number {
    return (this.persona.heightCm * 0.414) / 100;
  }

  // ---- plans -----------------------------------------------------------------------------------------

  private buildSleep(wakeDate: string): SleepSession {
    const p = this.persona;
    const rng = rngFor(this.seed, 'sleep', wakeDate);
    const night = addDays(wakeDate, -1);
    const weekendNight = weekday(night) === 5 || weekday(night) === 6;
    const bedMinute = Math.round(p.bedtimeMinute + (weekendNight ? 50 : 0) + rng.normal(0, 25));
    const start = this.at(night, bedMinute);
    const inBed = Math.round(
      clamp(p.sleepNeedMinutes + 25 + (weekendNight ? 45 : 0) + rng.normal(0, 35), 330, 600),
    );
    const end = start + inBed * MINUTE_MS;
    const latencyMinutes = Math.round(clamp(rng.normal(12, 6), 3, 40));
    const finalWake = rng.int(3, 12);
    const segments: StageSegment[] = [];
    const push = (minutes: number, stage: SleepStage) => {
      const from = segments.at(-1)?.end ?? start;
      const to = Math.min(from + Math.round(minutes) * MINUTE_MS, end - finalWake * MINUTE_MS);
      if (to <= from) return;
      const last = segments.at(-1);
      if (last && last.stage === stage) last.end = to;
      else segments.push({ start: from, end: to, stage });
    };
    push(latencyMinutes, STAGE.awake);
    const sleepEnd = end - finalWake * MINUTE_MS;
    for (let i = 0; (segments.at(-1)?.end ?? start) < sleepEnd; i += 1) {
      const length = clamp(rng.normal(92, 10), 70, 115);
      const deep = Math.max(0, ([38, 24, 10][i] ?? 2) + rng.normal(0, 5));
      const rem = clamp(6 + 9 * i + rng.normal(0, 4), 3, 40);
      const light = Math.max(15, length - deep - rem);
      push(light * 0.6, STAGE.light);
      push(deep, STAGE.deep);
      push(light * 0.4, STAGE.light);
      push(rem, STAGE.rem);
      if (rng.chance(0.5)) push(rng.int(2, 9), STAGE.awake);
    }
    segments.push({ start: sleepEnd, end, stage: STAGE.awake });
    return {
      wakeDate,
      start,
      end,
      latencyMinutes,
      segments,
      hrvFactor: clamp(rng.normal(1, 0.12), 0.7, 1.35),
      respiratoryRate: clamp(p.respiratoryRate + rng.normal(0, 0.4), 10, 20),
      spo2: clamp(p.spo2 + rng.normal(0, 0.5), 93, 99.5),
      temperatureDelta: clamp(rng.normal(0, 0.18) + (this.luteal(wakeDate) ? 0.3 : 0), -1.5, 1.5),
    };
  }

  private buildWorkouts(date: string): WorkoutPlan[] {
    const p = this.persona;
    const rng = rngFor(this.seed, 'workouts', date);
    if (!rng.chance(p.workoutChance)) return [];
    const sport = sportSpec(rng.chance(0.5) ? (p.sports[0] ?? 'walking') : rng.pick(p.sports));
    const duration = rng.int(sport.duration[0], sport.duration[1]);
    const wake = this.sleepSession(date).end;
    const nextBed = this.sleepSession(addDays(date, 1)).start;
    const start = rng.chance(0.4)
      ? wake + rng.int(30, 75) * MINUTE_MS
      : this.at(date, rng.int(17 * 60 + 15, 19 * 60 + 30));
    const end = start + duration * MINUTE_MS;
    if (start < wake + 20 * MINUTE_MS || end > nextBed - 60 * MINUTE_MS) return [];
    return [
      {
        key: `${date}-1`,
        sport,
        start,
        end,
        intensity: rng.uniform(sport.intensity[0], sport.intensity[1]),
        speed: rng.uniform(sport.speed[0], sport.speed[1]),
      },
    ];
  }

  private buildMeals(date: string, workouts: readonly WorkoutPlan[]): MealPlan[] {
    const rng = rngFor(this.seed, 'meals', date);
    const wake = this.sleepSession(date).end;
    const nextBed = this.sleepSession(addDays(date, 1)).start;
    const lunch = this.at(date, rng.int(12 * 60, 13 * 60 + 30));
    const slots: [keyof typeof MEALS, number][] = [];
    const breakfast = wake + rng.int(20, 50) * MINUTE_MS;
    if (breakfast < lunch - 150 * MINUTE_MS) slots.push(['breakfast', breakfast]);
    slots.push(['lunch', lunch]);
    if (rng.chance(0.5)) slots.push(['snack', this.at(date, rng.int(15 * 60 + 30, 16 * 60 + 45))]);
    slots.push(['dinner', Math.min(this.at(date, rng.int(18 * 60 + 30, 20 * 60)), nextBed - 90 * MINUTE_MS)]);
    return slots.map(([kind, planned]) => {
      // Nobody eats mid-workout: move the meal to after it.
      const clash = workouts.find((w) => planned >= w.start - 15 * MINUTE_MS && planned < w.end);
      const at = clash ? clash.end + 25 * MINUTE_MS : planned;
      const big = kind === 'dinner' || kind === 'lunch';
      const carbs = Math.round(
        kind === 'snack' ? rng.uniform(15, 30) : rng.uniform(big ? 55 : 40, big ? 95 : 70),
      );
      return {
        key: `${date}-${kind}`,
        at: Math.round(at / MINUTE_MS) * MINUTE_MS,
        name: rng.pick(MEALS[kind]),
        carbs,
        protein: Math.round(kind === 'snack' ? rng.uniform(3, 12) : rng.uniform(18, big ? 45 : 28)),
        fat: Math.round(kind === 'snack' ? rng.uniform(3, 12) : rng.uniform(10, big ? 35 : 22)),
        fibre: Math.round(rng.uniform(2, kind === 'snack' ? 5 : 12)),
        sugar: Math.round(carbs * rng.uniform(0.1, 0.35)),
      };
    });
  }

  private buildQuarter(quarterStart: number): QuarterActivity {
    let asleepMinutes = 0;
    let workoutMinutes = 0;
    let workout: WorkoutPlan | undefined;
    for (let m = 0; m < 15; m += 1) {
      const t = quarterStart + m * MINUTE_MS;
      if (this.sleepAt(t)) {
        asleepMinutes += 1;
        continue;
      }
      const w = this.workoutAt(t);
      if (w) {
        workoutMinutes += 1;
        workout = w;
      }
    }
    const date = this.localDate(quarterStart);
    const hour = Math.floor(localMinuteOfDay(quarterStart, this.timeZone) / 60);
    const rng = rngFor(this.seed, 'steps', quarterStart / QUARTER_MS);
    const freeMinutes = 15 - asleepMinutes - workoutMinutes;
    const perQuarter = (this.persona.dailySteps * this.plan(date).activityScale) / HOURLY_STEPS_SUM / 4;
    const burst = rng.chance(0.3) ? rng.uniform(0, 0.15) : Math.exp(rng.normal(0, 0.45));
    const steps = Math.round(perQuarter * (HOURLY_STEPS[hour] ?? 0) * burst * (freeMinutes / 15));
    const workoutSteps =
      workout?.sport.countsSteps === true
        ? Math.round(
            workout.sport.cadence *
              workoutMinutes *
              (0.95 + 0.07 * noiseAt(this.seed, 'cadence', quarterStart)),
          )
        : 0;
    return { steps, workoutSteps, workoutMinutes, workout, asleepMinutes };
  }

  // ---- heart rate ------------------------------------------------------------------------------------

  private sleepHeartRate(s: SleepSession, t: number): number {
    const p = this.persona;
    const minute = Math.floor(t / MINUTE_MS);
    const frac = (t - s.start) / (s.end - s.start);
    const stage = s.segments.find((seg) => t >= seg.start && t < seg.end)?.stage ?? STAGE.light;
    const stageOffset = { [STAGE.deep]: -2, [STAGE.light]: 0, [STAGE.rem]: 3, [STAGE.awake]: 6 }[stage];
    return (
      p.restingHr -
      1 -
      3 * Math.sin(Math.PI * frac) +
      stageOffset +
      2 * smoothNoiseAt(this.seed, 'sleep-hr', minute, 20) +
      0.8 * gaussianAt(this.seed, 'sleep-hr-n', minute)
    );
  }

  private workoutHeartRate(w: WorkoutPlan, t: number): number {
    const p = this.persona;
    const minute = Math.floor(t / MINUTE_MS);
    const elapsed = (t - w.start) / MINUTE_MS;
    const left = (w.end - t) / MINUTE_MS;
    const target = p.restingHr + (p.maxHr - p.restingHr) * w.intensity;
    const base = p.restingHr + 25;
    const level = Math.min(1, elapsed / 6, 0.55 + left / 6);
    return clamp(
      base +
        (target - base) * level +
        5 * smoothNoiseAt(this.seed, 'workout-hr', minute, 4) +
        1.5 * gaussianAt(this.seed, 'workout-hr-n', minute),
      p.restingHr + 10,
      p.maxHr,
    );
  }

  private awakeHeartRate(t: number): number {
    const p = this.persona;
    const minute = Math.floor(t / MINUTE_MS);
    const q = this.quarter(Math.floor(t / QUARTER_MS) * QUARTER_MS);
    const stepsPerMinute = q.steps / 15;
    const minuteOfDay = localMinuteOfDay(t, this.timeZone);
    const daytime = minuteOfDay > 600 && minuteOfDay < 1200 ? 3 : 0;
    return (
      p.restingHr +
      11 +
      daytime +
      Math.min(38, stepsPerMinute * 0.45) +
      5 * smoothNoiseAt(this.seed, 'awake-hr', minute, 45) +
      1.8 * gaussianAt(this.seed, 'awake-hr-n', minute)
    );
  }
}
