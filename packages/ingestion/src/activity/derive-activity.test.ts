import type { LocalOffset } from '../time/local-offset';
import { deriveActivity, type ActivitySample, type ActivityWorkout } from './derive-activity';

const CET: LocalOffset = { offset: 3600, zone: null, known: true };
const at = (iso: string) => Date.parse(iso);

function sample(
  partial: Partial<ActivitySample> & Pick<ActivitySample, 'resource' | 'value'>,
): ActivitySample {
  const startMs = partial.startMs ?? at('2026-03-10T09:00:00Z');
  return {
    sourceType: 'watch',
    appId: null,
    deviceId: null,
    startMs,
    endMs: partial.endMs ?? startMs,
    type: '',
    intensity: null,
    local: CET,
    ...partial,
  };
}

const workout = (partial: Partial<ActivityWorkout> = {}): ActivityWorkout => ({
  sourceType: 'watch',
  appId: null,
  deviceId: null,
  startMs: at('2026-03-10T07:00:00Z'),
  endMs: at('2026-03-10T07:45:00Z'),
  calories: 420,
  distance: 8000,
  steps: null,
  hrZones: null,
  local: CET,
  ...partial,
});

const dates = (...d: string[]) => new Set(d);

describe('deriveActivity', () => {
  it('sums steps, distance and calories; total = active + basal; heart-rate figures', () => {
    const days = deriveActivity(
      [
        sample({
          resource: 'steps',
          value: 500,
          startMs: at('2026-03-10T09:00:00Z'),
          endMs: at('2026-03-10T09:10:00Z'),
        }),
        sample({
          resource: 'steps',
          value: 250,
          startMs: at('2026-03-10T12:00:00Z'),
          endMs: at('2026-03-10T12:10:00Z'),
        }),
        sample({
          resource: 'distance',
          value: 400.5,
          startMs: at('2026-03-10T09:00:00Z'),
          endMs: at('2026-03-10T09:10:00Z'),
        }),
        sample({
          resource: 'calories_active',
          value: 30,
          startMs: at('2026-03-10T09:00:00Z'),
          endMs: at('2026-03-10T09:10:00Z'),
        }),
        sample({ resource: 'calories_basal', value: 1600 }),
        sample({ resource: 'floors_climbed', value: 3 }),
        sample({ resource: 'heartrate', value: 60, type: 'resting' }),
        sample({ resource: 'heartrate', value: 90, startMs: at('2026-03-10T09:01:00Z'), type: 'walking' }),
        sample({ resource: 'heartrate', value: 120, startMs: at('2026-03-10T09:02:00Z') }),
      ],
      [],
      dates('2026-03-10'),
    );
    expect(days).toEqual([
      {
        calendarDate: '2026-03-10',
        fields: {
          calories_total: 1630,
          calories_active: 30,
          steps: 750,
          daily_movement: 400.5,
          distance: 400.5,
          low: null,
          medium: null,
          high: null,
          floors_climbed: 3,
          time_zone: null,
          timezone_offset: 3600,
          heart_rate: { avg_bpm: 90, min_bpm: 60, max_bpm: 120, resting_bpm: 60, avg_walking_bpm: 90 },
          wheelchair_use: null,
          wheelchair_push: null,
        },
        sourceType: 'watch',
        appId: null,
        deviceId: null,
        dayStartMs: at('2026-03-09T23:00:00Z'),
      },
    ]);
  });

  it('does not double count a phone overlapping a watch of the same provider', () => {
    const [day] = deriveActivity(
      [
        sample({
          resource: 'steps',
          value: 600,
          startMs: at('2026-03-10T09:00:00Z'),
          endMs: at('2026-03-10T09:10:00Z'),
        }),
        sample({
          resource: 'steps',
          value: 1000,
          sourceType: 'phone',
          startMs: at('2026-03-10T09:00:00Z'),
          endMs: at('2026-03-10T09:20:00Z'),
        }),
      ],
      [],
      dates('2026-03-10'),
    );
    // The phone's first half overlaps the watch; only its second half (500) adds.
    expect(day?.fields.steps).toBe(1100);
    expect(day?.sourceType).toBe('multiple_sources');
  });

  it('splits spans crossing local midnight pro rata and only reports the requested dates', () => {
    const days = deriveActivity(
      [
        sample({
          resource: 'steps',
          value: 100,
          startMs: at('2026-03-10T22:30:00Z'),
          endMs: at('2026-03-10T23:30:00Z'),
        }),
      ],
      [],
      dates('2026-03-10', '2026-03-11'),
    );
    expect(days.map((d) => [d.calendarDate, d.fields.steps])).toEqual([
      ['2026-03-10', 50],
      ['2026-03-11', 50],
    ]);
    expect(deriveActivity([sample({ resource: 'steps', value: 1 })], [], dates('2026-03-11'))).toEqual([]);
  });

  it('counts a workout-only day: calories, distance, minutes at intensity', () => {
    const [day] = deriveActivity([], [workout()], dates('2026-03-10'));
    expect(day?.fields).toMatchObject({
      calories_total: 420,
      calories_active: 420,
      steps: null,
      distance: 8000,
      low: 0,
      medium: 45,
      high: 0,
      heart_rate: null,
      timezone_offset: 3600,
    });
  });

  it('uses heart-rate zones for workout intensity, and lets samples covering the workout win', () => {
    const [day] = deriveActivity(
      [
        sample({
          resource: 'calories_active',
          value: 300,
          startMs: at('2026-03-10T07:00:00Z'),
          endMs: at('2026-03-10T07:45:00Z'),
        }),
      ],
      [workout({ hrZones: [60, 540, 900, 600, 300, 300] })],
      dates('2026-03-10'),
    );
    expect(day?.fields).toMatchObject({
      calories_active: 300,
      distance: 8000,
      low: 10,
      medium: 25,
      high: 10,
    });
  });

  it('adds workout_duration minutes by intensity', () => {
    const [day] = deriveActivity(
      [
        sample({
          resource: 'workout_duration',
          value: 20,
          intensity: 'high',
          startMs: at('2026-03-10T07:00:00Z'),
          endMs: at('2026-03-10T07:20:00Z'),
        }),
      ],
      [workout()],
      dates('2026-03-10'),
    );
    expect(day?.fields).toMatchObject({ low: 0, medium: 0, high: 20 });
  });
});
