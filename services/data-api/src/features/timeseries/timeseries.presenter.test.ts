import { timeseriesBySlug } from '@meridian/domain';
import { buildGroupedPage, groupRows, sampleRenderer, type SampleRow } from './timeseries.presenter';

const hr = timeseriesBySlug('heartrate')!;
const T0 = Date.parse('2026-03-01T08:00:00Z') * 1000;

const row = (i: number, over: Partial<SampleRow> = {}): SampleRow => ({
  t: T0 + i * 1_000_000,
  tz: null,
  provider: 'oura',
  source_type: 'ring',
  type: '',
  value: i,
  app_id: null,
  device_id: null,
  workout_id: null,
  sport: null,
  ...over,
});

describe('groupRows', () => {
  it('keeps one group per source context, in order of first appearance, with many contexts', () => {
    // 40 devices interleaved: past 16 contexts the lookup switches to an index.
    const devices = Array.from(
      { length: 40 },
      (_, d) => `00000000-0000-4000-8000-${String(d).padStart(12, '0')}`,
    );
    const rows = Array.from({ length: 400 }, (_, i) => row(i, { device_id: devices[i % 40]! }));
    const groups = groupRows(rows, rows.length, sampleRenderer(hr));
    expect(Object.keys(groups)).toEqual(['oura']);
    expect(groups.oura!.map((g) => g.source.device_id)).toEqual(devices);
    for (const [d, group] of groups.oura!.entries()) {
      expect(group.data.map((s) => s.value)).toEqual(Array.from({ length: 10 }, (_, k) => d + 40 * k));
    }
  });

  it('an empty source type reads as unknown', () => {
    const groups = groupRows(
      [row(1, { source_type: '' }), row(2, { source_type: 'unknown' })],
      2,
      sampleRenderer(hr),
    );
    expect(groups.oura).toHaveLength(1);
    expect(groups.oura![0]!.source.type).toBe('unknown');
  });
});

describe('buildGroupedPage', () => {
  it('shows pageSize rows and points the cursor at the last one shown', () => {
    const rows = [row(1), row(2, { provider: 'garmin', source_type: 'watch', type: '' }), row(3)];
    const page = buildGroupedPage(rows, hr, 2, (key) => JSON.stringify(key));
    expect(
      Object.values(page.groups)
        .flat()
        .flatMap((g) => g.data.map((s) => s.value)),
    ).toEqual([1, 2]);
    expect(page.next).toBe(page.next_cursor);
    expect(JSON.parse(page.next_cursor!)).toEqual([rows[1]!.t, 'garmin', 'watch', '']);
  });

  it('no cursor when the rows fit', () => {
    const page = buildGroupedPage([row(1), row(2)], hr, 2, () => {
      throw new Error('no cursor expected');
    });
    expect(page.next_cursor).toBeNull();
    expect(page.next).toBeNull();
  });
});
