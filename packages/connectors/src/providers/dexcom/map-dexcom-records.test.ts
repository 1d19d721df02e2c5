import { ProviderResponseError } from '../../errors';
import { dexcomQueryTime, localOffsetSeconds, systemInstant } from './dexcom-time';
import { mapEgvs, mapEvents, recordsOf } from './map-dexcom-records';

// Records shaped as in the Dexcom v3 reference (getEstimatedGlucoseValuesV3, getEventsV3, getCalibrationsV3).
const appEvent = {
  recordId: '763923b7-5424-451e-b37d-fd8ff635b308',
  systemTime: '2022-02-06T09:12:35+00:00',
  displayTime: '2022-02-06T01:12:35-08:00',
  eventStatus: 'created',
  eventType: 'insulin',
  eventSubType: 'longActing',
  value: '14',
  unit: 'units',
  transmitterId: 'd55d01d0341ed0ba2cd99b322e8c5b609254f47d10c7cd12b99b4922effeba44',
  transmitterGeneration: 'g6',
  displayDevice: 'android',
};
const receiverEgv = {
  recordId: '3f17180d-5a7e-8450-09c8-cb7e76447107',
  systemTime: '2022-06-17T03:59:11',
  displayTime: '2022-06-16T20:59:58',
  transmitterId: '8HX3LM',
  transmitterTicks: 64309839,
  value: 138,
  status: 'ok',
  trend: 'fortyFiveUp',
  trendRate: 1.2,
  unit: 'mg/dL',
  rateUnit: 'mg/dL/min',
  displayDevice: 'receiver',
  transmitterGeneration: 'g6',
};
const wide = { start: new Date('2022-01-01T00:00:00Z'), end: new Date('2023-01-01T00:00:00Z') };

describe('Dexcom time fields', () => {
  it('reads systemTime without an offset as UTC and with one as written', () => {
    expect(systemInstant('2022-06-17T03:59:11')).toBe(Date.parse('2022-06-17T03:59:11Z'));
    expect(systemInstant('2022-02-06T09:12:35+00:00')).toBe(Date.parse('2022-02-06T09:12:35Z'));
    expect(systemInstant('2022-02-06T01:12:35-08:00')).toBe(Date.parse('2022-02-06T09:12:35Z'));
    expect(systemInstant('06/17/2022 03:59')).toBeNull();
  });

  it('takes an app record offset from displayTime, and a receiver offset from the clock difference', () => {
    expect(localOffsetSeconds(Date.parse('2022-02-06T09:12:35Z'), '2022-02-06T01:12:35-08:00')).toBe(
      -8 * 3600,
    );
    // A receiver clock 47 s fast still gives UTC-7.
    expect(localOffsetSeconds(Date.parse('2022-06-17T03:59:11Z'), '2022-06-16T20:59:58')).toBe(-7 * 3600);
    // Dexcom writes odd offsets such as -06:59:59 for drifting clocks.
    expect(localOffsetSeconds(Date.parse('2021-04-05T17:53:03Z'), '2021-04-05T10:52:48-06:59:59')).toBe(
      -7 * 3600,
    );
    expect(localOffsetSeconds(0, 'garbage')).toBeNull();
  });

  it('formats query times in UTC without an offset, covering the window', () => {
    expect(dexcomQueryTime(Date.parse('2026-03-01T12:00:00.400Z'), 'floor')).toBe('2026-03-01T12:00:00');
    expect(dexcomQueryTime(Date.parse('2026-03-01T12:00:00.400Z'), 'ceil')).toBe('2026-03-01T12:00:01');
  });
});

describe('mapEgvs', () => {
  it('maps a receiver EGV to a glucose sample in mg/dL with its local offset', () => {
    const [series] = mapEgvs([receiverEgv], wide);
    expect(series).toEqual({
      resource: 'glucose',
      source: { provider: 'dexcom_v3', type: 'automatic' },
      samples: [
        { timestamp: '2022-06-17T03:59:11.000Z', timezone_offset: -25200, value: 138, unit: 'mg/dL' },
      ],
    });
  });

  it('keeps mmol/L, skips readings without a value and records outside [start, end)', () => {
    const records = [
      { ...receiverEgv, unit: 'mmol/L', value: 7.7 },
      { ...receiverEgv, systemTime: '2022-06-17T04:04:11', value: null },
      { ...receiverEgv, systemTime: '2022-06-17T04:09:11' },
    ];
    const window = { start: new Date('2022-06-17T03:59:11Z'), end: new Date('2022-06-17T04:09:11Z') };
    const samples = mapEgvs(records, window)[0]!.samples;
    expect(samples).toEqual([expect.objectContaining({ value: 7.7, unit: 'mmol/L' })]);
    expect(mapEgvs([], wide)).toEqual([]);
  });
});

describe('mapEvents', () => {
  it('maps insulin with its kind and delivery mode, carbs in grams, as one-minute intervals', () => {
    const carbs = {
      ...appEvent,
      recordId: 'c1',
      eventType: 'carbs',
      eventSubType: null,
      value: '45',
      unit: 'grams',
    };
    const out = mapEvents([appEvent, carbs], wide);
    expect(out).toEqual([
      {
        resource: 'insulin_injection',
        source: { provider: 'dexcom_v3', type: 'app' },
        samples: [
          {
            timestamp: '2022-02-06T09:12:35.000Z',
            end: '2022-02-06T09:13:35.000Z',
            timezone_offset: -28800,
            value: 14,
            unit: 'unit',
            type: 'long_acting',
            delivery_mode: 'basal',
          },
        ],
      },
      {
        resource: 'carbohydrates',
        source: { provider: 'dexcom_v3', type: 'app' },
        samples: [
          {
            timestamp: '2022-02-06T09:12:35.000Z',
            end: '2022-02-06T09:13:35.000Z',
            timezone_offset: -28800,
            value: 45,
            unit: 'g',
          },
        ],
      },
    ]);
  });

  it('drops deleted events, insulin of unknown kind and event types Meridian has no resource for', () => {
    const records = [
      { ...appEvent, eventStatus: 'deleted' },
      { ...appEvent, eventSubType: 'unknown' },
      { ...appEvent, eventType: 'exercise', eventSubType: 'light', value: '30', unit: 'minutes' },
      { ...appEvent, eventType: 'carbs', value: 'n/a' },
    ];
    expect(mapEvents(records, wide)).toEqual([]);
  });
});

describe('recordsOf', () => {
  it('refuses a body without a records array', () => {
    expect(() => recordsOf({ recordType: 'egv' })).toThrow(ProviderResponseError);
    expect(() => recordsOf(null)).toThrow(ProviderResponseError);
    expect(recordsOf({ records: [receiverEgv, 3] })).toEqual([receiverEgv]);
  });
});
