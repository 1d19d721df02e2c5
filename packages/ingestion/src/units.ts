import type { TimeseriesSpec } from '@meridian/domain';

/**
 * Source units accepted per resource and their conversion to the catalog's canonical unit. An absent
 * unit means the canonical one; nothing is guessed from the magnitude of a value (0.2 could be a real
 * percentage), so only an explicit unit converts.
 */
export type UnitConversion = (value: number, sampleType: string | null) => number;

const scale =
  (factor: number): UnitConversion =>
  (v) =>
    v * factor;
const same: UnitConversion = (v) => v;
const fahrenheitToCelsius: UnitConversion = (v) => ((v - 32) * 5) / 9;

/** By canonical unit: every resource in that unit accepts these. */
const BY_CANONICAL_UNIT: Readonly<Record<string, Readonly<Record<string, UnitConversion>>>> = {
  '%': { '%': same, percent: same, fraction: scale(100) },
  kg: { kg: same, g: scale(0.001), lb: scale(0.45359237), lbs: scale(0.45359237) },
  kcal: { kcal: same, kJ: scale(1 / 4.184) },
  count: { count: same },
  mL: { mL: same, ml: same, L: scale(1000), l: scale(1000), fl_oz: scale(29.5735295625) },
  'mmol/L': { 'mmol/L': same },
  bpm: { bpm: same },
  ms: { ms: same },
  min: { min: same, s: scale(1 / 60), h: scale(60) },
  m: { m: same, km: scale(1000), mi: scale(1609.344), ft: scale(0.3048) },
  g: { g: same, mg: scale(0.001) },
  L: { L: same, l: same, mL: scale(0.001), ml: scale(0.001) },
  index: { index: same },
  '°C': { '°C': same, degC: same, '°F': fahrenheitToCelsius, degF: fahrenheitToCelsius },
  'L/min': { 'L/min': same },
  'mL/kg/min': { 'mL/kg/min': same },
  cm: { cm: same, mm: scale(0.1), m: scale(100), in: scale(2.54) },
  mmHg: { mmHg: same, kPa: scale(7.50061683) },
  mV: { mV: same },
  FSU: { FSU: same },
  stage: { stage: same },
  unit: { unit: same },
  text: { text: same },
};

/** Resource-specific units (molar mass, temperature differences). */
const BY_SLUG: Readonly<Record<string, Readonly<Record<string, UnitConversion>>>> = {
  glucose: { 'mg/dL': scale(1 / 18.016), 'mg/dl': scale(1 / 18.016) },
  cholesterol: {
    'mg/dL': (v, type) => (type === 'triglycerides' ? v / 88.57 : v / 38.67),
    'mg/dl': (v, type) => (type === 'triglycerides' ? v / 88.57 : v / 38.67),
  },
  // A temperature difference converts without the 32 °F offset.
  body_temperature_delta: { '°F': scale(5 / 9), degF: scale(5 / 9) },
};

const tables = new Map<string, Readonly<Record<string, UnitConversion>>>();

function unitsOf(spec: TimeseriesSpec): Readonly<Record<string, UnitConversion>> {
  let table = tables.get(spec.slug);
  if (!table) {
    table = { ...BY_CANONICAL_UNIT[spec.unit], ...BY_SLUG[spec.slug] };
    tables.set(spec.slug, table);
  }
  return table;
}

/** Units a resource accepts, canonical first. */
export function acceptedUnits(spec: TimeseriesSpec): string[] {
  return Object.keys(unitsOf(spec));
}

/** The conversion of `unit` to the resource's canonical unit; undefined when the unit is not accepted. */
export function unitConversion(
  spec: TimeseriesSpec,
  unit: string | null | undefined,
): UnitConversion | undefined {
  if (unit === null || unit === undefined || unit === spec.unit) return same;
  const conversion = unitsOf(spec)[unit];
  if (conversion === undefined || conversion === same) return conversion;
  // Twelve significant digits drop binary noise (0.215 → 21.5 %, not 21.499999999999996).
  return (v, type) => Number(conversion(v, type).toPrecision(12));
}
