/**
 * The per-sample bookkeeping of a batch (ingestion bounds, touched activity dates, resource stats) works on
 * local day numbers and per-series runs instead of an offset object, a date string or a key per sample. These
 * tests hold it to the straightforward per-sample definitions, on random batches: several providers and
 * series interleaved, spans over local midnights, own offsets, the user's zone (with DST changes) or UTC.
 */
import { timeseriesByResource, type TimeseriesSpec } from '@meridian/domain';
import { ACTIVITY_RESOURCES } from './activity/derive-activity';
import { applyIngestionBounds, withinBounds, type IngestionBounds } from './ingestion-bounds';
import { touchedDates } from './refresh-activity';
import { collectResourceStats } from './resource-stats';
import type { IngestionUser } from './storage/ingestion-user.repository';
import type { ResourceStat } from './storage/resource-stats.repository';
import { localDate, splitByLocalDate } from './time/local-date';
import { localOffset } from './time/local-offset';
import { createZoneOffsets } from './time/zone-offset';
import type { NormalisedSource } from './validation/check-source';
import type { NormalisedBatch } from './validation/normalise-batch';
import type { NormalisedSummary } from './validation/normalise-summaries';
import type { NormalisedSample } from './validation/normalise-timeseries';

const zoneOffsets = createZoneOffsets();
const DAY_MS = 86_400_000;
// 2024-03-05 .. 2024-04-10 and 2024-10-20 .. 2024-11-10 cover DST changes of both hemispheres.
const PERIODS = [Date.UTC(2024, 2, 5), Date.UTC(2024, 9, 20)];

/** A small deterministic PRNG (mulberry32): failures reproduce. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const spec = (resource: string): TimeseriesSpec => {
  const s = timeseriesByResource(resource);
  if (!s) throw new Error(`no spec for ${resource}`);
  return s;
};

function source(provider: string): NormalisedSource {
  return { provider, sourceType: 'ring', appId: null, deviceId: null, workoutId: null, sport: null };
}

/** Series of samples (shared spec and source objects per series, as the normaliser makes them), interleaved. */
function randomBatch(seed: number): { samples: NormalisedSample[]; workouts: NormalisedSummary[] } {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const base = pick(PERIODS);
  const resources = [...ACTIVITY_RESOURCES, 'glucose', 'weight'];
  const offsets = [null, null, 0, 3600, -18_000, 19_800, 50_400, -36_000];
  const series = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => ({
    spec: spec(pick(resources)),
    source: source(pick(['oura', 'fitbit', 'garmin'])),
  }));
  const samples: NormalisedSample[] = [];
  for (let run = 0; run < 40; run += 1) {
    const { spec: sp, source: src } = pick(series);
    let at = base + Math.floor(rnd() * 30 * DAY_MS);
    const offset = pick(offsets);
    for (let i = Math.floor(rnd() * 60); i > 0; i -= 1) {
      at += pick([0, 60_000, 300_000, 3_600_000, 7 * 3_600_000]);
      // -1: up to the next local midnight at the sample's own offset, exactly (not touching the day after).
      const toMidnight = DAY_MS - ((((at + (offset ?? 0) * 1000) % DAY_MS) + DAY_MS) % DAY_MS);
      const length = pick([0, 0, 60_000, 3_600_000, 20 * 3_600_000, 2 * DAY_MS + 123, -1]);
      samples.push({
        spec: sp,
        source: src,
        type: '',
        startMs: at,
        endMs: length === 0 && rnd() < 0.5 ? null : at + (length === -1 ? toMidnight : length),
        timezoneOffset: offset,
        value: 1,
        valueText: null,
        systolic: null,
        diastolic: null,
        extras: null,
      });
    }
  }
  const workouts = Array.from({ length: Math.floor(rnd() * 4) }, (_, i): NormalisedSummary => {
    const startMs = base + Math.floor(rnd() * 30 * DAY_MS);
    const offset = pick([0, 3600, -25_200]);
    return {
      id: `w${i}`,
      kind: 'workouts',
      source: source(pick(['oura', 'strava'])),
      providerSummaryId: null,
      calendarDate: localDate(startMs, offset),
      startMs,
      endMs: rnd() < 0.2 ? null : startMs + Math.floor(rnd() * 2 * DAY_MS),
      payload: {},
      local: { offset, zone: null, known: true },
    };
  });
  return { samples, workouts };
}

function user(fallbackTimeZone: string | null): IngestionUser {
  return { fallbackTimeZone } as IngestionUser;
}

const BOUNDS: IngestionBounds[] = [
  { start: null, end: null },
  { start: '2024-03-12', end: null },
  { start: null, end: '2024-10-31' },
  { start: '2024-03-10', end: '2024-03-31' },
  { start: '2024-11-03', end: '2024-11-03' },
];
const ZONES = [null, 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];

