import { timeseriesByResource, type TimeseriesSpec } from '@meridian/domain';
import { unitConversion } from '@meridian/ingestion';
import type { Path, RecordReader } from './read';

/**
 * A value in a unit ingestion accepts, checked against a plausible range in the resource's canonical
 * unit. The unit is converted by ingestion itself (one conversion table for every source); the range is
 * checked here so a mix-up (a fraction sent as percent, mg/dL sent as mmol/L) names the record.
 */
export interface Measure {
  value: number;
  unit: string;
}

export interface Plausible {
  /** Inclusive bounds in the canonical unit; the catalogue's own range when absent. */
  range?: readonly [number, number];
  /** Added to the out-of-range message (what is likely wrong). */
  hint?: string;
}

/** Specs and unit conversions by resource (and unit): every sample needs them, the catalogue does not change. */
const specs = new Map<string, TimeseriesSpec>();
const conversions = new Map<TimeseriesSpec, Map<string, ReturnType<typeof unitConversion>>>();

export function specOf(resource: string): TimeseriesSpec {
  let spec = specs.get(resource);
  if (spec) return spec;
  spec = timeseriesByResource(resource);
  if (!spec) throw new Error(`No timeseries spec for ${resource}`);
  specs.set(resource, spec);
  return spec;
}

function conversionOf(spec: TimeseriesSpec, unit: string): ReturnType<typeof unitConversion> {
  let byUnit = conversions.get(spec);
  if (!byUnit) {
    byUnit = new Map();
    conversions.set(spec, byUnit);
  }
  if (byUnit.has(unit)) return byUnit.get(unit);
  const convert = unitConversion(spec, unit);
  // Units are the pushed text: only the few the catalogue converts are kept (nothing grows per request).
  if (convert) byUnit.set(unit, convert);
  return convert;
}

/** The canonical value of a measure, or null after an issue at `path` (unit or range). */
export function checkMeasure(
  reader: RecordReader,
  path: Path,
  resource: string,
  measure: Measure,
  plausible: Plausible = {},
  unitPath: Path = path,
): number | null {
  const spec = specOf(resource);
  const convert = conversionOf(spec, measure.unit);
  if (!convert) {
    return reader.fail(
      unitPath,
      `Unit '${measure.unit}' cannot be converted to ${spec.unit} for ${resource}`,
      'unit_error',
    );
  }
  const canonical = convert(measure.value, null);
  const range = plausible.range ?? spec.range;
  if (!Number.isFinite(canonical) || (range && (canonical < range[0] || canonical > range[1]))) {
    const shown = range ? ` (plausible: ${range[0]}–${range[1]} ${spec.unit})` : '';
    const hint = plausible.hint ? `; ${plausible.hint}` : '';
    return reader.fail(
      path,
      `Value ${measure.value} ${measure.unit} is outside the physical range for ${resource}${shown}${hint}`,
      'value_out_of_range',
    );
  }
  return canonical;
}
