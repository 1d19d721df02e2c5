import { keepHighestPriority, sourceTypeRank } from './keep-highest-priority';

const t = (hhmm: string) => Date.parse(`2026-03-10T${hhmm}:00Z`);
const span = (id: string, sourceType: string, start: string, end = start) => ({
  id,
  sourceType,
  startMs: t(start),
  endMs: t(end),
});
const summary = (pieces: ReturnType<typeof keepHighestPriority<ReturnType<typeof span>>>) =>
  pieces.map(
    (p) =>
      `${p.item.id} ${new Date(p.startMs).toISOString().slice(11, 16)}-${new Date(p.endMs).toISOString().slice(11, 16)}`,
  );

describe('keepHighestPriority', () => {
  it('ranks a watch before a phone, unknown types last', () => {
    expect(sourceTypeRank('watch')).toBeLessThan(sourceTypeRank('phone'));
    expect(sourceTypeRank('something_new')).toBeGreaterThan(sourceTypeRank('unknown'));
  });

  it('gives overlapping time to the better source type and keeps the rest of the worse one', () => {
    const pieces = keepHighestPriority([
      span('phone', 'phone', '10:00', '10:20'),
      span('watch', 'watch', '10:05', '10:10'),
    ]);
    expect(summary(pieces)).toEqual(['phone 10:00-10:05', 'watch 10:05-10:10', 'phone 10:10-10:20']);
  });

  it('lets spans of the same source type and disjoint spans all count', () => {
    const pieces = keepHighestPriority([
      span('a', 'phone', '10:00', '10:10'),
      span('b', 'phone', '10:05', '10:15'),
      span('c', 'watch', '11:00', '11:10'),
    ]);
    expect(summary(pieces)).toEqual([
      'a 10:00-10:05',
      'a 10:05-10:10',
      'b 10:05-10:10',
      'b 10:10-10:15',
      'c 11:00-11:10',
    ]);
  });

  it('dedupes points only at the same instant', () => {
    const pieces = keepHighestPriority([
      span('phone1', 'phone', '10:00'),
      span('watch1', 'watch', '10:00'),
      span('phone2', 'phone', '10:01'),
    ]);
    expect(summary(pieces).sort()).toEqual(['phone2 10:01-10:01', 'watch1 10:00-10:00']);
  });
});
