import type { InboundWebhook } from '../../connector';
import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../errors';
import { mapActivityDays, parseActivities } from './withings-activity';
import { unwrapTokenEnvelope } from './withings-auth';
import { statusError, unwrapEnvelope } from './withings-envelope';
import { mapMeasureGroups, parseGetmeas } from './withings-measures';
import { mapSleepSegments, mapSleepSummary, parseSleepSummaries } from './withings-sleep';
import { handleWithingsWebhook } from './withings-webhook';

// Payloads shaped like the examples of developer.withings.com/api-reference.
const GETMEAS = {
  status: 0,
  body: {
    updatetime: 1590000000,
    timezone: 'Europe/Paris',
    measuregrps: [
      {
        grpid: 123456789,
        attrib: 0,
        date: 1590000000,
        created: 1590000100,
        modified: 1590000100,
        category: 1,
        deviceid: 'abc123def456',
        measures: [
          { value: 7500, type: 1, unit: -2 },
          { value: 180, type: 6, unit: -1 },
          { value: 61500, type: 5, unit: -3 },
          { value: 3100, type: 76, unit: -2 },
        ],
        comment: null,
      },
      {
        grpid: 5,
        attrib: 0,
        date: 1590003600,
        category: 1,
        measures: [
          { value: 78, type: 9, unit: 0 },
          { value: 121, type: 10, unit: 0 },
          { value: 64, type: 11, unit: 0 },
        ],
      },
      { grpid: 6, attrib: 0, date: 1590003600, category: 2, measures: [{ value: 70, type: 1, unit: 0 }] },
    ],
    more: 0,
    offset: 0,
  },
};

