import { createHmac } from 'node:crypto';
import { isoDateTimeMs } from '@meridian/domain';
import { mapOuraDailyActivity } from './map-daily-activity';
import { mapOuraHeartRate, utcSecondsInstant } from './map-heartrate';
import { mapOuraPersonalInfo } from './map-personal-info';
import { mapOuraSleeps } from './map-sleep';
import { mapOuraWorkouts } from './map-workout';
import { ouraVerificationToken, ouraWebhook } from './oura-webhook';

/** Mapping of payloads shaped like the Oura API v2 documentation's examples. */

describe('Oura mapping', () => {
  it('heart rate rows become bpm points inside the window only', () => {
    const rows = [
      { timestamp: '2026-03-01T23:55:00+00:00', bpm: 61, source: 'awake' },
      { timestamp: '2026-03-02T00:00:00+00:00', bpm: 58, source: 'sleep' },
      { timestamp: '2026-03-02T00:05:00+00:00', bpm: 57, source: 'sleep' },
    ];
    const [series] = mapOuraHeartRate(
      rows,
      new Date('2026-03-02T00:00:00Z'),
      new Date('2026-03-03T00:00:00Z'),
    );
    expect(series).toEqual({
      resource: 'heartrate',
      source: { provider: 'oura', type: 'ring' },
      samples: [
        { timestamp: '2026-03-02T00:00:00+00:00', value: 58, unit: 'bpm' },
        { timestamp: '2026-03-02T00:05:00+00:00', value: 57, unit: 'bpm' },
      ],
    });
  });

  it('reads Oura heart-rate instants as the ISO 8601 reader does, without its regular expression', () => {
    const texts = [
      '2026-03-02T00:05:00+00:00',
      '2024-02-29T23:59:59+00:00',
      '2000-02-29T12:00:00+00:00',
      '1970-01-01T00:00:00+00:00',
      '9999-12-31T23:59:59+00:00',
    ];
    for (const text of texts) expect(utcSecondsInstant(text)).toBe(isoDateTimeMs(text));
    for (const text of [
      '2023-02-29T00:00:00+00:00',
      '1900-02-29T00:00:00+00:00',
      '2026-04-31T00:00:00+00:00',
      '2026-13-01T00:00:00+00:00',
      '2026-03-02T24:00:00+00:00',
      '2026-03-02T00:60:00+00:00',
      '2026-03-02T00:00:60+00:00',
      '2026-03-0xT00:00:00+00:00',
    ])
      expect([text, utcSecondsInstant(text), isoDateTimeMs(text)]).toEqual([text, undefined, null]);
    // Other forms are the general reader's.
    for (const text of ['2026-03-02T00:05:00Z', '2026-03-02T00:05:00+02:00', '0999-03-02T00:05:00+00:00'])
      expect(utcSecondsInstant(text)).toBeUndefined();
  });

  it('heart rate timestamps ingestion would not read as they are are rewritten as UTC ISO instants', () => {
    const rows = [
      { timestamp: 'Mon, 02 Mar 2026 00:10:00 GMT', bpm: 59, source: 'sleep' },
      { timestamp: 'not a time', bpm: 60, source: 'sleep' },
    ];
    const [series] = mapOuraHeartRate(
      rows,
      new Date('2026-03-02T00:00:00Z'),
      new Date('2026-03-03T00:00:00Z'),
    );
    expect(series?.samples).toEqual([{ timestamp: '2026-03-02T00:10:00.000Z', value: 59, unit: 'bpm' }]);
  });

  it('a sleep period becomes a summary, hypnogram runs and HRV points in the wearer offset', () => {
    const sleep = {
      id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
      day: '2026-03-02',
      type: 'long_sleep',
      bedtime_start: '2026-03-01T23:00:00+02:00',
      bedtime_end: '2026-03-01T23:30:00+02:00',
      time_in_bed: 1800,
      total_sleep_duration: 1200,
      awake_time: 600,
      light_sleep_duration: 600,
      rem_sleep_duration: 300,
      deep_sleep_duration: 300,
      efficiency: 67,
      latency: 600,
      lowest_heart_rate: 48,
      average_heart_rate: 52.5,
      average_hrv: 41,
      average_breath: 14.8,
      hrv: { interval: 300, items: [40, null, 44], timestamp: '2026-03-01T23:00:00+02:00' },
      sleep_phase_5_min: '442213',
      readiness: { score: 80, temperature_deviation: -0.2 },
    };
    const { summaries, timeseries } = mapOuraSleeps([sleep, { ...sleep, id: 'gone', type: 'deleted' }]);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      kind: 'sleep',
      provider_id: sleep.id,
      timezone_offset: 7200,
      fields: {
        bedtime_stop: '2026-03-01T23:30:00+02:00',
        type: 'long_sleep',
        duration: 1800,
        total: 1200,
        deep: 300,
        respiratory_rate: 14.8,
        recovery_readiness_score: 80,
        temperature_delta: -0.2,
      },
    });
    const hypnogram = timeseries.find((t) => t.resource === 'hypnogram')!.samples;
    expect(hypnogram.map((s) => [s.timestamp, s.end, s.value])).toEqual([
      ['2026-03-01T23:00:00+02:00', '2026-03-01T23:10:00+02:00', 4],
      ['2026-03-01T23:10:00+02:00', '2026-03-01T23:20:00+02:00', 2],
      ['2026-03-01T23:20:00+02:00', '2026-03-01T23:25:00+02:00', 1],
      ['2026-03-01T23:25:00+02:00', '2026-03-01T23:30:00+02:00', 3],
    ]);
    expect(timeseries.find((t) => t.resource === 'hrv')!.samples.map((s) => [s.timestamp, s.value])).toEqual([
      ['2026-03-01T23:00:00+02:00', 40],
      ['2026-03-01T23:10:00+02:00', 44],
    ]);
  });

  it('daily activity becomes day-long intervals from the 04:00 local start', () => {
    const series = mapOuraDailyActivity([
      {
        id: 'a',
        day: '2026-03-02',
        timestamp: '2026-03-02T04:00:00-08:00',
        steps: 9120,
        active_calories: 410,
        total_calories: 2310,
        equivalent_walking_distance: 7020,
      },
    ]);
    expect(series.map((t) => [t.resource, t.samples[0]!.value, t.samples[0]!.unit])).toEqual([
      ['steps', 9120, 'count'],
      ['calories_active', 410, 'kcal'],
      ['distance', 7020, 'm'],
      ['calories_basal', 1900, 'kcal'],
    ]);
    expect(series[0]!.samples[0]).toMatchObject({
      timestamp: '2026-03-02T04:00:00-08:00',
      end: '2026-03-03T04:00:00-08:00',
      timezone_offset: -28800,
    });
  });

  it('workouts and personal info', () => {
    const [w] = mapOuraWorkouts([
      {
        id: 'w1',
        day: '2026-03-02',
        activity: 'strengthTraining',
        start_datetime: '2026-03-02T18:00:00+01:00',
        end_datetime: '2026-03-02T18:45:00+01:00',
        calories: 320.5,
        distance: null,
        label: null,
      },
    ]);
    expect(w).toMatchObject({
      kind: 'workouts',
      provider_id: 'w1',
      fields: {
        title: 'Strength Training',
        calories: 320.5,
        distance: null,
        timezone_offset: 3600,
        sport: { id: 5, slug: 'strength_training' },
      },
    });
    expect(
      mapOuraPersonalInfo({ id: 'u1', age: 31, weight: 64.2, height: 1.71, biological_sex: 'female' })[0],
    ).toMatchObject({
      kind: 'profile',
      provider_id: 'u1',
      fields: { height: 171, sex: 'female' },
    });
  });
});

