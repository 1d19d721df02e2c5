import { resultTableDelta, resultTableHash } from './result-table';

describe('result tables', () => {
  const table = {
    'group_key.0': ['2025-02-17T00:00:00', '2025-02-24T00:00:00'],
    'mean.sleep_score': [76.75, 80],
  };

  it('hashes equal tables equally whatever the key order, and different tables differently', () => {
    const reordered = { 'mean.sleep_score': [76.75, 80], 'group_key.0': table['group_key.0'] };
    expect(resultTableHash(reordered)).toBe(resultTableHash(table));
    expect(resultTableHash({ ...table, 'mean.sleep_score': [76.75, 81] })).not.toBe(resultTableHash(table));
    expect(resultTableHash(table)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the whole table without a previous one', () => {
    expect(resultTableDelta(null, table)).toEqual(table);
  });

  it('holds only new and changed rows, matched on the group keys', () => {
    const next = {
      'group_key.0': ['2025-02-17T00:00:00', '2025-02-24T00:00:00', '2025-03-03T00:00:00'],
      'mean.sleep_score': [76.75, 82, 70],
    };
    expect(resultTableDelta(table, next)).toEqual({
      'group_key.0': ['2025-02-24T00:00:00', '2025-03-03T00:00:00'],
      'mean.sleep_score': [82, 70],
    });
  });

  it('matches rows on every group key (partitions), and leaves removed rows out', () => {
    const previous = {
      'group_key.0': ['2025-01-01T00:00:00', '2025-01-01T00:00:00', '2025-01-02T00:00:00'],
      'group_key.1': ['oura', 'garmin', 'oura'],
      'sum.steps.value': [10, 20, 30],
    };
    const next = {
      'group_key.0': ['2025-01-01T00:00:00', '2025-01-01T00:00:00'],
      'group_key.1': ['oura', 'garmin'],
      'sum.steps.value': [10, 25],
    };
    expect(resultTableDelta(previous, next)).toEqual({
      'group_key.0': ['2025-01-01T00:00:00'],
      'group_key.1': ['garmin'],
      'sum.steps.value': [25],
    });
    expect(resultTableDelta(next, next)).toEqual({
      'group_key.0': [],
      'group_key.1': [],
      'sum.steps.value': [],
    });
  });

  it('treats every row as changed when the columns changed', () => {
    const previous = { 'group_key.0': ['a'], 'mean.x': [1] };
    const next = { 'group_key.0': ['a'], 'max.x': [1] };
    expect(resultTableDelta(previous, next)).toEqual(next);
  });
});
