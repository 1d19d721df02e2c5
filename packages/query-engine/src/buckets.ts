/** `date_trunc` / `date_part` over a local timestamp (README "Time"). Periods come from the catalogue. */
import type { DatePart, PeriodNode } from '@meridian/query-language';
import { nameLiteral, raw, sql, type Sql } from './sql';

/** Fixed-length buckets are counted from Monday 2000-01-03 00:00 so weeks start on Monday. */
const ORIGIN = raw("timestamp '2000-01-03 00:00:00'");

export function bucketSql(period: Pick<PeriodNode, 'unit' | 'value'>, local: Sql): Sql {
  const { unit, value } = period;
  if (value === 1) return sql`date_trunc(${nameLiteral(unit)}, ${local})`;
  switch (unit) {
    case 'minute':
    case 'hour':
    case 'day':
      return sql`date_bin(${`${value} ${unit}`}::interval, ${local}, ${ORIGIN})`;
    case 'week':
      return sql`date_bin(${`${value * 7} day`}::interval, ${local}, ${ORIGIN})`;
    case 'month': {
      const index = sql`(floor((extract(year from ${local}) * 12 + extract(month from ${local}) - 1) / ${value}::int) * ${value}::int)`;
      return sql`make_date(greatest((${index} / 12)::int, 1), (${index}::int % 12) + 1, 1)::timestamp`;
    }
    case 'year':
      return sql`make_date(greatest((floor(extract(year from ${local}) / ${value}::int) * ${value}::int)::int, 1), 1, 1)::timestamp`;
  }
}

export function datePartSql(part: DatePart, local: Sql): Sql {
  switch (part) {
    case 'minute':
    case 'hour':
    case 'day':
    case 'month':
    case 'year':
      return sql`extract(${raw(part)} from ${local})::float8`;
    case 'week':
      return sql`ceil(extract(day from ${local}) / 7.0)::float8`;
    case 'weekday':
      return sql`extract(isodow from ${local})::float8`;
    case 'week_of_year':
      return sql`extract(week from ${local})::float8`;
    case 'day_of_year':
      return sql`extract(doy from ${local})::float8`;
  }
}
