import {
  EXTRA_VALUES,
  timeseriesByResource,
  timeseriesBySlug,
  type SampleExtra,
  type TimeseriesSpec,
} from '@meridian/domain';
import { parseDateTime } from '../time/parse-date-time';
import { acceptedUnits, unitConversion, type UnitConversion } from '../units';
import { checkSource, checkTimezoneOffset, isAbsent, isRecord, type NormalisedSource } from './check-source';
import type { IssueList } from './issue-list';

/** One validated sample in canonical units, ready to store. */
export interface NormalisedSample {
  spec: TimeseriesSpec;
  source: NormalisedSource;
  /** '' when the sample has no type (the column is part of the key and not null). */
  type: string;
  startMs: number;
  endMs: number | null;
  timezoneOffset: number | null;
  value: number | null;
  valueText: string | null;
  systolic: number | null;
  diastolic: number | null;
  extras: Partial<Record<SampleExtra, unknown>> | null;
}

const ALL_EXTRAS = Object.keys(EXTRA_VALUES) as SampleExtra[];

type Loc = (string | number)[];

/** Validates and normalises every timeseries of a batch; problems go to `issues`. */
export function normaliseTimeseries(inputs: unknown, userId: string, issues: IssueList): NormalisedSample[] {
  if (isAbsent(inputs)) return [];
  if (!Array.isArray(inputs)) {
    issues.add(['timeseries'], 'Input should be a valid list', 'list_type', inputs);
    return [];
  }
  const out: NormalisedSample[] = [];
  inputs.forEach((series: unknown, i) => {
    const loc: Loc = ['timeseries', i];
    if (!isRecord(series)) return issues.add(loc, 'Input should be a valid dictionary', 'dict_type', series);
    const spec = resolveSpec(series.resource, [...loc, 'resource'], issues);
    const source = checkSource(series.source, [...loc, 'source'], userId, issues);
    if (!Array.isArray(series.samples)) {
      return issues.add([...loc, 'samples'], 'Input should be a valid list', 'list_type', series.samples);
    }
    if (!spec || !source) return;
    series.samples.forEach((sample: unknown, j) => {
      const normalised = normaliseSample(sample, spec, source, [...loc, 'samples', j], issues);
      if (normalised) out.push(normalised);
    });
  });
  return out;
}

function resolveSpec(resource: unknown, loc: Loc, issues: IssueList): TimeseriesSpec | undefined {
  const spec =
    typeof resource === 'string' ? (timeseriesBySlug(resource) ?? timeseriesByResource(resource)) : undefined;
  if (!spec)
    issues.add(
      loc,
      'Unknown timeseries resource: expected a slug or an event resource name',
      'enum',
      resource,
    );
  return spec;
}

function normaliseSample(
  sample: unknown,
  spec: TimeseriesSpec,
  source: NormalisedSource,
  loc: Loc,
  issues: IssueList,
): NormalisedSample | null {
  if (!isRecord(sample)) {
    issues.add(loc, 'Input should be a valid dictionary', 'dict_type', sample);
    return null;
  }
  const before = issues.count;
  const startMs = checkDateTime(sample.timestamp, [...loc, 'timestamp'], issues);
  const timezoneOffset = checkTimezoneOffset(sample.timezone_offset, [...loc, 'timezone_offset'], issues);
  const type = checkType(sample.type, spec, [...loc, 'type'], issues);
  const convert = checkUnit(sample.unit, spec, [...loc, 'unit'], issues);
  const extras = checkExtras(sample, spec, loc, issues);
  let endMs: number | null = null;
  if (spec.shape === 'interval') {
    endMs = checkDateTime(sample.end, [...loc, 'end'], issues);
    if (endMs !== null && startMs !== null && endMs <= startMs) {
      issues.add([...loc, 'end'], 'The end must be after the timestamp (start)', 'greater_than', sample.end, {
        gt: sample.timestamp,
      });
    }
  }
  const values = convert ? checkValues(sample, spec, convert, type ?? '', loc, issues) : null;
  if (issues.count > before || startMs === null || values === null || type === null || extras === undefined) {
    return null;
  }
  return {
    spec,
    source,
    type,
    startMs,
    endMs,
    timezoneOffset: timezoneOffset ?? null,
    ...values,
    extras,
  };
}

export function checkDateTime(value: unknown, loc: Loc, issues: IssueList): number | null {
  if (isAbsent(value)) {
    issues.add(loc, 'Field required', 'missing', value);
    return null;
  }
  const ms = typeof value === 'string' ? parseDateTime(value) : null;
  if (ms === null) issues.add(loc, 'Input should be a valid ISO 8601 date-time', 'datetime_parsing', value);
  return ms;
}

function checkType(value: unknown, spec: TimeseriesSpec, loc: Loc, issues: IssueList): string | null {
  if (isAbsent(value) || value === '') {
    if (!spec.types?.required) return '';
    issues.add(loc, `Field required: ${spec.slug} samples carry a type`, 'missing', value);
    return null;
  }
  if (typeof value !== 'string') {
    issues.add(loc, 'Input should be a valid string', 'string_type', value);
    return null;
  }
  const values = spec.types?.values;
  if (values && !values.includes(value)) {
    issues.add(loc, `Input should be ${values.map((v) => `'${v}'`).join(', ')}`, 'enum', value, {
      expected: values,
    });
    return null;
  }
  return value;
}

