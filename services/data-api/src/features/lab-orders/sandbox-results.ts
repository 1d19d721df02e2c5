import type { BiomarkerResultType, Interpretation } from '@meridian/domain';
import type { MarkerRecord } from '../lab-tests/lab-tests.repository';

/**
 * Synthetic results of the sandbox `/test` walk: one row per ordered marker, with the marker's name, LOINC
 * and unit from the compendium and an adult reference range per LOINC (below; typical US lab ranges). The
 * requested overall `interpretation` decides the values: `normal` puts every value inside its range,
 * `abnormal` the first numeric marker above its range, `critical` far above it (at the critical limit), and
 * `unknown` reports the first marker as a comment the lab did not interpret. `has_missing_results` leaves the
 * last marker unreported (a missing result, `quantity_not_sufficient_failure`). Deterministic: the same order
 * gets the same values.
 */

interface Range {
  min: number;
  max: number;
  /** A value at or beyond this is critical (defaults to 2 × max). */
  critical?: number;
}

// LOINC → adult reference range in the compendium's unit.
const RANGES: Readonly<Record<string, Range>> = {
  '2093-3': { min: 100, max: 199 },
  '2085-9': { min: 40, max: 90 },
  '13457-7': { min: 0, max: 99 },
  '2571-8': { min: 0, max: 149, critical: 1000 },
  '2345-7': { min: 70, max: 99, critical: 400 },
  '3094-0': { min: 6, max: 24, critical: 100 },
  '2160-0': { min: 0.57, max: 1.0, critical: 7.4 },
  '2951-2': { min: 134, max: 144, critical: 160 },
  '2823-3': { min: 3.5, max: 5.2, critical: 6.2 },
  '2075-0': { min: 96, max: 106, critical: 120 },
  '2028-9': { min: 20, max: 29, critical: 40 },
  '17861-6': { min: 8.7, max: 10.2, critical: 13 },
  '2885-2': { min: 6.0, max: 8.5 },
  '1751-7': { min: 3.8, max: 4.9 },
  '1975-2': { min: 0, max: 1.2, critical: 15 },
  '6768-6': { min: 44, max: 121 },
  '1742-6': { min: 0, max: 44, critical: 1000 },
  '1920-8': { min: 0, max: 40, critical: 1000 },
  '98979-8': { min: 60, max: 120 },
  '4548-4': { min: 4.8, max: 5.6, critical: 14 },
  '3016-3': { min: 0.45, max: 4.5, critical: 50 },
  '3024-7': { min: 0.82, max: 1.77, critical: 5 },
  '3051-0': { min: 2.0, max: 4.4 },
  '6690-2': { min: 3.4, max: 10.8, critical: 30 },
  '789-8': { min: 4.14, max: 5.8 },
  '718-7': { min: 12.6, max: 17.7, critical: 20 },
  '4544-3': { min: 37.5, max: 51.0, critical: 60 },
  '777-3': { min: 150, max: 450, critical: 1000 },
  '62292-8': { min: 30, max: 100, critical: 150 },
  '2276-4': { min: 30, max: 400 },
  '2498-4': { min: 38, max: 169 },
  '2132-9': { min: 232, max: 1245 },
  '2284-8': { min: 3.0, max: 20 },
  '30522-7': { min: 0, max: 3.0, critical: 100 },
  '2986-8': { min: 264, max: 916 },
  '2857-1': { min: 0, max: 4.0, critical: 100 },
  '19123-9': { min: 1.6, max: 2.3, critical: 4.9 },
};
const FALLBACK: Range = { min: 1, max: 10 };

export interface SyntheticBiomarker {
  name: string;
  slug: string;
  value: number | null;
  result: string;
  type: BiomarkerResultType;
  unit: string | null;
  notes: string | null;
  referenceRange: string | null;
  minRangeValue: number | null;
  maxRangeValue: number | null;
  isAboveMaxRange: boolean | null;
  isBelowMinRange: boolean | null;
  interpretation: Interpretation;
  sourceInterpretation: string;
  loinc: string | null;
  loincSlug: string | null;
  providerId: string | null;
  sourceMarkers: { marker_id: number; name: string; slug: string; provider_id: string | null }[];
}

export interface SyntheticMissing {
  name: string;
  slug: string;
  failureType: 'quantity_not_sufficient_failure';
  note: string;
  loinc: string | null;
  loincSlug: string | null;
  providerId: string | null;
  sourceMarkers: SyntheticBiomarker['sourceMarkers'];
}