describe('Oura webhook', () => {
  const client = { clientId: 'c', clientSecret: 'shh' };
  const body = Buffer.from(
    JSON.stringify({
      event_type: 'create',
      data_type: 'daily_activity',
      object_id: 'x',
      event_time: '2026-03-02T08:00:00+00:00',
      user_id: 'u1',
    }),
  );
  const sign = (secret: string, ts: string) =>
    createHmac('sha256', secret)
      .update(ts + body.toString())
      .digest('hex')
      .toUpperCase();
  const post = (signature: string) =>
    ouraWebhook.handle(
      {
        method: 'POST',
        headers: { 'x-oura-signature': signature, 'x-oura-timestamp': '1772438400' },
        query: {},
        rawBody: body,
        url: 'https://x/',
      },
      client,
    );

  it('accepts the documented signature and names the user and stream', async () => {
    expect(await post(sign('shh', '1772438400'))).toEqual({
      kind: 'notifications',
      status: 200,
      notifications: [{ externalUserId: 'u1', streams: ['activity'], start: null, end: null }],
    });
    expect(await post(sign('other', '1772438400'))).toMatchObject({ kind: 'rejected', status: 401 });
  });

  it('echoes the challenge for our verification token only', async () => {
    const get = (token: string) =>
      ouraWebhook.handle(
        {
          method: 'GET',
          headers: {},
          query: { verification_token: token, challenge: 'ch-1' },
          rawBody: Buffer.alloc(0),
          url: 'https://x/',
        },
        client,
      );
    expect(await get(ouraVerificationToken(client))).toEqual({
      kind: 'challenge',
      status: 200,
      body: { challenge: 'ch-1' },
    });
    expect(await get('guess')).toMatchObject({ kind: 'rejected' });
    expect(ouraVerificationToken({ ...client, details: { verification_token: 'team-token' } })).toBe(
      'team-token',
    );
  });
});
