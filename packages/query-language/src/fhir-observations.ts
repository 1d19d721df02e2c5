/**
 * FHIR R4 vital-signs Observations from a continuous query's result table (api-shapes §5 / §8.3
 * `fhir_observation_mappers`; issue 14). A query outputs a quantity a mapper knows (body weight, heart rate,
 * respiratory rate) when a value-preserving aggregate (mean, min, max, median, oldest, newest) of it is
 * selected; every such column yields one Observation per result row with a number in it:
 *
 * - `code`: the mapper's LOINC code; `category`: vital-signs; `meta.profile`: the R4 vital-signs profile of
 *   the quantity (bodyweight, heartrate, resprate).
 * - `valueQuantity`: the row's value in the mapper's UCUM unit (`kg`, `/min`), system `http://unitsofmeasure.org`.
 * - `effectivePeriod`: the `date_trunc` group key's bucket. Buckets of a day or longer are written as dates
 *   (`start` the first day, `end` the last day, inclusive at day precision: no time zone needed); shorter
 *   buckets as date-times with the offset of the user's time zone at that local time (UTC when unknown).
 * - `status`: `final` once the bucket is over, `preliminary` while it still runs (its value may change).
 * - `subject`: `Patient/<user_id>` (the Meridian user id).
 * - Other group keys (partitions such as `source_provider`) as `extension` entries
 *   `{url: "urn:meridian:fhir:group-key", extension: [{url: "column"}, {url: "value"}]}`.
 * - `id`: stable for (query, user, mapper, column, group keys), so a consumer upserts a changed bucket.
 */
import { createHash } from 'node:crypto';
import type { QueryAst, SelectItemNode } from './ast';
import { FHIR_MAPPERS, type FhirObservationMapper, type PeriodUnit } from './catalog';
import { deriveQuery, type DerivedQuery } from './derive';

export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const LOINC_SYSTEM = 'http://loinc.org';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const GROUP_KEY_EXTENSION = 'urn:meridian:fhir:group-key';

export interface VitalSign {
  loinc: string;
  display: string;
  /** UCUM code and its human-readable unit. */
  ucum: string;
  unit: string;
  profile: string;
}

export const FHIR_VITAL_SIGNS: Readonly<Record<FhirObservationMapper, VitalSign>> = {
  [FHIR_MAPPERS.bodyWeight]: {
    loinc: '29463-7',
    display: 'Body weight',
    ucum: 'kg',
    unit: 'kg',
    profile: 'http://hl7.org/fhir/StructureDefinition/bodyweight',
  },
  [FHIR_MAPPERS.heartRate]: {
    loinc: '8867-4',
    display: 'Heart rate',
    ucum: '/min',
    unit: 'beats/minute',
    profile: 'http://hl7.org/fhir/StructureDefinition/heartrate',
  },
  [FHIR_MAPPERS.respirationRate]: {
    loinc: '9279-1',
    display: 'Respiratory rate',
    ucum: '/min',
    unit: 'breaths/minute',
    profile: 'http://hl7.org/fhir/StructureDefinition/resprate',
  },
};

/** The FHIR R4 Observation fields written (a subset of the resource). */
export interface FhirObservation {
  resourceType: 'Observation';
  id: string;
  meta: { profile: string[] };
  status: 'final' | 'preliminary';
  category: { coding: { system: string; code: string; display: string }[] }[];
  code: { coding: { system: string; code: string; display: string }[]; text: string };
  subject: { reference: string };
  effectivePeriod: { start: string; end: string };
  issued: string;
  valueQuantity: { value: number; unit: string; system: string; code: string };
  extension?: { url: string; extension: { url: string; valueString: string }[] }[];
}

export interface FhirValueColumn {
  mapper: FhirObservationMapper;
  column: string;
}

/** How a query's result rows become Observations; `period` is null only for a query without `date_trunc`. */
export interface FhirObservationPlan {
  columns: FhirValueColumn[];
  period: { column: string; unit: PeriodUnit; value: number } | null;
  /** The other group key columns (partitions). */
  partitionColumns: string[];
}

const MAPPER_ORDER: readonly FhirObservationMapper[] = [
  FHIR_MAPPERS.bodyWeight,
  FHIR_MAPPERS.heartRate,
  FHIR_MAPPERS.respirationRate,
];

