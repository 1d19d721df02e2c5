import type { InboundWebhook } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { mapPolarActivity } from './map-polar-activity';
import { mapPolarExercise } from './map-polar-exercise';
import { mapPolarContinuousHeartRate } from './map-polar-heart-rate';
import { mapPolarNight } from './map-polar-sleep';
import { polarSignature } from './index';
import { handlePolarWebhook } from './polar-webhook';
import { isoDurationSeconds, localToInstant } from './polar-time';

/** Payloads shaped like the examples of https://www.polar.com/accesslink-api/ (values our own). */
const night = {
  polar_user: 'https://www.polaraccesslink.com/v3/users/1',
  date: '2026-03-05',
  sleep_start_time: '2026-03-04T23:10:00+02:00',
  sleep_end_time: '2026-03-05T07:00:00+02:00',
  device_id: '1111AAAA',
  continuity: 2.8,
  light_sleep: 15000,
  deep_sleep: 6000,
  rem_sleep: 5400,
  unrecognized_sleep_stage: 0,
  sleep_score: 81,
  total_interruption_duration: 1800,
  hypnogram: { '23:10': 2, '23:40': 4, '01:00': 1, '06:50': 0 },
  heart_rate_samples: { '23:10': 55, '00:15': 50 },
};
const recharge = {
  polar_user: 'https://www.polaraccesslink.com/v3/users/1',
  date: '2026-03-05',
  heart_rate_avg: 54,
  heart_rate_variability_avg: 45,
  breathing_rate_avg: 13.4,
  hrv_samples: { '23:15': 40, '00:05': 50 },
  breathing_samples: { '23:15': 13.1 },
};

