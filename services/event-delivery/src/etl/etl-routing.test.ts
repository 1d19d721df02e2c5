import { gunzipSync } from 'node:zlib';
import { acceptsEventType, encodeBody, messageProperties, routeEventHub } from './etl-routing';

describe('ETL routing rules', () => {
  const settings = {
    default_event_hub: 'all-events',
    event_hub_matchers: [
      { event_type_prefix: 'daily.data.', event_hub: 'daily' },
      { event_type_prefix: 'daily.data.sleep', event_hub: 'never-reached' },
      { event_type_prefix: 'labtest.', event_hub: 'labs' },
    ],
  };

  it('routes by the first matching prefix, else the default hub', () => {
    expect(routeEventHub(settings, 'daily.data.sleep.created')).toBe('daily');
    expect(routeEventHub(settings, 'labtest.order.created')).toBe('labs');
    expect(routeEventHub(settings, 'historical.data.sleep.created')).toBe('all-events');
    expect(routeEventHub({ ...settings, event_hub_matchers: null }, 'labtest.order.created')).toBe(
      'all-events',
    );
  });

  it('filters by event_type_prefixes (null = all)', () => {
    expect(acceptsEventType(null, 'anything')).toBe(true);
    expect(acceptsEventType(['daily.'], 'daily.data.steps.created')).toBe(true);
    expect(acceptsEventType(['daily.'], 'labtest.order.created')).toBe(false);
    expect(acceptsEventType([], 'daily.data.steps.created')).toBe(false);
  });

  it('auto gzips only bodies of 1 KiB or more; always gzips everything', () => {
    const small = JSON.stringify({ a: 'x'.repeat(1000) }).slice(0, 1023);
    const exact = 'y'.repeat(1024);
    expect(encodeBody(small, 'auto')).toEqual({ body: Buffer.from(small), gzip: false });
    const big = encodeBody(exact, 'auto');
    expect(big.gzip).toBe(true);
    expect(gunzipSync(big.body).toString()).toBe(exact);
    const always = encodeBody('{}', 'always');
    expect(always.gzip).toBe(true);
    expect(gunzipSync(always.body).toString()).toBe('{}');
    expect(encodeBody('{}', null).gzip).toBe(false);
  });

  it('sets exactly the listed properties', () => {
    expect(messageProperties({ id: 'm1', eventType: 't', userId: 'u', teamId: 'team', gzip: true })).toEqual({
      'event-type': 't',
      'user-id': 'u',
      'team-id': 'team',
      'content-encoding': 'gzip',
      'idempotency-key': 'm1',
    });
    expect(
      Object.keys(messageProperties({ id: 'm1', eventType: 't', userId: null, teamId: 'x', gzip: false })),
    ).toEqual(['event-type', 'team-id', 'idempotency-key']);
  });
});
