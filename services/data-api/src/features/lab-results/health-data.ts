/**
 * Lab values that have a Meridian timeseries (glucose, cholesterol by type) become samples of the user's health
 * data through the one ingestion path. LOINC codes are terms of the lab-report parser's catalogue
 * (packages/lab-reports/src/loinc, checked by health-data.test.ts); the unit conversion is ingestion's own.
 */
import { timeseriesBySlug, type TimeseriesSpec } from '@meridian/domain';
import { acceptedUnits, unitConversion, type SampleInput, type TimeseriesInput } from '@meridian/ingestion';
import type { LabObservation, LabResultMessage } from '@meridian/lab-partners';

export interface TimeseriesTarget {
  slug: 'glucose' | 'cholesterol';
  /** The sample `type` (cholesterol requires one). */
  type: 'total' | 'ldl' | 'hdl' | 'triglycerides' | null;
}

const glucose: TimeseriesTarget = { slug: 'glucose', type: null };
const cholesterol = (type: NonNullable<TimeseriesTarget['type']>): TimeseriesTarget => ({
  slug: 'cholesterol',
  type,
});

/** LOINC → timeseries. Mass and molar concentrations of the same analyte map alike (ingestion converts). */
export const LOINC_TIMESERIES: Readonly<Record<string, TimeseriesTarget>> = {
  '2345-7': glucose, // Glucose [Mass/volume] in Serum or Plasma
  '1558-6': glucose, // Fasting glucose [Mass/volume] in Serum or Plasma
  '2339-0': glucose, // Glucose [Mass/volume] in Blood
  '41653-7': glucose, // Glucose [Mass/volume] in Capillary blood by Glucometer
  '14749-6': glucose, // Glucose [Moles/volume] in Serum or Plasma
  '2093-3': cholesterol('total'),
  '14647-2': cholesterol('total'),
  '2085-9': cholesterol('hdl'),
  '14646-4': cholesterol('hdl'),
  '13457-7': cholesterol('ldl'),
  '18262-6': cholesterol('ldl'),
  '2089-1': cholesterol('ldl'),
  '2571-8': cholesterol('triglycerides'),
  '14927-8': cholesterol('triglycerides'),
};

/** The unit as ingestion accepts it for `spec` (labs vary in case: `mg/dl`, `MMOL/L`), or undefined. */
function acceptedUnitOf(spec: TimeseriesSpec, unit: string | null): string | null | undefined {
  if (unit === null) return undefined; // a lab value without a unit is not guessed
  const units = acceptedUnits(spec);
  return units.find((u) => u === unit) ?? units.find((u) => u.toLowerCase() === unit.toLowerCase());
}

function sampleOf(o: LabObservation, target: TimeseriesTarget, spec: TimeseriesSpec): SampleInput | null {
  if (o.kind !== 'numeric' || o.value === null || o.status === 'preliminary' || !o.observedAt) return null;
  const unit = acceptedUnitOf(spec, o.unit);
  if (unit === undefined) return null;
  // Out-of-range values would make ingestion refuse the whole batch: leave them in the report only.
  const canonical = unitConversion(spec, unit)?.(o.value, target.type);
  if (canonical === undefined || !Number.isFinite(canonical)) return null;
  if (spec.range && (canonical < spec.range[0] || canonical > spec.range[1])) return null;
  return { timestamp: o.observedAt, value: o.value, unit, ...(target.type ? { type: target.type } : {}) };
}

/**
 * The timeseries input of a message's final/corrected numeric values that map to a timeseries (preliminary
 * values are not health data yet), grouped per resource; empty when nothing maps.
 */
export function healthDataOf(message: LabResultMessage, provider: string): TimeseriesInput[] {
  const bySlug = new Map<string, SampleInput[]>();
  for (const o of message.results) {
    const target = o.loinc ? LOINC_TIMESERIES[o.loinc] : undefined;
    const spec = target && timeseriesBySlug(target.slug);
    if (!target || !spec) continue;
    const sample = sampleOf(o, target, spec);
    if (!sample) continue;
    bySlug.set(target.slug, [...(bySlug.get(target.slug) ?? []), sample]);
  }
  return [...bySlug].map(([resource, samples]) => ({
    resource,
    source: { provider, type: 'lab' as const },
    samples,
  }));
}
