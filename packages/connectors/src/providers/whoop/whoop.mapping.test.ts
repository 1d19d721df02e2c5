import type { InboundWebhook } from '../../connector';
import { atOffset, offsetSeconds } from './whoop-api';
import { mapWhoopBody } from './whoop-profile';
import { mapWhoopRecoveries } from './whoop-recovery';
import { mapWhoopSleep } from './whoop-sleep';
import { handleWhoopWebhook, whoopSignature } from './whoop-webhook';
import { mapWhoopWorkout } from './whoop-workouts';

// Records shaped like the examples of developer.whoop.com/api (v2).
const SLEEP = {
  id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
  cycle_id: 93845,
  user_id: 10129,
  created_at: '2022-04-24T11:25:44.774Z',
  updated_at: '2022-04-24T14:25:44.774Z',
  start: '2022-04-24T02:25:44.774Z',
  end: '2022-04-24T10:25:44.774Z',
  timezone_offset: '-05:00',
  nap: false,
  score_state: 'SCORED' as const,
  score: {
    stage_summary: {
      total_in_bed_time_milli: 30272735,
      total_awake_time_milli: 1403507,
      total_no_data_time_milli: 0,
      total_light_sleep_time_milli: 14905851,
      total_slow_wave_sleep_time_milli: 6630370,
      total_rem_sleep_time_milli: 5879573,
      sleep_cycle_count: 3,
      disturbance_count: 12,
    },
    respiratory_rate: 16.11328125,
    sleep_performance_percentage: 98,
    sleep_consistency_percentage: 90,
    sleep_efficiency_percentage: 91.69533848,
  },
};

const WORKOUT = {
  id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
  user_id: 9012,
  start: '2022-04-24T02:25:44.774Z',
  end: '2022-04-24T10:25:44.774Z',
  timezone_offset: '-05:00',
  sport_name: 'running',
  sport_id: 1,
  score_state: 'SCORED',
  score: {
    strain: 8.2463,
    average_heart_rate: 123,
    max_heart_rate: 146,
    kilojoule: 1569.34033203125,
    percent_recorded: 100,
    distance_meter: 1772.77035916,
    altitude_gain_meter: 46.64384460449,
    altitude_change_meter: -0.781372010707855,
    zone_durations: {
      zone_zero_milli: 300000,
      zone_one_milli: 600000,
      zone_two_milli: 900000,
      zone_three_milli: 900000,
      zone_four_milli: 600000,
      zone_five_milli: 300000,
    },
  },
};

describe('WHOOP v2 mapping', () => {
  it('reads time zone designators', () => {
    expect(offsetSeconds('-05:00')).toBe(-18_000);
    expect(offsetSeconds('+05:30')).toBe(19_800);
    expect(offsetSeconds('Z')).toBe(0);
    expect(offsetSeconds('EST')).toBeNull();
    expect(atOffset('2022-04-24T02:25:44.774Z', -18_000)).toBe('2022-04-23T21:25:44.774-05:00');
  });

  it('maps a scored sleep: stages in seconds, local bedtimes, performance as the score', () => {
    expect(mapWhoopSleep(SLEEP)).toEqual({
      kind: 'sleep',
      source: { provider: 'whoop_v2', type: 'watch' },
      provider_id: SLEEP.id,
      timezone_offset: -18_000,
      fields: {
        bedtime_start: '2022-04-23T21:25:44.774-05:00',
        bedtime_stop: '2022-04-24T05:25:44.774-05:00',
        type: null,
        duration: 30273,
        total: 14906 + 6630 + 5880,
        awake: 1404,
        light: 14906,
        deep: 6630,
        rem: 5880,
        score: 98,
        efficiency: 91.69533848,
        respiratory_rate: 16.11328125,
        state: 'confirmed',
      },
    });
    const pending = mapWhoopSleep({ ...SLEEP, nap: true, score_state: 'PENDING_SCORE' });
    expect(pending.fields).toMatchObject({
      type: 'acknowledged_nap',
      state: 'tentative',
      total: null,
      score: null,
    });
  });

  it('maps a workout: kilojoules to kcal, six heart-rate zones in seconds', () => {
    expect(mapWhoopWorkout(WORKOUT)).toEqual({
      kind: 'workouts',
      source: { provider: 'whoop_v2', type: 'watch', sport: 'running' },
      provider_id: WORKOUT.id,
      timezone_offset: -18_000,
      fields: {
        title: 'running',
        time_start: '2022-04-23T21:25:44.774-05:00',
        time_end: '2022-04-24T05:25:44.774-05:00',
        average_hr: 123,
        max_hr: 146,
        calories: 375.1,
        distance: 1772.77035916,
        total_elevation_gain: 46.64384460449,
        hr_zones: [300, 600, 900, 900, 600, 300],
        sport: { id: 1, name: 'running', slug: 'running' },
      },
    });
  });

  it('maps scored recoveries to HRV and SpO2 samples, skips unscored ones', () => {
    const series = mapWhoopRecoveries([
      {
        cycle_id: 93845,
        sleep_id: '123e4567-e89b-12d3-a456-426614174000',
        created_at: '2022-04-24T11:25:44.774Z',
        score_state: 'SCORED',
        score: {
          hrv_rmssd_milli: 31.813562,
          resting_heart_rate: 64,
          spo2_percentage: 95.6875,
          recovery_score: 44,
        },
      },
      {
        cycle_id: 93846,
        sleep_id: 'x',
        created_at: '2022-04-25T11:25:44.774Z',
        score_state: 'PENDING_SCORE',
      },
    ]);
    expect(series).toEqual([
      {
        resource: 'hrv',
        source: { provider: 'whoop_v2', type: 'watch' },
        samples: [{ timestamp: '2022-04-24T11:25:44.774+00:00', value: 31.81, unit: 'ms' }],
      },
      {
        resource: 'blood_oxygen',
        source: { provider: 'whoop_v2', type: 'watch' },
        samples: [{ timestamp: '2022-04-24T11:25:44.774+00:00', value: 95.69, unit: '%' }],
      },
    ]);
  });

  it('maps the body measurement to a profile height in cm', () => {
    expect(
      mapWhoopBody(10129, { height_meter: 1.8288, weight_kilogram: 90.7185, max_heart_rate: 200 }).fields,
    ).toEqual({ height: 182.9 });
  });

  it('verifies webhook signatures over timestamp + raw body', () => {
    const client = { clientId: 'id', clientSecret: 'secret' };
    const body = JSON.stringify({
      user_id: 10129,
      id: SLEEP.id,
      type: 'sleep.updated',
      trace_id: 'd3709ee7',
    });
    const now = 1_748_241_241_000;
    const hook = (headers: Record<string, string>, raw = body): InboundWebhook => ({
      method: 'POST',
      headers,
      query: {},
      rawBody: Buffer.from(raw),
      url: 'https://meridian.example/webhooks/whoop',
    });
    const signed = {
      'x-whoop-signature-timestamp': String(now),
      'x-whoop-signature': whoopSignature('secret', String(now), body),
    };
    expect(handleWhoopWebhook(hook(signed), client, now)).toEqual({
      kind: 'notifications',
      status: 204,
      notifications: [{ externalUserId: '10129', streams: ['sleep'], start: null, end: null }],
    });
    expect(handleWhoopWebhook(hook(signed, body.replace('10129', '10130')), client, now)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    expect(handleWhoopWebhook(hook(signed), client, now + 6 * 60_000)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    expect(handleWhoopWebhook(hook({}), client, now)).toMatchObject({ kind: 'rejected', status: 401 });
  });
});
