import { batchFingerprint, canonicalJson, recordCount, type PushRequest } from './push-batch';

const batch = (over: Partial<PushRequest> = {}): PushRequest => ({
  batch_id: 'b-1',
  time_zone: 'Europe/Berlin',
  resources: [
    {
      resource: 'steps',
      anchor: 'a',
      records: [
        { uuid: 'x', quantity: 1 },
        { uuid: 'y', quantity: 2 },
      ],
    },
  ],
  ...over,
});

describe('push batch fingerprint', () => {
  it('writes object keys in one order at every level, keeping array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });

  it('is the same for the same batch however its keys were ordered', () => {
    const reordered = JSON.parse(
      '{"resources":[{"records":[{"quantity":1,"uuid":"x"},{"quantity":2,"uuid":"y"}],"anchor":"a","resource":"steps"}],"time_zone":"Europe/Berlin","batch_id":"b-1"}',
    ) as PushRequest;
    expect(batchFingerprint('apple_health_kit', reordered)).toBe(
      batchFingerprint('apple_health_kit', batch()),
    );
    expect(batchFingerprint('apple_health_kit', batch())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another provider, another anchor, another value or another record order', () => {
    const base = batchFingerprint('apple_health_kit', batch());
    expect(batchFingerprint('health_connect', batch())).not.toBe(base);
    const other = (records: unknown[], anchor = 'a') =>
      batchFingerprint('apple_health_kit', batch({ resources: [{ resource: 'steps', anchor, records }] }));
    expect(
      other(
        [
          { uuid: 'x', quantity: 1 },
          { uuid: 'y', quantity: 2 },
        ],
        'b',
      ),
    ).not.toBe(base);
    expect(
      other([
        { uuid: 'x', quantity: 1 },
        { uuid: 'y', quantity: 3 },
      ]),
    ).not.toBe(base);
    expect(
      other([
        { uuid: 'y', quantity: 2 },
        { uuid: 'x', quantity: 1 },
      ]),
    ).not.toBe(base);
  });

  it('counts records across resources', () => {
    expect(
      recordCount(
        batch({
          resources: [
            { resource: 'steps', anchor: null, records: [{}, {}] },
            { resource: 'heartrate', anchor: null, records: [{}] },
          ],
        }),
      ),
    ).toBe(3);
  });
});