/** The per-sample definitions, as they were written before. */
const reference = {
  applyBounds(samples: readonly NormalisedSample[], bounds: IngestionBounds, fallbackZone: string | null) {
    return samples.filter((s) =>
      withinBounds(
        bounds,
        localDate(
          s.startMs,
          localOffset(s.startMs, { offset: s.timezoneOffset, zone: null, fallbackZone }, zoneOffsets).offset,
        ),
      ),
    );
  },
  touchedDates(
    bounds: IngestionBounds,
    fallbackZone: string | null,
    samples: readonly NormalisedSample[],
    workouts: readonly NormalisedSummary[],
  ) {
    const activity = new Set<string>(ACTIVITY_RESOURCES);
    const touched = new Map<string, Set<string>>();
    const add = (provider: string, parts: Array<[string, number]>) => {
      let dates = touched.get(provider);
      if (!dates) touched.set(provider, (dates = new Set()));
      for (const [date] of parts) if (withinBounds(bounds, date)) dates.add(date);
    };
    for (const s of samples) {
      if (!activity.has(s.spec.resource)) continue;
      const local = localOffset(
        s.startMs,
        { offset: s.timezoneOffset, zone: null, fallbackZone },
        zoneOffsets,
      );
      add(s.source.provider, splitByLocalDate(s.startMs, s.endMs ?? s.startMs, local.offset));
    }
    for (const w of workouts) {
      if (w.startMs === null || w.endMs === null) continue;
      add(w.source.provider, splitByLocalDate(w.startMs, w.endMs, w.local.offset));
    }
    for (const [provider, dates] of touched) if (dates.size === 0) touched.delete(provider);
    return touched;
  },
  resourceStats(all: NormalisedBatch, kept: NormalisedBatch): ResourceStat[] {
    const stats = new Map<string, ResourceStat>();
    const stat = (provider: string, resource: string) => {
      const key = `${provider}|${resource}`;
      let s = stats.get(key);
      if (!s) stats.set(key, (s = { provider, resource, count: 0, oldestMs: null, newestMs: null }));
      return s;
    };
    for (const s of all.samples) stat(s.source.provider, s.spec.resource);
    for (const s of kept.samples) {
      const st = stat(s.source.provider, s.spec.resource);
      st.count += 1;
      st.oldestMs = st.oldestMs === null ? s.startMs : Math.min(st.oldestMs, s.startMs);
      st.newestMs = st.newestMs === null ? s.startMs : Math.max(st.newestMs, s.startMs);
    }
    return [...stats.values()].sort((a, b) =>
      a.provider === b.provider ? (a.resource < b.resource ? -1 : 1) : a.provider < b.provider ? -1 : 1,
    );
  },
};

/** A map of sets as arrays of entries, in insertion order (the order is part of what is compared). */
const entries = (m: Map<string, Set<string>>) => [...m].map(([k, v]) => [k, [...v]]);

describe('batch bookkeeping on day numbers and runs', () => {
  const cases = Array.from({ length: 60 }, (_, i) => i + 1);

  it.each(cases)('keeps the samples the per-sample bounds keep (batch %i)', (seed) => {
    const { samples } = randomBatch(seed);
    for (const bounds of BOUNDS) {
      for (const zone of ZONES) {
        const kept = applyIngestionBounds({ samples, summaries: [], streams: [] }, bounds, zone, zoneOffsets);
        expect(kept.samples).toEqual(reference.applyBounds(samples, bounds, zone));
        expect(kept.dropped).toBe(samples.length - kept.samples.length);
      }
    }
  });

  it.each(cases)('touches the dates per-sample splitting touches, in the same order (batch %i)', (seed) => {
    const { samples, workouts } = randomBatch(seed);
    for (const bounds of BOUNDS) {
      for (const zone of ZONES) {
        const got = touchedDates({ user: user(zone), bounds, zoneOffsets }, samples, workouts);
        expect(entries(got)).toEqual(entries(reference.touchedDates(bounds, zone, samples, workouts)));
      }
    }
  });

  it.each(cases)('counts resource stats as per-sample counting does (batch %i)', (seed) => {
    const { samples } = randomBatch(seed);
    const kept = { samples: reference.applyBounds(samples, BOUNDS[3]!, null), summaries: [], streams: [] };
    const all = { samples, summaries: [], streams: [] };
    expect(collectResourceStats(all, kept)).toEqual(reference.resourceStats(all, kept));
  });

  it('a batch without bounds keeps every sample, a copy of the list', () => {
    const { samples } = randomBatch(7);
    const batch = { samples, summaries: [], streams: [] };
    const kept = applyIngestionBounds(batch, { start: null, end: null }, 'Europe/Berlin', zoneOffsets);
    expect(kept.samples).toEqual(samples);
    expect(kept.samples).not.toBe(samples);
    expect(kept.dropped).toBe(0);
  });

  it('dates a span over local midnight on every day it covers, and an instant on its start day', () => {
    const at = Date.UTC(2024, 2, 9, 22); // 23:00 on 2024-03-09 at +01:00
    const s = (startMs: number, endMs: number | null): NormalisedSample => ({
      ...randomBatch(1).samples[0]!,
      spec: spec('steps'),
      source: source('oura'),
      startMs,
      endMs,
      timezoneOffset: 3600,
    });
    const touched = touchedDates(
      { user: user(null), bounds: { start: null, end: null }, zoneOffsets },
      [
        s(at, at + 2 * 3_600_000),
        s(at + 3 * DAY_MS, null),
        s(at + 5 * DAY_MS, at + 5 * DAY_MS + 3_600_000), // up to midnight: not the 15th
      ],
      [],
    );
    expect(entries(touched)).toEqual([['oura', ['2024-03-09', '2024-03-10', '2024-03-12', '2024-03-14']]]);
  });
});