/** Each non-key output column, derived on its own, names the mapper it feeds (mappers' order, then select order). */
export function fhirObservationPlan(
  query: QueryAst,
  derived: DerivedQuery = deriveQuery(query),
): FhirObservationPlan {
  const columns: FhirValueColumn[] = [];
  let period: FhirObservationPlan['period'] = null;
  const partitionColumns: string[] = [];
  for (const column of derived.outputColumns) {
    if (column.groupKey !== null) {
      if (column.expr.kind === 'date_trunc' && period === null)
        period = { column: column.name, unit: column.expr.period.unit, value: column.expr.period.value };
      else partitionColumns.push(column.name);
      continue;
    }
    const alone = deriveQuery({ ...query, select: [column.expr as SelectItemNode] });
    for (const mapper of alone.fhirObservationMappers) columns.push({ mapper, column: column.name });
  }
  columns.sort((a, b) => MAPPER_ORDER.indexOf(a.mapper) - MAPPER_ORDER.indexOf(b.mapper));
  return { columns, period, partitionColumns };
}

// --- local date-times -------------------------------------------------------------------------------

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** A local date-time (`2025-02-17T00:00:00`) as milliseconds of the same wall time in UTC; null if not one. */
function wallMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = LOCAL.exec(value);
  if (!m) return null;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  return Number.isNaN(ms) ? null : ms;
}

