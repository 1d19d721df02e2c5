/** Sports the demo persona practises, with the physiology the generator needs. */
export interface SportSpec {
  id: number;
  slug: string;
  name: string;
  /** Metabolic equivalent (kcal/kg/h). */
  met: number;
  /** Fraction of heart-rate reserve held during the main part. */
  intensity: readonly [number, number];
  /** Minutes. */
  duration: readonly [number, number];
  /** m/s while moving; 0 for stationary sports. */
  speed: readonly [number, number];
  /** Steps (or pedal strokes) per minute; 0 when not counted. */
  cadence: number;
  /** Steps count towards the day's steps. */
  countsSteps: boolean;
  outdoor: boolean;
}

export const SPORTS: Record<string, SportSpec> = {
  running: {
    id: 1,
    slug: 'running',
    name: 'Running',
    met: 9.8,
    intensity: [0.7, 0.84],
    duration: [25, 60],
    speed: [2.6, 3.4],
    cadence: 166,
    countsSteps: true,
    outdoor: true,
  },
  cycling: {
    id: 2,
    slug: 'cycling',
    name: 'Cycling',
    met: 7.5,
    intensity: [0.62, 0.78],
    duration: [45, 95],
    speed: [6, 8.2],
    cadence: 85,
    countsSteps: false,
    outdoor: true,
  },
  walking: {
    id: 3,
    slug: 'walking',
    name: 'Walking',
    met: 3.8,
    intensity: [0.36, 0.48],
    duration: [30, 70],
    speed: [1.3, 1.6],
    cadence: 112,
    countsSteps: true,
    outdoor: true,
  },
  swimming: {
    id: 4,
    slug: 'swimming',
    name: 'Swimming',
    met: 7,
    intensity: [0.6, 0.74],
    duration: [30, 50],
    speed: [0.6, 0.9],
    cadence: 0,
    countsSteps: false,
    outdoor: false,
  },
  strength_training: {
    id: 5,
    slug: 'strength_training',
    name: 'Strength Training',
    met: 5,
    intensity: [0.48, 0.62],
    duration: [35, 65],
    speed: [0, 0],
    cadence: 0,
    countsSteps: false,
    outdoor: false,
  },
  yoga: {
    id: 6,
    slug: 'yoga',
    name: 'Yoga',
    met: 2.8,
    intensity: [0.28, 0.4],
    duration: [30, 60],
    speed: [0, 0],
    cadence: 0,
    countsSteps: false,
    outdoor: false,
  },
};

export function sportSpec(slug: string): SportSpec {
  const spec = SPORTS[slug];
  if (!spec) throw new Error(`unknown demo sport ${slug}`);
  return spec;
}
