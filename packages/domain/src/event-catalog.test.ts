import {
  DATA_EVENT_RESOURCE_NAMES,
  DEPRECATED_EVENT_TYPES,
  EVENT_TYPES,
  isEventType,
  isSubscribableEventType,
  OPERATIONAL_EVENT_TYPES,
} from './event-catalog';
import { SUMMARY_KINDS, TIMESERIES } from './health';

describe('event catalog', () => {
  it('has a data event resource for every timeseries (but hypnogram), every summary kind and workout streams', () => {
    const expected = new Set<string>([
      ...TIMESERIES.filter((t) => t.resource !== 'hypnogram').map((t) => t.resource),
      ...SUMMARY_KINDS,
      'workout_stream',
    ]);
    expect(new Set(DATA_EVENT_RESOURCE_NAMES)).toEqual(expected);
    expect(DATA_EVENT_RESOURCE_NAMES).toHaveLength(60);
    expect(DATA_EVENT_RESOURCE_NAMES).toContain('weight');
    expect(DATA_EVENT_RESOURCE_NAMES).not.toContain('body_weight');
  });

  it('lists each emitted type once: three per data resource plus the operational ones', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect(EVENT_TYPES).toHaveLength(60 * 3 + OPERATIONAL_EVENT_TYPES.length);
    for (const t of ['daily.data.sleep_cycle.updated', 'historical.data.sleep_cycle.created']) {
      expect(isEventType(t)).toBe(true);
    }
    expect(OPERATIONAL_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'provider.connection.created',
        'provider.connection.error',
        'lab_report.parsing_job.created',
        'lab_report.parsing_job.updated',
        'continuous_query.result_table.changed',
        'message.attempt.exhausted',
      ]),
    );
  });

  it('never emits hypnogram events but accepts the deprecated names in webhook filters', () => {
    for (const t of DEPRECATED_EVENT_TYPES) {
      expect(isEventType(t)).toBe(false);
      expect(isSubscribableEventType(t)).toBe(true);
    }
    expect(isEventType('daily.data.hypnogram.created')).toBe(false);
    expect(isSubscribableEventType('daily.data.body_weight.created')).toBe(false);
    expect(isSubscribableEventType('daily.data.weight.created')).toBe(true);
  });
});
