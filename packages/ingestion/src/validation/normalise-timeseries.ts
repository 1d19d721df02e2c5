import {
  EXTRA_VALUES,
  timeseriesByResource,
  timeseriesBySlug,
  type SampleExtra,
  type TimeseriesSpec,
} from '@meridian/domain';
import { parseDateTime } from '../time/parse-date-time';
import { acceptedUnits, unitConversion, type UnitConversion } from '../units';
import { checkSource, checkTimezoneOffset, type NormalisedSource } from './check-source';
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

// Local copies of check-source's guards: the per-sample path calls them several times per sample.
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown): v is null | undefined => v === null || v === undefined;

/**
 * Where a sample is (`timeseries[i].samples[j]`), its `loc` arrays built only when an issue is recorded: a
 * valid sample allocates none. One per series, moved along its samples (the issue list copies a loc).
 */
class SamplePath {
  j = 0;
  constructor(private readonly series: Loc) {}

  loc(...keys: string[]): Loc {
    return [...this.series, 'samples', this.j, ...keys];
  }
}

/** The unit conversion of the series' last unit, so a series in one unit looks it up once. */
class SeriesUnits {
  private unit: unknown = undefined;
  private conversion: UnitConversion | undefined = undefined;
  constructor(readonly spec: TimeseriesSpec) {}

  conversionOf(unit: string | null | undefined): UnitConversion | undefined {
    if (this.conversion === undefined || unit !== this.unit) {
      this.unit = unit;
      this.conversion = unitConversion(this.spec, unit);
    }
    return this.conversion;
  }
}