function addPeriod(ms: number, unit: PeriodUnit, value: number): number {
  const d = new Date(ms);
  switch (unit) {
    case 'minute':
      return ms + value * 60_000;
    case 'hour':
      return ms + value * 3_600_000;
    case 'day':
      return ms + value * 86_400_000;
    case 'week':
      return ms + value * 7 * 86_400_000;
    case 'month':
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + value,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
    case 'year':
      return Date.UTC(
        d.getUTCFullYear() + value,
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  if (!zoneFormats.has(zone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null; // not a zone this runtime knows: UTC
    }
    if (zoneFormats.size > 1000) zoneFormats.clear();
    zoneFormats.set(zone, format);
  }
  return zoneFormats.get(zone) ?? null;
}

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
function offsetAt(format: Intl.DateTimeFormat, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(utcMs))) if (p.type !== 'literal') parts[p.type] = +p.value;
  const part = (type: string) => parts[type] ?? 0;
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** The zone's offset (minutes) at a local wall time; 0 without a known zone. */
function offsetOfWallTime(zone: string | null, wall: number): number {
  const format = zone ? zoneFormat(zone) : null;
  if (!format) return 0;
  const first = offsetAt(format, wall);
  return offsetAt(format, wall - first * 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function isoDateTime(wall: number, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${new Date(wall).toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const DAY_OR_LONGER: ReadonlySet<PeriodUnit> = new Set(['day', 'week', 'month', 'year']);

function observationId(parts: readonly unknown[]): string {
  const h = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface BuildObservationsContext {
  queryId: string;
  /** The user the table belongs to (`Patient/<userId>`). */
  userId: string;
  /** When the table was computed (`issued`, and whether a bucket is over). */
  issuedAt: Date;
  /** The user's IANA time zone, for buckets shorter than a day; null = UTC. */
  timeZone: string | null;
}

/**
 * The Observations of a result table (column-oriented, as the engine returns it). Rows without a number in a
 * value column, or without a bucket, produce none for it.
 */
export function buildFhirObservations(
  plan: FhirObservationPlan,
  table: Readonly<Record<string, readonly unknown[]>>,
  ctx: BuildObservationsContext,
): FhirObservation[] {
  if (plan.columns.length === 0 || plan.period === null) return [];
  const { column: periodColumn, unit, value: periodValue } = plan.period;
  const starts = table[periodColumn] ?? [];
  const issued = ctx.issuedAt.toISOString();
  const nowWall = ctx.issuedAt.getTime() + offsetOfWallTime(ctx.timeZone, ctx.issuedAt.getTime()) * 60_000;
  const out: FhirObservation[] = [];
  for (let row = 0; row < starts.length; row += 1) {
    const start = wallMs(starts[row]);
    if (start === null) continue;
    const end = addPeriod(start, unit, periodValue);
    const effectivePeriod = DAY_OR_LONGER.has(unit)
      ? { start: isoDate(start), end: isoDate(end - 86_400_000) }
      : {
          start: isoDateTime(start, offsetOfWallTime(ctx.timeZone, start)),
          end: isoDateTime(end, offsetOfWallTime(ctx.timeZone, end)),
        };
    const partitions = plan.partitionColumns.map((c) => [c, table[c]?.[row] ?? null] as const);
    for (const { mapper, column } of plan.columns) {
      const value = table[column]?.[row];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const sign = FHIR_VITAL_SIGNS[mapper];
      const observation: FhirObservation = {
        resourceType: 'Observation',
        id: observationId([ctx.queryId, ctx.userId, mapper, column, starts[row], ...partitions.flat()]),
        meta: { profile: ['http://hl7.org/fhir/StructureDefinition/vitalsigns', sign.profile] },
        status: end <= nowWall ? 'final' : 'preliminary',
        category: [
          {
            coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'vital-signs', display: 'Vital Signs' }],
          },
        ],
        code: {
          coding: [{ system: LOINC_SYSTEM, code: sign.loinc, display: sign.display }],
          text: `${sign.display} (${column})`,
        },
        subject: { reference: `Patient/${ctx.userId}` },
        effectivePeriod,
        issued,
        valueQuantity: { value, unit: sign.unit, system: UCUM_SYSTEM, code: sign.ucum },
      };
      if (partitions.length > 0)
        observation.extension = partitions.map(([c, v]) => ({
          url: GROUP_KEY_EXTENSION,
          extension: [
            { url: 'column', valueString: c },
            { url: 'value', valueString: typeof v === 'string' ? v : JSON.stringify(v) },
          ],
        }));
      out.push(observation);
    }
  }
  return out;
}

// --- structural check ---------------------------------------------------------------------------------

const YEAR = '([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)';
const TIME =
  'T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?(Z|(\\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))';
/** FHIR R4 `dateTime`: a date-time needs an offset. */
const FHIR_DATE_TIME = new RegExp(`^${YEAR}(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(${TIME})?)?)?$`);
const FHIR_INSTANT = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])${TIME}$`);
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const OBSERVATION_STATUSES = new Set([
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
]);

/**
 * What is wrong with an Observation as this module writes it, against the FHIR R4 rules it relies on
 * (datatype formats, required vital-signs elements, the mapper's LOINC code and UCUM unit); empty when
 * nothing is. For tests and for consumers checking what they received.
 */
export function fhirObservationIssues(value: unknown): string[] {
  const issues: string[] = [];
  const o = (value ?? {}) as Partial<Record<keyof FhirObservation, unknown>> & Record<string, unknown>;
  const expect = (ok: boolean, what: string) => {
    if (!ok) issues.push(what);
  };
  expect(o.resourceType === 'Observation', 'resourceType must be Observation');
  expect(typeof o.id === 'string' && FHIR_ID.test(o.id), 'id must be a FHIR id');
  expect(
    typeof o.status === 'string' && OBSERVATION_STATUSES.has(o.status),
    'status must be an Observation status',
  );
  const category = o.category as FhirObservation['category'] | undefined;
  expect(
    Array.isArray(category) &&
      category.some((c) =>
        c?.coding?.some((k) => k?.system === OBSERVATION_CATEGORY_SYSTEM && k.code === 'vital-signs'),
      ),
    'category must hold vital-signs',
  );
  const coding = (o.code as FhirObservation['code'] | undefined)?.coding;
  const loinc = Array.isArray(coding) ? coding.find((c) => c?.system === LOINC_SYSTEM) : undefined;
  const sign = Object.values(FHIR_VITAL_SIGNS).find((s) => s.loinc === loinc?.code);
  expect(sign !== undefined, 'code.coding must hold a LOINC code of a mapper');
  const quantity = o.valueQuantity as FhirObservation['valueQuantity'] | undefined;
  expect(
    typeof quantity?.value === 'number' && Number.isFinite(quantity.value),
    'valueQuantity.value must be a number',
  );
  expect(quantity?.system === UCUM_SYSTEM, 'valueQuantity.system must be UCUM');
  expect(
    sign === undefined || quantity?.code === sign.ucum,
    'valueQuantity.code must be the mapper’s UCUM unit',
  );
  const period = o.effectivePeriod as FhirObservation['effectivePeriod'] | undefined;
  const dateTime = o.effectiveDateTime;
  if (period !== undefined) {
    expect(
      typeof period.start === 'string' && FHIR_DATE_TIME.test(period.start),
      'effectivePeriod.start must be a dateTime',
    );
    expect(
      typeof period.end === 'string' && FHIR_DATE_TIME.test(period.end),
      'effectivePeriod.end must be a dateTime',
    );
    expect(
      typeof period.start === 'string' &&
        typeof period.end === 'string' &&
        Date.parse(period.start) <= Date.parse(period.end),
      'effectivePeriod must not end before it starts',
    );
  } else
    expect(
      typeof dateTime === 'string' && FHIR_DATE_TIME.test(dateTime),
      'effectivePeriod or effectiveDateTime is required',
    );
  const subject = (o.subject as FhirObservation['subject'] | undefined)?.reference;
  expect(
    typeof subject === 'string' && /^Patient\/[A-Za-z0-9\-.]{1,64}$/.test(subject),
    'subject must reference a Patient',
  );
  expect(
    o.issued === undefined || (typeof o.issued === 'string' && FHIR_INSTANT.test(o.issued)),
    'issued must be an instant',
  );
  return issues;
}
