import type { InboundWebhook } from '../../connector';
import { mapActivity, streamData } from './map-strava-activity';
import { stravaRetryAfter } from './strava-request';
import { sportOf } from './strava-sports';
import { offsetOf, zoneOf } from './strava-time';
import { stravaWebhook } from './strava-webhook';

// A SummaryActivity shaped as in the Strava API reference (getLoggedInAthleteActivities example).
const activity = {
  resource_state: 2,
  athlete: { id: 134815, resource_state: 1 },
  name: 'Happy Friday',
  distance: 24931.4,
  moving_time: 4500,
  elapsed_time: 4500,
  total_elevation_gain: 0,
  type: 'Ride',
  sport_type: 'MountainBikeRide',
  workout_type: null,
  id: 154504250376823,
  external_id: 'garmin_push_12345678987654321',
  upload_id: 987654321234567900000,
  start_date: '2018-05-02T12:15:09Z',
  start_date_local: '2018-05-02T05:15:09Z',
  timezone: '(GMT-08:00) America/Los_Angeles',
  utc_offset: -25200,
  map: {
    id: 'a12345678987654321',
    summary_polyline:
      'ki{eFvqfiVqAWQIGEEKAYJgBVqDJ{BHa@jAkNJw@Pw@V{APs@^aABQAOEQGKoJ_FuJkFqAo@{A}@sH{DiAs@Q]?WVy@`@oBt@_CB]KYMMkB{AQEI@WT{BlE{@zAQPI@ICsCqA_BcAeCmAaFmCqIoEcLeG}KcG}A}@cDaBiDsByAkAuBqBi@y@_@o@o@kB}BgIoA_EUkAMcACa@BeBBq@LaAJe@b@uA`@_AdBcD`@iAPq@RgALqAB{@EqAyAoOCy@AqBEuC',
    resource_state: 2,
  },
  trainer: true,
  commute: false,
  manual: false,
  private: false,
  average_speed: 5.54,
  max_speed: 11,
  average_watts: 175.3,
  max_watts: 540,
  weighted_average_watts: 201,
  kilojoules: 788.7,
  device_watts: true,
  has_heartrate: true,
  average_heartrate: 140.3,
  max_heartrate: 178,
  elev_high: 16.4,
  elev_low: 5.8,
};