export interface SyntheticResults {
  biomarkers: SyntheticBiomarker[];
  missing: SyntheticMissing[];
  interpretation: Interpretation;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A stable fraction in [0.25, 0.75) of a marker in an order (values vary by order, not by call). */
function fraction(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return 0.25 + ((h >>> 0) % 1000) / 2000;
}

export function syntheticResults(
  orderId: string,
  markers: MarkerRecord[],
  opts: {
    interpretation: Interpretation;
    resultTypes: BiomarkerResultType[];
    hasMissingResults: boolean;
    /** `corrected` notes the rows as corrected. */
    corrected?: boolean;
  },
): SyntheticResults {
  const reported = opts.hasMissingResults && markers.length > 1 ? markers.slice(0, -1) : markers;
  const missingMarkers = opts.hasMissingResults ? markers.slice(reported.length) : [];
  const types: BiomarkerResultType[] = opts.resultTypes.length > 0 ? opts.resultTypes : ['numeric'];
  // The marker that carries an abnormal, critical or unknown outcome: the first reported numeric one.
  const typeOf = (i: number) => types[i % types.length]!;
  let flagged = reported.findIndex((_, i) => typeOf(i) === 'numeric');
  if (flagged < 0) flagged = 0;
  const biomarkers = reported.map((m, i): SyntheticBiomarker => {
    const range = (m.loinc && RANGES[m.loinc]) || FALLBACK;
    const type = i === flagged && opts.interpretation === 'unknown' ? 'comment' : typeOf(i);
    const sourceMarkers = [{ marker_id: m.id, name: m.name, slug: m.slug, provider_id: m.providerId }];
    const base = {
      name: m.name,
      slug: m.slug,
      unit: m.unit,
      loinc: m.loinc,
      loincSlug: m.loinc ? m.slug : null,
      providerId: m.providerId,
      sourceMarkers,
      notes: opts.corrected ? 'Corrected result.' : null,
    };
    const referenceRange = `${range.min}-${range.max}`;
    if (type === 'comment') {
      const unknown = i === flagged && opts.interpretation === 'unknown';
      return {
        ...base,
        value: null,
        result: unknown ? 'See laboratory note.' : 'Within normal limits.',
        type,
        referenceRange: null,
        minRangeValue: null,
        maxRangeValue: null,
        isAboveMaxRange: null,
        isBelowMinRange: null,
        interpretation: unknown ? 'unknown' : 'normal',
        sourceInterpretation: unknown ? '' : 'N',
      };
    }
    if (type === 'coded_value') {
      return {
        ...base,
        value: null,
        result: 'Negative',
        type,
        referenceRange: 'Negative',
        minRangeValue: null,
        maxRangeValue: null,
        isAboveMaxRange: null,
        isBelowMinRange: null,
        interpretation: 'normal',
        sourceInterpretation: 'N',
      };
    }
    let value = round(range.min + (range.max - range.min) * fraction(`${orderId}:${m.id}`));
    let interpretation: Interpretation = 'normal';
    let source = 'N';
    if (i === flagged && opts.interpretation === 'abnormal') {
      value = round(range.max * 1.2 + 0.1);
      interpretation = 'abnormal';
      source = 'H';
    } else if (i === flagged && opts.interpretation === 'critical') {
      value = round(range.critical ?? range.max * 2);
      interpretation = 'critical';
      source = 'HH';
    }
    if (type === 'range') {
      // A value reported against a bound (e.g. `<0.5`), the bound being inside the range when normal.
      return {
        ...base,
        value,
        result: interpretation === 'normal' ? `<${round(range.max)}` : `>${round(range.max)}`,
        type,
        referenceRange,
        minRangeValue: range.min,
        maxRangeValue: range.max,
        isAboveMaxRange: interpretation !== 'normal',
        isBelowMinRange: false,
        interpretation,
        sourceInterpretation: source,
      };
    }
    return {
      ...base,
      value,
      result: String(value),
      type: 'numeric',
      referenceRange,
      minRangeValue: range.min,
      maxRangeValue: range.max,
      isAboveMaxRange: value > range.max,
      isBelowMinRange: value < range.min,
      interpretation,
      sourceInterpretation: source,
    };
  });
  const missing = missingMarkers.map((m): SyntheticMissing => ({
    name: m.name,
    slug: m.slug,
    failureType: 'quantity_not_sufficient_failure',
    note: 'The sample did not hold enough material for this test.',
    loinc: m.loinc,
    loincSlug: m.loinc ? m.slug : null,
    providerId: m.providerId,
    sourceMarkers: [{ marker_id: m.id, name: m.name, slug: m.slug, provider_id: m.providerId }],
  }));
  return { biomarkers, missing, interpretation: overallInterpretation(biomarkers) };
}

/** The order's interpretation: the worst of its results (critical > abnormal > unknown > normal). */
export function overallInterpretation(rows: { interpretation: Interpretation }[]): Interpretation {
  const rank: Record<Interpretation, number> = { normal: 0, unknown: 1, abnormal: 2, critical: 3 };
  return rows.reduce<Interpretation>(
    (worst, r) => (rank[r.interpretation] > rank[worst] ? r.interpretation : worst),
    'normal',
  );
}
