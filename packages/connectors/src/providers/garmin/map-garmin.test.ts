import { ProviderResponseError } from '../../errors';
import { mapGarminActivity } from './map-garmin-activities';
import { mapGarminDaily } from './map-garmin-dailies';
import { mapGarminEpochs } from './map-garmin-epochs';
import { mapGarminSleep } from './map-garmin-sleeps';
import { mapGarminSummaries } from './map-garmin-summaries';

/** Summaries shaped like the Health API specification's examples (values our own). 1772686800 = 2026-03-05T05:00Z. */
const START = 1772686800;

describe('Garmin mapping', () => {
  it('maps a daily: heart-rate offsets from the day start, resting rate typed, stress -1 dropped', () => {
    const series = mapGarminDaily({
      userId: 'u1',
      summaryId: 'x3fa2-5a9478d4',
      calendarDate: '2026-03-05',
      startTimeInSeconds: START,
      startTimeOffsetInSeconds: -18000,
      durationInSeconds: 86400,
      bmrKilocalories: 1580,
      floorsClimbed: 6,
      restingHeartRateInBeatsPerMinute: 52,
      averageStressLevel: -1,
      timeOffsetHeartRateSamples: { '0': 58, '15': 60, '3600': 55 },
    });
    const hr = series.find((s) => s.resource === 'heartrate')!.samples;
    expect(hr).toEqual([
      { timestamp: '2026-03-05T00:00:00-05:00', timezone_offset: -18000, value: 58, unit: 'bpm' },
      { timestamp: '2026-03-05T00:00:15-05:00', timezone_offset: -18000, value: 60, unit: 'bpm' },
      { timestamp: '2026-03-05T01:00:00-05:00', timezone_offset: -18000, value: 55, unit: 'bpm' },
      {
        timestamp: '2026-03-05T00:00:00-05:00',
        timezone_offset: -18000,
        value: 52,
        unit: 'bpm',
        type: 'resting',
      },
    ]);
    expect(series.map((s) => s.resource).sort()).toEqual(['calories_basal', 'floors_climbed', 'heartrate']);
  });

  it('maps epochs to 15-minute intervals and skips empty ones', () => {
    const series = mapGarminEpochs([
      {
        startTimeInSeconds: START,
        startTimeOffsetInSeconds: -18000,
        durationInSeconds: 900,
        steps: 0,
        distanceInMeters: 0,
        activeKilocalories: 0,
      },
      {
        startTimeInSeconds: START + 900,
        startTimeOffsetInSeconds: -18000,
        durationInSeconds: 900,
        steps: 412,
        distanceInMeters: 321.5,
        activeKilocalories: 18,
      },
    ]);
    expect(series.find((s) => s.resource === 'steps')!.samples).toEqual([
      {
        timestamp: '2026-03-05T00:15:00-05:00',
        end: '2026-03-05T00:30:00-05:00',
        timezone_offset: -18000,
        value: 412,
        unit: 'count',
      },
    ]);
    expect(series.map((s) => s.resource)).toEqual(['steps', 'distance', 'calories_active']);
  });

  it('maps a sleep with its own offset, stage durations, levels map and validation state', () => {
    const { summary, hypnogram } = mapGarminSleep({
      summaryId: 'x3fa2-5a9478d4-sleep',
      calendarDate: '2026-03-05',
      startTimeInSeconds: START - 3600,
      startTimeOffsetInSeconds: 3600,
      durationInSeconds: 1800,
      deepSleepDurationInSeconds: 600,
      lightSleepDurationInSeconds: 900,
      remSleepInSeconds: 0,
      awakeDurationInSeconds: 300,
      validation: 'ENHANCED_TENTATIVE',
      overallSleepScore: { value: 77, qualifierKey: 'FAIR' },
      sleepLevelsMap: {
        light: [{ startTimeInSeconds: START - 3600, endTimeInSeconds: START - 2700 }],
        deep: [{ startTimeInSeconds: START - 2700, endTimeInSeconds: START - 2100 }],
        awake: [{ startTimeInSeconds: START - 2100, endTimeInSeconds: START - 1800 }],
      },
    });
    expect(summary).toMatchObject({
      provider_id: 'x3fa2-5a9478d4-sleep',
      timezone_offset: 3600,
      fields: {
        bedtime_start: '2026-03-05T05:00:00+01:00',
        bedtime_stop: '2026-03-05T05:30:00+01:00',
        deep: 600,
        light: 900,
        total: 1500,
        awake: 300,
        score: 77,
        state: 'tentative',
      },
    });
    expect(hypnogram!.samples.map((s) => s.value)).toEqual([2, 1, 4]);
  });

  it('maps activities to workouts, unknown types to other', () => {
    const workout = mapGarminActivity({
      summaryId: '5001968355',
      activityName: 'Trail fun',
      activityType: 'BACKCOUNTRY_SKIING',
      startTimeInSeconds: START,
      startTimeOffsetInSeconds: -18000,
      durationInSeconds: 3600,
      averageHeartRateInBeatsPerMinute: 133,
      distanceInMeters: 7000,
    });
    expect(workout).toMatchObject({
      kind: 'workouts',
      provider_id: '5001968355',
      fields: {
        title: 'Trail fun',
        sport: { id: 0, slug: 'other', name: 'Backcountry skiing' },
        time_end: '2026-03-05T01:00:00-05:00',
      },
    });
  });

  it('refuses summaries missing their times', () => {
    expect(() => mapGarminSummaries('sleeps', [{ summaryId: 's' }])).toThrow(ProviderResponseError);
    expect(() => mapGarminSummaries('dailies', {})).toThrow(ProviderResponseError);
  });
});
