/**
 * The value macros, defined once (README "Value macros"). Each is one SQL expression over a stored sleep
 * row (alias `r`; `_hyp` is the sleep's `sleep_cycle` payload when one is stored). Stage codes of the
 * hypnogram (api-shapes §4.4 SleepCycle): 1 deep, 2 light, 3 rem, 4 awake, 5 manual, -1 unknown.
 */
import type { MacroName } from '@meridian/query-language';
import { localOf } from './relation';
import { raw, sql, type Sql } from './sql';

const n = (key: string) =>
  `(case when jsonb_typeof(r.payload->'${key}') = 'number' then (r.payload->>'${key}')::float8 end)`;

/** Seconds asleep: the reported total, else the time in bed. */
const ASLEEP = `coalesce(nullif(${n('total')}, 0), ${n('duration')})`;
/** Efficiency as a 0–1 ratio: the reported one (a percentage when above 1), else asleep / in bed. */
const EFFICIENCY = `coalesce(case when ${n('efficiency')} > 1 then ${n('efficiency')} / 100 else ${n('efficiency')} end,
  ${ASLEEP} / nullif(${n('duration')}, 0))`;

/**
 * sleep_score: the provider's `score` (rounded, clamped to 0–100) when present; otherwise
 *   40 × min(asleep / 8 h, 1)                           duration
 * + 25 × min(efficiency, 1)                             efficiency
 * + 20 × min((deep + rem) / asleep / 0.45, 1)           restorative stages
 * + 15 × clamp(1 − max(latency − 15 min, 0) / 45 min)   time to fall asleep (full marks without latency)
 * rounded; null when the session has no duration.
 */
const SLEEP_SCORE = raw(`(case
  when ${n('score')} is not null then least(greatest(round(${n('score')}), 0), 100)
  when coalesce(${n('duration')}, 0) <= 0 then null
  else least(greatest(round(
      40 * least(${ASLEEP} / 28800.0, 1)
    + 25 * least(greatest(${EFFICIENCY}, 0), 1)
    + 20 * least((coalesce(${n('deep')}, 0) + coalesce(${n('rem')}, 0)) / nullif(${ASLEEP}, 0) / 0.45, 1)
    + 15 * least(greatest(1 - greatest(coalesce(${n('latency')}, 0) - 900, 0) / 2700.0, 0), 1)
  ), 0), 100) end)::float8`);

/**
 * chronotype by the local sleep midpoint, read on a clock that runs from 12:00 the day before:
 * `lark` before 03:00 (evenings included), `owl` from 05:00, `third` in between.
 */
function chronotype(): Sql {
  const mid = localOf(raw('(r.start_at + (r.end_at - r.start_at) / 2)'));
  return sql`(case when r.start_at is null or r.end_at is null then null else (
    with m as (select extract(epoch from (${mid})::time) / 3600.0 as h),
         c as (select case when h >= 12 then h - 24 else h end as h from m)
    select case when h < 3 then 'lark' when h >= 5 then 'owl' else 'third' end from c) end)`;
}

/** Ordinal-tagged stages of the hypnogram. */
const STAGES = `(select e::int as st, o::int as o from jsonb_array_elements_text(
  case when jsonb_typeof(r._hyp->'stage_type') = 'array' then r._hyp->'stage_type' else '[]'::jsonb end) with ordinality t(e, o))`;

/** awake_at: session start + end offset of the last asleep stage (1–3) when a hypnogram is stored, else session end. */
function awakeAt(): Sql {
  const lastAsleepEnd =
    raw(`(select case when jsonb_typeof(r._hyp->'stage_end_offset_second'->(x.o - 1)) = 'number'
      then (r._hyp->'stage_end_offset_second'->>(x.o - 1))::float8 end
    from ${STAGES} x where x.st in (1, 2, 3) order by x.o desc limit 1)`);
  return sql`coalesce(${localOf(raw('r.start_at'))} + ${lastAsleepEnd} * interval '1 second', ${localOf(raw('r.end_at'))})`;
}

/** awakenings: maximal runs of awake stages (4) strictly between the first and the last asleep stage. */
const AWAKENINGS = raw(`(case when r._hyp is null then null else (
  select count(*)::float8 from (select st, o, lag(st) over (order by o) as prev from ${STAGES} s0) y,
    (select min(o) as lo, max(o) as hi from ${STAGES} s1 where st in (1, 2, 3)) b
  where y.st = 4 and y.prev is distinct from 4 and y.o > b.lo and y.o < b.hi) end)`);

export function macroSql(macro: MacroName): Sql {
  switch (macro) {
    case 'sleep_score':
      return SLEEP_SCORE;
    case 'chronotype':
      return chronotype();
    case 'asleep_at':
      return sql`(${localOf(raw('r.start_at'))} + coalesce(${raw(n('latency'))}, 0) * interval '1 second')`;
    case 'awake_at':
      return awakeAt();
    case 'awakenings':
      return AWAKENINGS;
  }
}

/** Macros that read the hypnogram (the `_hyp` column is joined only for them). */
export const HYPNOGRAM_MACROS: ReadonlySet<MacroName> = new Set(['awake_at', 'awakenings']);
