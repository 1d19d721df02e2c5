import { SOURCE_TYPE_PRIORITY } from '@meridian/domain';

/** A sample's time span and source type; points have endMs === startMs. */
export interface Span {
  startMs: number;
  endMs: number;
  sourceType: string;
}

/** The part [startMs, endMs) of `item` that counts. */
export interface KeptPiece<T> {
  item: T;
  startMs: number;
  endMs: number;
}

const rankOf = new Map<string, number>(SOURCE_TYPE_PRIORITY.map((t, i) => [t, i]));
const LOWEST = SOURCE_TYPE_PRIORITY.length;

/** Lower is preferred (a watch before a phone); unknown types come last. */
export function sourceTypeRank(sourceType: string): number {
  return rankOf.get(sourceType) ?? LOWEST;
}

/**
 * Where spans of one provider overlap, only the highest-priority source type counts; spans that do not
 * overlap a better one count in full. Spans of the same source type never exclude each other. Points
 * compete only with points at the same instant.
 */
export function keepHighestPriority<T extends Span>(items: readonly T[]): KeptPiece<T>[] {
  const kept: KeptPiece<T>[] = [];
  keepPoints(
    items.filter((i) => i.endMs <= i.startMs),
    kept,
  );
  keepIntervals(
    items.filter((i) => i.endMs > i.startMs),
    kept,
  );
  return kept;
}

function keepPoints<T extends Span>(points: readonly T[], kept: KeptPiece<T>[]): void {
  const byInstant = new Map<number, T[]>();
  for (const p of points) {
    const group = byInstant.get(p.startMs);
    if (group) group.push(p);
    else byInstant.set(p.startMs, [p]);
  }
  for (const group of byInstant.values()) {
    const best = Math.min(...group.map((p) => sourceTypeRank(p.sourceType)));
    for (const p of group) {
      if (sourceTypeRank(p.sourceType) === best) kept.push({ item: p, startMs: p.startMs, endMs: p.startMs });
    }
  }
}

/** A sweep over the span boundaries; each elementary segment goes to the best source type active in it. */
function keepIntervals<T extends Span>(intervals: readonly T[], kept: KeptPiece<T>[]): void {
  const bounds: Array<{ t: number; item: T; opens: boolean }> = [];
  for (const item of intervals) {
    bounds.push({ t: item.startMs, item, opens: true }, { t: item.endMs, item, opens: false });
  }
  bounds.sort((a, b) => a.t - b.t);
  const active: Array<Set<T>> = Array.from({ length: LOWEST + 1 }, () => new Set<T>());
  let previous = 0;
  let k = 0;
  while (k < bounds.length) {
    const t = bounds[k]!.t;
    if (k > 0 && t > previous) {
      const best = active.find((set) => set.size > 0);
      for (const item of best ?? []) kept.push({ item, startMs: previous, endMs: t });
    }
    for (; k < bounds.length && bounds[k]!.t === t; k++) {
      const { item, opens } = bounds[k]!;
      const set = active[sourceTypeRank(item.sourceType)]!;
      if (opens) set.add(item);
      else set.delete(item);
    }
    previous = t;
  }
}