function checkUnit(
  value: unknown,
  spec: TimeseriesSpec,
  loc: Loc,
  issues: IssueList,
): UnitConversion | undefined {
  if (!isAbsent(value) && typeof value !== 'string') {
    issues.add(loc, 'Input should be a valid string', 'string_type', value);
    return undefined;
  }
  const conversion = unitConversion(spec, value);
  if (!conversion) {
    const accepted = acceptedUnits(spec);
    issues.add(
      loc,
      `Unit '${String(value)}' is not accepted for ${spec.slug}; accepted units: ${accepted.join(', ')}`,
      'enum',
      value,
      { expected: accepted },
    );
  }
  return conversion;
}

type SampleValues = Pick<NormalisedSample, 'value' | 'valueText' | 'systolic' | 'diastolic'>;

function checkValues(
  sample: Record<string, unknown>,
  spec: TimeseriesSpec,
  convert: UnitConversion,
  type: string,
  loc: Loc,
  issues: IssueList,
): SampleValues | null {
  const none = { value: null, valueText: null, systolic: null, diastolic: null };
  if (spec.textValue) {
    if (typeof sample.value === 'string' && sample.value.length > 0)
      return { ...none, valueText: sample.value };
    issues.add([...loc, 'value'], 'Input should be a non-empty string', 'string_type', sample.value);
    return null;
  }
  if (spec.shape === 'blood_pressure') {
    const systolic = checkNumber(sample.systolic, spec, convert, type, [...loc, 'systolic'], issues);
    const diastolic = checkNumber(sample.diastolic, spec, convert, type, [...loc, 'diastolic'], issues);
    if (systolic === null || diastolic === null) return null;
    if (!(diastolic > 0 && systolic > diastolic)) {
      issues.add([...loc, 'systolic'], 'Blood pressure needs systolic > diastolic > 0', 'value_error', {
        systolic: sample.systolic,
        diastolic: sample.diastolic,
      });
      return null;
    }
    return { ...none, systolic, diastolic };
  }
  const value = checkNumber(sample.value, spec, convert, type, [...loc, 'value'], issues);
  return value === null ? null : { ...none, value };
}

function checkNumber(
  raw: unknown,
  spec: TimeseriesSpec,
  convert: UnitConversion,
  type: string,
  loc: Loc,
  issues: IssueList,
): number | null {
  if (isAbsent(raw)) {
    issues.add(loc, 'Field required', 'missing', raw);
    return null;
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    issues.add(
      loc,
      'Input should be a finite number',
      typeof raw === 'number' ? 'finite_number' : 'float_type',
      raw,
    );
    return null;
  }
  const value = convert(raw, type === '' ? null : type);
  const range = spec.range;
  if (range && value < range[0]) {
    issues.add(
      loc,
      `Input should be greater than or equal to ${range[0]} ${spec.unit}`,
      'greater_than_equal',
      raw,
      { ge: range[0], unit: spec.unit },
    );
    return null;
  }
  if (range && value > range[1]) {
    issues.add(
      loc,
      `Input should be less than or equal to ${range[1]} ${spec.unit}`,
      'less_than_equal',
      raw,
      { le: range[1], unit: spec.unit },
    );
    return null;
  }
  return value;
}

/** The slug's typed extras; undefined after recording an issue. */
function checkExtras(
  sample: Record<string, unknown>,
  spec: TimeseriesSpec,
  loc: Loc,
  issues: IssueList,
): Partial<Record<SampleExtra, unknown>> | null | undefined {
  const extras: Partial<Record<SampleExtra, unknown>> = {};
  let ok = true;
  for (const key of ALL_EXTRAS) {
    const value = sample[key];
    if (isAbsent(value)) continue;
    const allowed: readonly string[] = EXTRA_VALUES[key];
    if (!spec.extras?.includes(key)) {
      issues.add([...loc, key], `'${key}' is not a field of ${spec.slug} samples`, 'extra_forbidden', value);
      ok = false;
    } else if (key === 'tags') {
      if (!Array.isArray(value) || value.some((t) => typeof t !== 'string' || !allowed.includes(t))) {
        issues.add([...loc, key], `Input should be a list of ${allowed.join(', ')}`, 'enum', value, {
          expected: allowed,
        });
        ok = false;
      } else extras.tags = [...new Set(value as string[])];
    } else if (typeof value !== 'string' || !allowed.includes(value)) {
      issues.add([...loc, key], `Input should be ${allowed.map((v) => `'${v}'`).join(', ')}`, 'enum', value, {
        expected: allowed,
      });
      ok = false;
    } else extras[key] = value;
  }
  if (!ok) return undefined;
  return Object.keys(extras).length > 0 ? extras : null;
}
