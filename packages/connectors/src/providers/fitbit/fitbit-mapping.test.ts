import { createHmac } from 'node:crypto';
import { mapFitbitWeights } from './map-body';
import { mapFitbitExercises } from './map-exercise';
import { intradayDataset, intradaySamples } from './map-intraday';
import { mapFitbitProfile } from './map-profile';
import { mapFitbitSleeps } from './map-sleep';
import { localInstant } from './fitbit-time';
import { fitbitWebhook, notificationsOf } from './fitbit-webhook';

/** Mapping of payloads shaped like the Fitbit Web API reference's examples. */

const ALL = { start: new Date('2010-01-01T00:00:00Z'), end: new Date('2030-01-01T00:00:00Z') };

describe('Fitbit local times', () => {
  it('reads local wall-clock times in the profile zone, across DST', () => {
    expect(localInstant('2026-03-07T12:00:00', 'America/New_York')).toEqual({
      ms: Date.parse('2026-03-07T17:00:00Z'),
      offset: -18000,
    });
    expect(localInstant('2026-03-09T12:00:00.000', 'America/New_York')).toEqual({
      ms: Date.parse('2026-03-09T16:00:00Z'),
      offset: -14400,
    });
    expect(localInstant('not a time', 'UTC')).toBeNull();
  });
});

describe('Fitbit mapping', () => {
  it('intraday heart rate becomes points, steps minute intervals without the zero minutes', () => {
    const heart = intradayDataset(
      {
        'activities-heart': [{ dateTime: '2019-01-01', value: {} }],
        'activities-heart-intraday': {
          dataset: [
            { time: '00:00:00', value: 64 },
            { time: '00:01:00', value: 63 },
          ],
          datasetInterval: 1,
          datasetType: 'minute',
        },
      },
      'heart',
    );
    const w = { date: '2019-01-01', zone: 'Europe/Berlin', ...ALL };
    expect(intradaySamples(heart, w, { interval: false, unit: 'bpm', skipZero: true })).toEqual([
      { timestamp: '2019-01-01T00:00:00+01:00', timezone_offset: 3600, value: 64, unit: 'bpm' },
      { timestamp: '2019-01-01T00:01:00+01:00', timezone_offset: 3600, value: 63, unit: 'bpm' },
    ]);
    const steps = intradayDataset(
      {
        'activities-steps-intraday': {
          dataset: [
            { time: '08:00:00', value: 0 },
            { time: '08:01:00', value: 42 },
          ],
        },
      },
      'steps',
    );
    expect(intradaySamples(steps, w, { interval: true, unit: 'count', skipZero: true })).toEqual([
      {
        timestamp: '2019-01-01T08:01:00+01:00',
        end: '2019-01-01T08:02:00+01:00',
        timezone_offset: 3600,
        value: 42,
        unit: 'count',
      },
    ]);
    expect(() => intradayDataset({ 'activities-steps': [] }, 'steps')).toThrow('without a dataset');
  });

  it('a stages sleep log becomes a summary and hypnogram', () => {
    const log = {
      dateOfSleep: '2020-02-21',
      duration: 27720000,
      efficiency: 97,
      endTime: '2020-02-21T07:03:30.000',
      isMainSleep: true,
      levels: {
        data: [
          { dateTime: '2020-02-20T23:21:30.000', level: 'wake', seconds: 630 },
          { dateTime: '2020-02-20T23:32:00.000', level: 'light', seconds: 30 },
          { dateTime: '2020-02-20T23:32:30.000', level: 'deep', seconds: 870 },
        ],
        summary: {
          deep: { minutes: 104 },
          light: { minutes: 226 },
          rem: { minutes: 95 },
          wake: { minutes: 37 },
        },
      },
      logId: 26013218219,
      minutesAsleep: 425,
      minutesAwake: 37,
      minutesToFallAsleep: 0,
      startTime: '2020-02-20T23:21:30.000',
      timeInBed: 462,
      type: 'stages',
    };
    const { summaries, timeseries } = mapFitbitSleeps([log], 'America/Los_Angeles', ALL.start, ALL.end);
    expect(summaries[0]).toMatchObject({
      kind: 'sleep',
      provider_id: '26013218219',
      timezone_offset: -28800,
      fields: {
        bedtime_start: '2020-02-20T23:21:30-08:00',
        bedtime_stop: '2020-02-21T07:03:30-08:00',
        type: 'long_sleep',
        duration: 27720,
        total: 25500,
        deep: 6240,
        light: 13560,
        rem: 5700,
        awake: 2220,
        efficiency: 97,
      },
    });
    expect(timeseries[0]!.samples.map((s) => [s.timestamp, s.value])).toEqual([
      ['2020-02-20T23:21:30-08:00', 4],
      ['2020-02-20T23:32:00-08:00', 2],
      ['2020-02-20T23:32:30-08:00', 1],
    ]);
    // A log ending outside the window belongs to another window.
    expect(
      mapFitbitSleeps([log], 'America/Los_Angeles', ALL.start, new Date('2020-02-21T15:00:00Z')).summaries,
    ).toEqual([]);
  });

  it('exercise logs, weigh-ins and the profile', () => {
    const [w] = mapFitbitExercises(
      [
        {
          logId: 19018673358,
          activityName: 'Walk',
          activityTypeId: 90013,
          startTime: '2019-01-03T12:08:23.000-08:00',
          duration: 1536000,
          activeDuration: 1536000,
          calories: 204,
          distance: 1.6,
          distanceUnit: 'Kilometer',
          steps: 1799,
          averageHeartRate: 105,
        },
      ],
      ALL.start,
      ALL.end,
    );
    expect(w).toMatchObject({
      provider_id: '19018673358',
      timezone_offset: -28800,
      fields: {
        time_start: '2019-01-03T12:08:23.000-08:00',
        time_end: '2019-01-03T12:33:59-08:00',
        distance: 1600,
        steps: 1799,
        average_hr: 105,
        moving_time: 1536,
        sport: { slug: 'walking', id: 3 },
      },
    });
    const body = mapFitbitWeights(
      [
        {
          bmi: 23.57,
          date: '2019-03-04',
          fat: 13.4,
          logId: 1553067494000,
          source: 'Aria',
          time: '07:38:14',
          weight: 72.5,
        },
      ],
      'Europe/London',
      ALL.start,
      ALL.end,
    );
    expect(body.summaries[0]).toMatchObject({
      kind: 'body',
      timestamp: '2019-03-04T07:38:14+00:00',
      fields: { weight: 72.5, fat: 13.4, body_mass_index: 23.57 },
    });
    expect(body.timeseries.map((t) => [t.resource, t.source.type, t.samples[0]!.unit])).toEqual([
      ['weight', 'scale', 'kg'],
      ['fat', 'scale', '%'],
    ]);
    expect(
      mapFitbitProfile({ encodedId: 'GGNJL9', height: 180.3, dateOfBirth: '1990-05-02', gender: 'MALE' })[0],
    ).toMatchObject({
      provider_id: 'GGNJL9',
      fields: { height: 180.3, birth_date: '1990-05-02', sex: 'male', gender: 'male' },
    });
  });
});