describe('Withings mapping', () => {
  it('maps a weigh-in to weight, fat and lean mass samples plus a body summary, in the group zone', () => {
    const { timeseries, summaries } = mapMeasureGroups(parseGetmeas(unwrapEnvelope(GETMEAS)), null);
    const byResource = Object.fromEntries(timeseries.map((t) => [t.resource, t]));
    expect(byResource.weight).toEqual({
      resource: 'weight',
      source: { provider: 'withings', type: 'scale', device_id: null },
      samples: [{ timestamp: '2020-05-20T20:40:00+02:00', timezone_offset: 7200, value: 75, unit: 'kg' }],
    });
    expect(byResource.fat!.samples[0]).toMatchObject({ value: 18, unit: '%' });
    expect(byResource.lean_body_mass!.samples[0]).toMatchObject({
      value: 61.5,
      end: '2020-05-20T20:41:00+02:00',
    });
    expect(byResource.blood_pressure!.samples).toEqual([
      {
        timestamp: '2020-05-20T21:40:00+02:00',
        timezone_offset: 7200,
        systolic: 121,
        diastolic: 78,
        unit: 'mmHg',
      },
    ]);
    expect(byResource.blood_pressure!.source.type).toBe('cuff');
    expect(byResource.heartrate!.samples[0]).toMatchObject({ value: 64, unit: 'bpm' });
    // Category 2 (objectives) is not data.
    expect(byResource.weight!.samples).toHaveLength(1);
    expect(summaries).toEqual([
      {
        kind: 'body',
        source: { provider: 'withings', type: 'scale', device_id: null },
        provider_id: '123456789',
        time_zone: 'Europe/Paris',
        timestamp: '2020-05-20T20:40:00+02:00',
        fields: {
          weight: 75,
          fat: 18,
          lean_body_mass_kilogram: 61.5,
          muscle_mass_percentage: 41.33,
          water_percentage: null,
          bone_mass_percentage: null,
        },
      },
    ]);
  });

  it('maps a sleep summary (efficiency as a ratio) and its stages', () => {
    const { series } = parseSleepSummaries({
      series: [
        {
          id: 987654321,
          timezone: 'Europe/Paris',
          model: 32,
          startdate: 1589932800,
          enddate: 1589961600,
          date: '2020-05-20',
          data: {
            sleep_efficiency: 0.875,
            sleep_latency: 720,
            total_sleep_time: 25200,
            total_timeinbed: 28800,
            hr_average: 58,
            hr_min: 48,
            rr_average: 15,
            deepsleepduration: 5400,
            lightsleepduration: 12600,
            remsleepduration: 7200,
            wakeupduration: 1800,
            sleep_score: 81,
          },
        },
      ],
      more: false,
      offset: 0,
    });
    const night = series[0]!;
    expect(mapSleepSummary(night, null)).toEqual({
      kind: 'sleep',
      source: { provider: 'withings', type: 'unknown' },
      provider_id: '987654321',
      time_zone: 'Europe/Paris',
      timezone_offset: 7200,
      fields: {
        bedtime_start: '2020-05-20T02:00:00+02:00',
        bedtime_stop: '2020-05-20T10:00:00+02:00',
        duration: 28800,
        total: 25200,
        awake: 1800,
        light: 12600,
        deep: 5400,
        rem: 7200,
        latency: 720,
        efficiency: 87.5,
        hr_average: 58,
        hr_lowest: 48,
        respiratory_rate: 15,
        score: 81,
        state: 'confirmed',
      },
    });
    const { cycle, timeseries } = mapSleepSegments(
      night,
      [
        { startdate: 1589932800, enddate: 1589933400, state: 0, hr: { '1589932800': 61 } },
        { startdate: 1589933400, enddate: 1589940000, state: 1 },
        { startdate: 1589940000, enddate: 1589943600, state: 2, rr: { '1589940000': 14 } },
        { startdate: 1589943600, enddate: 1589947200, state: 3 },
      ],
      null,
    );
    expect(cycle?.fields).toMatchObject({
      sleep_provider_id: '987654321',
      stage_start_offset_second: [0, 600, 7200, 10800],
      stage_end_offset_second: [600, 7200, 10800, 14400],
      stage_type: [4, 2, 1, 3],
    });
    expect(timeseries.map((t) => [t.resource, t.samples.length])).toEqual([
      ['heartrate', 1],
      ['respiratory_rate', 1],
    ]);
  });

  it('maps an activity day onto local-day intervals, active and basal calories apart', () => {
    const { days } = parseActivities({
      activities: [
        {
          date: '2020-05-20',
          timezone: 'Europe/Paris',
          is_tracker: true,
          steps: 8543,
          distance: 6234.5,
          elevation: 25,
          calories: 312.5,
          totalcalories: 2150,
        },
      ],
    });
    const series = mapActivityDays(days, null);
    const byResource = Object.fromEntries(series.map((t) => [t.resource, t.samples[0]]));
    expect(byResource.steps).toEqual({
      timestamp: '2020-05-20T00:00:00+02:00',
      end: '2020-05-21T00:00:00+02:00',
      timezone_offset: 7200,
      value: 8543,
      unit: 'count',
    });
    expect(byResource.calories_active).toMatchObject({ value: 312.5, unit: 'kcal' });
    expect(byResource.calories_basal).toMatchObject({ value: 1837.5, unit: 'kcal' });
    expect(byResource.floors_climbed).toMatchObject({ value: 25 });
    expect(series[0]!.source.type).toBe('watch');
  });

  it('reads the status families of the envelope', () => {
    expect(statusError(401)).toMatchObject({ name: 'ProviderAuthError', reason: 'token_revoked' });
    expect(statusError(601)).toBeInstanceOf(ProviderRateLimitError);
    expect(statusError(522)).toBeInstanceOf(ProviderUnavailableError);
    expect(statusError(503)).toBeInstanceOf(ProviderResponseError);
    expect(statusError(293)).toBeInstanceOf(ProviderResponseError);
    expect(statusError(215)).toBeInstanceOf(ProviderUnavailableError);
    expect(() => unwrapEnvelope({ body: {} })).toThrow(ProviderResponseError);
    expect(() =>
      unwrapTokenEnvelope({ status: 503, body: {}, error: 'Invalid Params: invalid code' }),
    ).toThrow(ProviderAuthError);
    expect(() => unwrapTokenEnvelope({ status: 601, body: {} })).toThrow(ProviderRateLimitError);
    expect(unwrapTokenEnvelope({ status: 0, body: { access_token: 'a', userid: 363 } })).toEqual({
      access_token: 'a',
      userid: 363,
    });
  });

  it('parses notifications: the callback check, data notifications, user unlinks, junk', () => {
    const hook = (method: string, body = ''): InboundWebhook => ({
      method,
      headers: {},
      query: {},
      rawBody: Buffer.from(body),
      url: 'https://meridian.example/webhooks/withings',
    });
    expect(handleWithingsWebhook(hook('HEAD'))).toMatchObject({ kind: 'challenge', status: 200 });
    expect(
      handleWithingsWebhook(hook('POST', 'userid=12345&appli=1&startdate=1530576000&enddate=1530698753')),
    ).toEqual({
      kind: 'notifications',
      status: 200,
      body: '',
      notifications: [
        {
          externalUserId: '12345',
          streams: ['measures'],
          start: new Date(1530576000000),
          end: new Date(1530698754000),
        },
      ],
    });
    expect(handleWithingsWebhook(hook('POST', 'userid=12345&appli=46&action=unlink'))).toMatchObject({
      notifications: [{ externalUserId: '12345', deregistered: true }],
    });
    expect(handleWithingsWebhook(hook('POST', 'userid=12345&appli=50'))).toMatchObject({
      kind: 'notifications',
      notifications: [],
    });
    expect(handleWithingsWebhook(hook('POST', 'appli=1'))).toMatchObject({ kind: 'rejected', status: 400 });
  });
});