describe('Strava time and sport fields', () => {
  it('reads the IANA zone and the activity offset (DST included) from start_date_local', () => {
    expect(zoneOf('(GMT-08:00) America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(zoneOf('(GMT+00:00) Not/AZone')).toBeNull();
    expect(offsetOf('2018-05-02T12:15:09Z', '2018-05-02T05:15:09Z')).toBe(-7 * 3600);
    expect(offsetOf('2018-05-02T12:15:09Z', 'nonsense')).toBeNull();
  });

  it('maps sport_type first, then the older type, else other', () => {
    expect(sportOf('MountainBikeRide', 'Ride')).toEqual({ id: 2, slug: 'cycling', name: 'Cycling' });
    expect(sportOf('SomethingNew', 'Run').slug).toBe('running');
    expect(sportOf(undefined, 'Kitesurf').slug).toBe('other');
  });
});

describe('mapActivity', () => {
  it('maps a SummaryActivity to a workout with its time zone, offset and linked series', () => {
    const mapped = mapActivity(activity, null)!;
    expect(mapped.summary).toMatchObject({
      kind: 'workouts',
      provider_id: '154504250376823',
      source: { provider: 'strava' },
      time_zone: 'America/Los_Angeles',
      timezone_offset: -25200,
      fields: {
        title: 'Happy Friday',
        time_start: '2018-05-02T12:15:09.000Z',
        time_end: '2018-05-02T13:30:09.000Z',
        sport: { id: 2, slug: 'cycling', name: 'Cycling' },
        distance: 24931.4,
        moving_time: 4500,
        average_hr: 140.3,
        max_hr: 178,
        average_watts: 175.3,
        weighted_average_watts: 201,
        calories: null,
        map: { summary_polyline: activity.map.summary_polyline },
      },
    });
    expect(mapped.timeseries.map((t) => [t.resource, t.samples[0]!.value, t.samples[0]!.unit])).toEqual([
      ['workout_duration', 75, 'min'],
      ['workout_distance', 24931.4, 'm'],
    ]);
    expect(mapped.timeseries[0]!.source).toEqual({
      provider: 'strava',
      workout_provider_id: '154504250376823',
      sport: 'cycling',
    });
    expect(mapped.stream).toBeNull();
  });

  it('maps a StreamSet keyed by type: latlng to lat/lng, watts to power, heart rate to samples', () => {
    const set = {
      time: { data: [0, 5, 10], series_type: 'distance', original_size: 3, resolution: 'high' },
      latlng: {
        data: [
          [38.6, -122.8],
          [38.61, -122.81],
          [38.62, -122.82],
        ],
        series_type: 'distance',
        original_size: 3,
        resolution: 'high',
      },
      heartrate: { data: [120, 131, 0], series_type: 'distance', original_size: 3, resolution: 'high' },
      watts: { data: [150, null, 170], series_type: 'distance', original_size: 3, resolution: 'high' },
    };
    const mapped = mapActivity(activity, streamData(set))!;
    expect(mapped.stream).toEqual({
      workout_provider_id: '154504250376823',
      provider: 'strava',
      stream: {
        time: [0, 5, 10],
        heartrate: [120, 131, 0],
        lat: [38.6, 38.61, 38.62],
        lng: [-122.8, -122.81, -122.82],
      },
    });
    const hr = mapped.timeseries.find((t) => t.resource === 'heartrate')!;
    expect(hr.samples.map((s) => [s.timestamp, s.value])).toEqual([
      ['2018-05-02T12:15:09.000Z', 120],
      ['2018-05-02T12:15:14.000Z', 131],
    ]);
    // The list form (key_by_type omitted) reads the same.
    expect(streamData([{ type: 'time', data: [0, 5] }])).toEqual({ time: [0, 5] });
  });
});

describe('stravaRetryAfter', () => {
  const at = new Date('2026-03-01T12:05:30Z');
  it('waits for the next quarter hour, or for midnight UTC once the daily limit is used up', () => {
    expect(stravaRetryAfter({ 'x-ratelimit-limit': '100,1000', 'x-ratelimit-usage': '100,340' }, at)).toBe(
      570,
    );
    expect(stravaRetryAfter({ 'x-ratelimit-limit': '100,1000', 'x-ratelimit-usage': '12,1000' }, at)).toBe(
      11 * 3600 + 54 * 60 + 30,
    );
    expect(stravaRetryAfter({}, at)).toBe(570);
  });
});

describe('stravaWebhook', () => {
  const client = {
    clientId: '1',
    clientSecret: 's',
    details: { verify_token: 'vt', subscription_id: 120001 },
  };
  const inbound = (over: Partial<InboundWebhook>): InboundWebhook => ({
    method: 'POST',
    headers: {},
    query: {},
    rawBody: Buffer.from(''),
    url: 'https://x/webhooks/strava',
    ...over,
  });
  const post = (body: unknown) =>
    stravaWebhook.handle(inbound({ rawBody: Buffer.from(JSON.stringify(body)) }), client);

  it('echoes the challenge for our verify token only', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.challenge': '15f7d1a91c1f40', 'hub.verify_token': 'vt' };
    expect(stravaWebhook.handle(inbound({ method: 'GET', query }), client)).toEqual({
      kind: 'challenge',
      status: 200,
      body: { 'hub.challenge': '15f7d1a91c1f40' },
      contentType: 'application/json',
    });
    expect(
      stravaWebhook.handle(inbound({ method: 'GET', query: { ...query, 'hub.verify_token': 'vx' } }), client),
    ).toMatchObject({ kind: 'rejected', status: 403 });
    expect(stravaWebhook.handle(inbound({ method: 'GET', query }), { ...client, details: {} })).toMatchObject(
      { kind: 'rejected', status: 403 },
    );
  });

  it('maps activity events to fetch windows, deauthorization to deregistered, and refuses strangers', () => {
    const base = {
      object_type: 'activity',
      object_id: 1360128428,
      owner_id: 134815,
      subscription_id: 120001,
      event_time: 1516126040,
      updates: {},
    };
    expect(post({ ...base, aspect_type: 'create' })).toEqual({
      kind: 'notifications',
      notifications: [
        {
          externalUserId: '134815',
          streams: ['activities'],
          start: new Date((1516126040 - 3 * 86400) * 1000),
          end: new Date(1516126040 * 1000 + 60_000),
        },
      ],
    });
    expect(post({ ...base, aspect_type: 'update', updates: { title: 'Messy' } })).toMatchObject({
      notifications: [{ streams: ['activities'] }],
    });
    expect(post({ ...base, aspect_type: 'delete' })).toEqual({ kind: 'notifications', notifications: [] });
    expect(
      post({
        ...base,
        object_type: 'athlete',
        object_id: 134815,
        aspect_type: 'update',
        updates: { authorized: 'false' },
      }),
    ).toEqual({
      kind: 'notifications',
      notifications: [{ externalUserId: '134815', streams: [], deregistered: true }],
    });
    expect(post({ ...base, subscription_id: 999 })).toMatchObject({ kind: 'rejected', status: 403 });
    expect(post({ object_type: 'activity' })).toMatchObject({ kind: 'rejected', status: 400 });
    expect(stravaWebhook.handle(inbound({ rawBody: Buffer.from('{not json') }), client)).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
  });
});