describe('Fitbit notifications', () => {
  it('groups collections into streams and flags revocations', () => {
    expect(
      notificationsOf([
        {
          collectionType: 'activities',
          date: '2020-06-01',
          ownerId: 'GGNJL9',
          ownerType: 'user',
          subscriptionId: '1',
        },
        { collectionType: 'foods', date: '2020-06-01', ownerId: 'GGNJL9' },
        { collectionType: 'userRevokedAccess', ownerId: 'ABC123' },
      ]),
    ).toEqual([
      {
        externalUserId: 'GGNJL9',
        streams: ['activity', 'heartrate', 'workouts'],
        start: new Date('2020-05-31T00:00:00Z'),
        end: new Date('2020-06-03T00:00:00Z'),
      },
      { externalUserId: 'ABC123', streams: [], deregistered: true },
    ]);
  });

  it('checks X-Fitbit-Signature against the raw body', async () => {
    const rawBody = Buffer.from('[{"collectionType":"sleep","date":"2020-06-01","ownerId":"GGNJL9"}]');
    const signature = createHmac('sha1', 'secret&').update(rawBody).digest('base64');
    const handle = (sig: string) =>
      fitbitWebhook.handle(
        { method: 'POST', headers: { 'x-fitbit-signature': sig }, query: {}, rawBody, url: 'https://x/' },
        { clientId: 'c', clientSecret: 'secret' },
      );
    expect(await handle(signature)).toMatchObject({ kind: 'notifications', status: 204 });
    expect(
      await handle(
        signature.replace(/^./, 'A') === signature ? 'B' + signature.slice(1) : 'A' + signature.slice(1),
      ),
    ).toMatchObject({ kind: 'rejected', status: 404 });
  });
});