/** Validates and normalises every timeseries of a batch; problems go to `issues`. */
export function normaliseTimeseries(inputs: unknown, userId: string, issues: IssueList): NormalisedSample[] {
  if (absent(inputs)) return [];
  if (!Array.isArray(inputs)) {
    issues.add(['timeseries'], 'Input should be a valid list', 'list_type', inputs);
    return [];
  }
  const out: NormalisedSample[] = [];
  inputs.forEach((series: unknown, i) => {
    const loc: Loc = ['timeseries', i];
    if (!isObject(series)) return issues.add(loc, 'Input should be a valid dictionary', 'dict_type', series);
    const spec = resolveSpec(series.resource, [...loc, 'resource'], issues);
    const source = checkSource(series.source, [...loc, 'source'], userId, issues);
    const samples = series.samples;
    if (!Array.isArray(samples)) {
      return issues.add([...loc, 'samples'], 'Input should be a valid list', 'list_type', samples);
    }
    if (!spec || !source) return;
    const at = new SamplePath(loc);
    const units = new SeriesUnits(spec);
    for (let j = 0; j < samples.length; j += 1) {
      // A hole of a sparse array is skipped, as forEach would.
      if (!(j in samples)) continue;
      at.j = j;
      const normalised = normaliseSample(samples[j], spec, source, units, at, issues);
      if (normalised) out.push(normalised);
    }
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

/** A sample's values in canonical units, checked by `checkValues` (one per batch, copied into the sample). */
interface SampleValues {
  value: number | null;
  valueText: string | null;
  systolic: number | null;
  diastolic: number | null;
}

function normaliseSample(
  sample: unknown,
  spec: TimeseriesSpec,
  source: NormalisedSource,
  units: SeriesUnits,
  at: SamplePath,
  issues: IssueList,
): NormalisedSample | null {
  if (!isObject(sample)) {
    issues.add(at.loc(), 'Input should be a valid dictionary', 'dict_type', sample);
    return null;
  }
  const before = issues.count;
  const startMs = sampleDateTime(sample.timestamp, at, 'timestamp', issues);
  const offset = sample.timezone_offset;
  // The common valid offsets inline; anything else is checked (and its issue recorded) by check-source.
  const timezoneOffset = absent(offset)
    ? null
    : typeof offset === 'number' && Number.isInteger(offset) && offset >= -64_800 && offset <= 64_800
      ? offset
      : checkTimezoneOffset(offset, at.loc('timezone_offset'), issues);
  const type = checkType(sample.type, spec, at, issues);
  const convert = checkUnit(sample.unit, spec, units, at, issues);
  const extras = checkExtras(sample, spec, at, issues);
  let endMs: number | null = null;
  if (spec.shape === 'interval') {
    endMs = sampleDateTime(sample.end, at, 'end', issues);
    if (endMs !== null && startMs !== null && endMs <= startMs) {
      issues.add(at.loc('end'), 'The end must be after the timestamp (start)', 'greater_than', sample.end, {
        gt: sample.timestamp,
      });
    }
  }
  const values = convert ? checkValues(sample, spec, convert, type ?? '', at, issues) : null;
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
    value: values.value,
    valueText: values.valueText,
    systolic: values.systolic,
    diastolic: values.diastolic,
    extras,
  };
}

/** `checkDateTime` with the loc built only for an issue. */
function sampleDateTime(value: unknown, at: SamplePath, key: string, issues: IssueList): number | null {
  const ms = typeof value === 'string' ? parseDateTime(value) : null;
  return ms !== null ? ms : checkDateTime(value, at.loc(key), issues);
}

export function checkDateTime(value: unknown, loc: Loc, issues: IssueList): number | null {
  if (absent(value)) {
    issues.add(loc, 'Field required', 'missing', value);
    return null;
  }
  const ms = typeof value === 'string' ? parseDateTime(value) : null;
  if (ms === null) issues.add(loc, 'Input should be a valid ISO 8601 date-time', 'datetime_parsing', value);
  return ms;
}

function checkType(value: unknown, spec: TimeseriesSpec, at: SamplePath, issues: IssueList): string | null {
  if (absent(value) || value === '') {
    if (!spec.types?.required) return '';
    issues.add(at.loc('type'), `Field required: ${spec.slug} samples carry a type`, 'missing', value);
    return null;
  }
  if (typeof value !== 'string') {
    issues.add(at.loc('type'), 'Input should be a valid string', 'string_type', value);
    return null;
  }
  const values = spec.types?.values;
  if (values && !values.includes(value)) {
    issues.add(at.loc('type'), `Input should be ${values.map((v) => `'${v}'`).join(', ')}`, 'enum', value, {
      expected: values,
    });
    return null;
  }
  return value;
}

function checkUnit(
  value: unknown,
  spec: TimeseriesSpec,
  units: SeriesUnits,
  at: SamplePath,
  issues: IssueList,
): UnitConversion | undefined {
  if (!absent(value) && typeof value !== 'string') {
    issues.add(at.loc('unit'), 'Input should be a valid string', 'string_type', value);
    return undefined;
  }
  const conversion = units.conversionOf(value);
  if (!conversion) {
    const accepted = acceptedUnits(spec);
    issues.add(
      at.loc('unit'),
      `Unit '${String(value)}' is not accepted for ${spec.slug}; accepted units: ${accepted.join(', ')}`,
      'enum',
      value,
      { expected: accepted },
    );
  }
  return conversion;
}

/** Reused by every sample: `normaliseSample` copies what it needs before the next sample is checked. */
const checked: SampleValues = { value: null, valueText: null, systolic: null, diastolic: null };

function checkValues(
  sample: Record<string, unknown>,
  spec: TimeseriesSpec,
  convert: UnitConversion,
  type: string,
  at: SamplePath,
  issues: IssueList,
): SampleValues | null {
  checked.value = checked.valueText = checked.systolic = checked.diastolic = null;
  if (spec.textValue) {
    if (typeof sample.value === 'string' && sample.value.length > 0) {
      checked.valueText = sample.value;
      return checked;
    }
    issues.add(at.loc('value'), 'Input should be a non-empty string', 'string_type', sample.value);
    return null;
  }
  if (spec.shape === 'blood_pressure') {
    const systolic = checkNumber(sample.systolic, spec, convert, type, at, 'systolic', issues);
    const diastolic = checkNumber(sample.diastolic, spec, convert, type, at, 'diastolic', issues);
    if (systolic === null || diastolic === null) return null;
    if (!(diastolic > 0 && systolic > diastolic)) {
      issues.add(at.loc('systolic'), 'Blood pressure needs systolic > diastolic > 0', 'value_error', {
        systolic: sample.systolic,
        diastolic: sample.diastolic,
      });
      return null;
    }
    checked.systolic = systolic;
    checked.diastolic = diastolic;
    return checked;
  }
  const value = checkNumber(sample.value, spec, convert, type, at, 'value', issues);
  if (value === null) return null;
  checked.value = value;
  return checked;
}

function checkNumber(
  raw: unknown,
  spec: TimeseriesSpec,
  convert: UnitConversion,
  type: string,
  at: SamplePath,
  key: string,
  issues: IssueList,
): number | null {
  if (absent(raw)) {
    issues.add(at.loc(key), 'Field required', 'missing', raw);
    return null;
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    issues.add(
      at.loc(key),
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
      at.loc(key),
      `Input should be greater than or equal to ${range[0]} ${spec.unit}`,
      'greater_than_equal',
      raw,
      { ge: range[0], unit: spec.unit },
    );
    return null;
  }
  if (range && value > range[1]) {
    issues.add(
      at.loc(key),
      `Input should be less than or equal to ${range[1]} ${spec.unit}`,
      'less_than_equal',
      raw,
      { le: range[1], unit: spec.unit },
    );
    return null;
  }
  return value;
}

/** The slug's typed extras (null when none; the object made only when there is one); undefined after an issue. */
function checkExtras(
  sample: Record<string, unknown>,
  spec: TimeseriesSpec,
  at: SamplePath,
  issues: IssueList,
): Partial<Record<SampleExtra, unknown>> | null | undefined {
  let extras: Partial<Record<SampleExtra, unknown>> | null = null;
  let ok = true;
  // Nothing in this loop is captured by a closure (checkExtra has them): V8 then allocates no scope per key.
  for (let k = 0; k < ALL_EXTRAS.length; k += 1) {
    const key = ALL_EXTRAS[k]!;
    const value = sample[key];
    if (absent(value)) continue;
    const checkedValue = checkExtra(key, value, spec, at, issues);
    if (checkedValue === undefined) ok = false;
    else (extras ??= {})[key] = checkedValue;
  }
  return ok ? extras : undefined;
}

/** One extra present on a sample: its value to store, or undefined after recording an issue. */
function checkExtra(
  key: SampleExtra,
  value: unknown,
  spec: TimeseriesSpec,
  at: SamplePath,
  issues: IssueList,
): unknown {
  const allowed: readonly string[] = EXTRA_VALUES[key];
  if (!spec.extras?.includes(key)) {
    issues.add(at.loc(key), `'${key}' is not a field of ${spec.slug} samples`, 'extra_forbidden', value);
    return undefined;
  }
  if (key === 'tags') {
    if (!Array.isArray(value) || value.some((t) => typeof t !== 'string' || !allowed.includes(t))) {
      issues.add(at.loc(key), `Input should be a list of ${allowed.join(', ')}`, 'enum', value, {
        expected: allowed,
      });
      return undefined;
    }
    return [...new Set(value as string[])];
  }
  if (typeof value !== 'string' || !allowed.includes(value)) {
    issues.add(at.loc(key), `Input should be ${allowed.map((v) => `'${v}'`).join(', ')}`, 'enum', value, {
      expected: allowed,
    });
    return undefined;
  }
  return value;
}
