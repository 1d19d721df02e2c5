import { clamp, rngFor } from './prng';

/** The demo user's stable traits, drawn once from the seed: every day's data varies around them. */
export interface Persona {
  seed: number;
  sex: 'female' | 'male';
  birthDate: string;
  /** Age used for heart-rate limits (years, from the birth year to a fixed reference year). */
  age: number;
  heightCm: number;
  baseWeightKg: number;
  /** Phase (radians) of the slow weight drift, so personas do not gain and lose in step. */
  weightPhase: number;
  baseFatPercent: number;
  restingHr: number;
  maxHr: number;
  /** Nightly RMSSD around which HRV varies (ms). */
  hrvMs: number;
  respiratoryRate: number;
  spo2: number;
  /** Local minutes after midnight of the usual bedtime (may exceed 24 h for late sleepers). */
  bedtimeMinute: number;
  sleepNeedMinutes: number;
  dailySteps: number;
  /** Probability of a workout on a given day. */
  workoutChance: number;
  sports: readonly string[];
  vo2Max: number;
  systolic: number;
  diastolic: number;
  /** Fasting glucose (mmol/L). */
  glucoseFasting: number;
  /** Post-meal glucose rise per 10 g of carbohydrate (mmol/L). */
  glucoseSensitivity: number;
  /** Home coordinates (for outdoor workout routes). */
  home: { lat: number; lng: number; altitude: number };
  /** Days since epoch on which the menstrual cycle started (female personas). */
  cycleAnchorDay: number;
}

const HOMES = [
  { lat: 52.52, lng: 13.405, altitude: 34 },
  { lat: 40.7812, lng: -73.9665, altitude: 40 },
  { lat: 51.5074, lng: -0.1278, altitude: 11 },
  { lat: 37.7694, lng: -122.4862, altitude: 60 },
  { lat: 48.8566, lng: 2.3522, altitude: 35 },
  { lat: 47.3769, lng: 8.5417, altitude: 408 },
] as const;

const SPORT_SETS = [
  ['running', 'strength_training', 'cycling'],
  ['walking', 'yoga', 'strength_training'],
  ['cycling', 'running', 'swimming'],
  ['walking', 'running', 'yoga'],
] as const;

/** Reference year for ages, so a persona never changes with the clock. */
const REFERENCE_YEAR = 2026;

export function personaFor(seed: number): Persona {
  const rng = rngFor(seed, 'persona');
  const sex = rng.chance(0.5) ? 'female' : 'male';
  const birthYear = rng.int(1966, 2000);
  const birthDate = `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const age = REFERENCE_YEAR - birthYear;
  const heightCm = Math.round(clamp(rng.normal(sex === 'male' ? 178 : 165, 6.5), 150, 200));
  const bmi = clamp(rng.normal(24.3, 2.6), 19, 32);
  const fitness = rng.float();
  const restingHr = Math.round(clamp(66 - fitness * 14 + rng.normal(0, 3), 46, 74));
  return {
    seed,
    sex,
    birthDate,
    age,
    heightCm,
    baseWeightKg: Math.round(bmi * (heightCm / 100) ** 2 * 10) / 10,
    weightPhase: rng.uniform(0, 2 * Math.PI),
    baseFatPercent: clamp(rng.normal(sex === 'male' ? 19 : 27, 3.5) - fitness * 3, 9, 40),
    restingHr,
    maxHr: Math.round(208 - 0.7 * age),
    hrvMs: clamp(rng.normal(70 - age * 0.7, 8) + fitness * 15, 18, 110),
    respiratoryRate: clamp(rng.normal(14.5, 1), 12, 17.5),
    spo2: clamp(rng.normal(96.8, 0.6), 95, 98.5),
    bedtimeMinute: Math.round(clamp(rng.normal(23 * 60, 35), 21 * 60 + 45, 24 * 60 + 30)),
    sleepNeedMinutes: Math.round(clamp(rng.normal(460, 20), 410, 510)),
    dailySteps: Math.round(clamp(rng.normal(8000, 1800) + fitness * 2000, 4500, 13_000)),
    workoutChance: clamp(0.3 + fitness * 0.35, 0.25, 0.65),
    sports: rng.pick(SPORT_SETS),
    vo2Max: clamp((sex === 'male' ? 47 : 40) - (age - 30) * 0.3 + fitness * 8, 28, 60),
    systolic: clamp(rng.normal(118 + (age - 30) * 0.3, 6), 105, 138),
    diastolic: clamp(rng.normal(76, 4), 66, 88),
    glucoseFasting: clamp(rng.normal(5.1, 0.3), 4.4, 5.9),
    glucoseSensitivity: clamp(rng.normal(0.45, 0.08), 0.25, 0.7),
    home: rng.pick(HOMES),
    cycleAnchorDay: rng.int(0, 27),
  };
}