describe('Polar mapping', () => {
  it('maps a night with its recharge: stages, in-night clock times across midnight, sleep fields', () => {
    const { summaries, timeseries } = mapPolarNight(night, recharge);
    expect(summaries).toEqual([
      expect.objectContaining({
        kind: 'sleep',
        provider_id: '2026-03-05',
        timezone_offset: 7200,
        fields: expect.objectContaining({
          bedtime_start: '2026-03-04T23:10:00+02:00',
          bedtime_stop: '2026-03-05T07:00:00+02:00',
          deep: 6000,
          total: 26400,
          awake: 1800,
          score: 81,
          efficiency: 93.6,
          hr_lowest: 50,
          average_hrv: 45,
          respiratory_rate: 13.4,
        }),
      }),
    ]);
    const series = (r: string) => timeseries.find((t) => t.resource === r)!.samples;
    expect(series('hypnogram')).toEqual([
      {
        timestamp: '2026-03-04T23:10:00+02:00',
        end: '2026-03-04T23:40:00+02:00',
        timezone_offset: 7200,
        value: 2,
      },
      {
        timestamp: '2026-03-04T23:40:00+02:00',
        end: '2026-03-05T01:00:00+02:00',
        timezone_offset: 7200,
        value: 1,
      },
      {
        timestamp: '2026-03-05T01:00:00+02:00',
        end: '2026-03-05T06:50:00+02:00',
        timezone_offset: 7200,
        value: 3,
      },
      {
        timestamp: '2026-03-05T06:50:00+02:00',
        end: '2026-03-05T07:00:00+02:00',
        timezone_offset: 7200,
        value: 4,
      },
    ]);
    expect(series('heartrate').map((s) => s.timestamp)).toEqual([
      '2026-03-04T23:10:00+02:00',
      '2026-03-05T00:15:00+02:00',
    ]);
    expect(series('hrv')).toEqual([
      { timestamp: '2026-03-04T23:15:00+02:00', timezone_offset: 7200, value: 40, unit: 'ms' },
      { timestamp: '2026-03-05T00:05:00+02:00', timezone_offset: 7200, value: 50, unit: 'ms' },
    ]);
    expect(series('respiratory_rate')).toHaveLength(1);
  });

  it('refuses a night without its times', () => {
    expect(() => mapPolarNight({ ...night, sleep_end_time: undefined }, null)).toThrow(ProviderResponseError);
  });

  it('places an exercise by its UTC offset and turns samples into a workout stream', () => {
    const { summary, stream, startMs } = mapPolarExercise({
      id: '2AC312F',
      start_time: '2026-03-04T18:00:00',
      start_time_utc_offset: 120,
      duration: 'PT1H0M30S',
      calories: 530,
      distance: 10200,
      heart_rate: { average: 141, maximum: 176 },
      sport: 'RUNNING',
      detailed_sport_info: 'RUNNING_ROAD',
      samples: [
        { 'recording-rate': 5, 'sample-type': '0', data: '100,110,120' },
        { 'recording-rate': 5, 'sample-type': '1', data: '9.0,10.8,12.6' },
      ],
    });
    expect(startMs).toBe(Date.parse('2026-03-04T16:00:00Z'));
    expect(summary.fields).toMatchObject({
      time_start: '2026-03-04T18:00:00+02:00',
      time_end: '2026-03-04T19:00:30+02:00',
      sport: { id: 1, name: 'Running', slug: 'running' },
      average_hr: 141,
      max_hr: 176,
      moving_time: 3630,
    });
    expect(stream).toEqual({
      workout_provider_id: '2AC312F',
      provider: 'polar',
      stream: { heartrate: [100, 110, 120], velocity_smooth: [2.5, 3, 3.5], time: [0, 5, 10] },
    });
  });

  it('places local wall-clock samples with the fallback zone, DST included, and keeps to the window', () => {
    const window = { start: new Date('2026-03-28T00:00:00Z'), end: new Date('2026-03-30T00:00:00Z') };
    const [series] = mapPolarContinuousHeartRate(
      {
        polar_user: 'u',
        date: '2026-03-29',
        heart_rate_samples: [
          { heart_rate: 60, sample_time: '02:00:00' },
          { heart_rate: 61, sample_time: '05:00:00' },
        ],
      },
      'Europe/Helsinki',
      window,
    );
    expect(series!.samples.map((s) => s.timestamp)).toEqual([
      '2026-03-29T02:00:00+02:00',
      '2026-03-29T05:00:00+03:00',
    ]);
    const none = mapPolarContinuousHeartRate(
      {
        polar_user: 'u',
        date: '2026-04-05',
        heart_rate_samples: [{ heart_rate: 60, sample_time: '02:00:00' }],
      },
      null,
      window,
    );
    expect(none).toEqual([]);
  });

  it('sums daily activity steps from the samples, never also the day total', () => {
    const series = mapPolarActivity(
      {
        start_time: '2026-03-05T00:00:00',
        end_time: '2026-03-06T00:00:00',
        calories: 2100,
        active_calories: 450,
        steps: 700,
        distance_from_steps: 530,
        samples: {
          date: '2026-03-05',
          steps: {
            interval_ms: 900000,
            total_steps: 700,
            samples: [
              { steps: 0, timestamp: '2026-03-05T00:00:00' },
              { steps: 300, timestamp: '2026-03-05T08:00:00' },
              { steps: 400, timestamp: '2026-03-05T08:15:00' },
            ],
          },
        },
      },
      'UTC',
      { start: new Date('2026-03-05T00:00:00Z'), end: new Date('2026-03-06T00:00:00Z') },
    );
    const steps = series.find((s) => s.resource === 'steps')!.samples;
    expect(steps.map((s) => [s.timestamp, s.end, s.value])).toEqual([
      ['2026-03-05T08:00:00+00:00', '2026-03-05T08:15:00+00:00', 300],
      ['2026-03-05T08:15:00+00:00', '2026-03-05T08:30:00+00:00', 400],
    ]);
    expect(series.find((s) => s.resource === 'calories_basal')!.samples[0]!.value).toBe(1650);
  });

  it('reads ISO durations and local times', () => {
    expect(isoDurationSeconds('PT1H2M3.5S')).toBe(3723.5);
    expect(isoDurationSeconds('PT45M')).toBe(2700);
    expect(isoDurationSeconds('nonsense')).toBeNull();
    expect(localToInstant('2026-03-05T10:00:00', { offset: -18000 })).toEqual({
      ms: Date.parse('2026-03-05T15:00:00Z'),
      offset: -18000,
    });
    expect(localToInstant('2026-03-05T10:00:00', {})).toEqual({
      ms: Date.parse('2026-03-05T10:00:00Z'),
      offset: null,
    });
  });

  it('turns a signed event into a notification for its stream', () => {
    const secret = 'abc123';
    const body = JSON.stringify({
      event: 'EXERCISE',
      user_id: 475,
      entity_id: 'aQlC83',
      timestamp: '2026-03-05T10:00:00Z',
      url: 'https://www.polaraccesslink.com/v3/exercises/aQlC83',
    });
    const req = (signature: string): InboundWebhook => ({
      method: 'POST',
      headers: { 'Polar-Webhook-Signature': signature },
      query: {},
      rawBody: Buffer.from(body),
      url: 'https://meridian.example/webhooks/polar',
    });
    const client = { clientId: 'c', clientSecret: 's', details: { webhook_secret: secret } };
    expect(handlePolarWebhook(req(polarSignature(secret, body)), client)).toEqual({
      kind: 'notifications',
      status: 200,
      notifications: [{ externalUserId: '475', streams: ['exercises'], start: null, end: null }],
    });
    expect(handlePolarWebhook(req(polarSignature('other', body)), client)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    expect(
      handlePolarWebhook(req(polarSignature(secret, body)), { clientId: 'c', clientSecret: 's' }),
    ).toMatchObject({ kind: 'rejected' });
  });
});
