import {
  batchFingerprint,
  digestRawPushBody,
  rawPushBodyDigest,
  recordCount,
  type PushRequest,
} from './push-batch';

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
  const digest = (text: string) => {
    const req = {};
    digestRawPushBody(req, Buffer.from(text));
    return rawPushBodyDigest(req)!;
  };

  it('is taken over the bytes as received: the same bytes are the same batch, other bytes another', () => {
    const text = JSON.stringify(batch());
    const reordered =
      '{"resources":[{"records":[{"quantity":1,"uuid":"x"},{"quantity":2,"uuid":"y"}],"anchor":"a","resource":"steps"}],"time_zone":"Europe/Berlin","batch_id":"b-1"}';
    const fingerprint = batchFingerprint('apple_health_kit', batch(), digest(text));
    expect(batchFingerprint('apple_health_kit', batch(), digest(text))).toBe(fingerprint);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(batchFingerprint('apple_health_kit', batch(), digest(reordered))).not.toBe(fingerprint);
    expect(batchFingerprint('apple_health_kit', batch(), digest(`${text} `))).not.toBe(fingerprint);
    expect(batchFingerprint('health_connect', batch(), digest(text))).not.toBe(fingerprint);
  });

  it('keeps no digest for a request whose body it did not see', () => {
    expect(rawPushBodyDigest({})).toBeUndefined();
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
