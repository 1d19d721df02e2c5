import type { SampleInput, SourceInput } from './ingestion.types';
import { useIngestionFixture } from './__tests__/ingestion-fixture';

const RING: SourceInput = { provider: 'oura', type: 'ring' };
const at = (minute: number) => new Date(Date.parse('2026-03-20T08:00:00Z') + minute * 60_000).toISOString();
const hr = (minute: number, value: number, extra: Partial<SampleInput> = {}): SampleInput => ({
  timestamp: at(minute),
  value,
  ...extra,
});

describe('writing a batch: one row per sample key, the last copy in the batch wins', () => {
  const fx = useIngestionFixture();

  const stored = async (userId: string) =>
    (await fx.samples(userId, 'heartrate')).map((r) => [
      new Date(r.start_at).toISOString(),
      r.source_type,
      Number(r.value),
    ]);

  it('keeps a batch whose series ascend as it is', async () => {
    const userId = await fx.insertUser();
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: [
        { resource: 'heartrate', source: RING, samples: [hr(0, 60), hr(1, 61), hr(2, 62)] },
        // The same fixed key part in a second series, later starts: still no repeated key.
        { resource: 'heartrate', source: { ...RING }, samples: [hr(3, 63), hr(4, 64)] },
      ],
    });
    expect(result).toMatchObject({ created: 5, updated: 0, unchanged: 0 });
    expect(await stored(userId)).toEqual([0, 1, 2, 3, 4].map((m) => [at(m), 'ring', 60 + m]));
  });

  it.each(['historical', 'daily'] as const)(
    'stores a key repeated within a %s batch once, with the values of its last copy',
    async (mode) => {
      const userId = await fx.insertUser();
      const result = await fx.ingestion.ingest({
        userId,
        mode,
        timeseries: [
          // Out of order and repeated within a series, and across two series of the same key part.
          { resource: 'heartrate', source: RING, samples: [hr(2, 70), hr(0, 60), hr(2, 72), hr(1, 61)] },
          { resource: 'heartrate', source: { ...RING }, samples: [hr(0, 65), hr(3, 63)] },
          // Another source type: a different key, kept beside the ring's.
          { resource: 'heartrate', source: { provider: 'oura', type: 'phone' }, samples: [hr(0, 90)] },
        ],
      });
      expect(result).toMatchObject({ created: 5, updated: 0 });
      expect(await stored(userId)).toEqual([
        [at(0), 'phone', 90],
        [at(0), 'ring', 65],
        [at(1), 'ring', 61],
        [at(2), 'ring', 72],
        [at(3), 'ring', 63],
      ]);
    },
  );

  it('finds a key repeated across two ascending series of the same key part', async () => {
    const userId = await fx.insertUser();
    const result = await fx.ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: [
        { resource: 'heartrate', source: RING, samples: [hr(0, 60), hr(1, 61), hr(2, 62)] },
        { resource: 'heartrate', source: { provider: 'oura', type: 'phone' }, samples: [hr(1, 90)] },
        { resource: 'heartrate', source: { ...RING }, samples: [hr(1, 71), hr(5, 75)] },
      ],
    });
    expect(result).toMatchObject({ created: 5, updated: 0 });
    expect(await stored(userId)).toEqual([
      [at(0), 'ring', 60],
      [at(1), 'phone', 90],
      [at(1), 'ring', 71],
      [at(2), 'ring', 62],
      [at(5), 'ring', 75],
    ]);
  });
});
