/**
 * A validated ORU^R01 (`LabResultMessage`) → the stored rows of api-shapes §6.9 (`BiomarkerResult`,
 * `MissingBiomarkerResult`), merged into what the order already holds: each test (OBR) a message reports
 * replaces that test's rows; tests it does not mention keep theirs (a corrected report may carry only the
 * corrected test). Pure: no I/O.
 */
import type { Interpretation } from '@meridian/domain';
import type {
  LabObservation,
  LabResultMessage,
  MissingLabResult,
  MissingResultFailureType,
} from '@meridian/lab-partners';

/** A catalogue marker of the ordered lab test (names, slugs and lab codes win over the lab's OBX text). */
export interface OrderedMarker {
  id: number;
  name: string;
  slug: string;
  providerId: string;
  loinc: string | null;
}

export interface SourceMarker {
  marker_id: number;
  name: string;
  slug: string;
  provider_id: string;
}

/** A `lab_biomarker_results` row without its order id and position. */
export interface BiomarkerRow {
  name: string;
  slug: string;
  value: number | null;
  result: string;
  type: 'numeric' | 'range' | 'comment' | 'coded_value';
  unit: string | null;
  observed_at: Date | null;
  notes: string | null;
  reference_range: string | null;
  min_range_value: number | null;
  max_range_value: number | null;
  is_above_max_range: boolean | null;
  is_below_min_range: boolean | null;
  interpretation: Interpretation;
  source_interpretation: string;
  loinc: string | null;
  loinc_slug: string | null;
  provider_id: string | null;
  source_markers: SourceMarker[] | null;
  performing_laboratory: string | null;
  source_sample_id: string | null;
  source_test_code: string | null;
}

/** A `lab_missing_results` row without its order id and position. */
export interface MissingRow {
  name: string;
  slug: string;
  inferred_failure_type: MissingResultFailureType;
  note: string | null;
  loinc: string | null;
  loinc_slug: string | null;
  provider_id: string | null;
  source_markers: SourceMarker[] | null;
  source_test_code: string | null;
}

/** `Cholesterol, total` → `cholesterol-total`; a name without letters or digits → `result`. */
export function resultSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 200)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'result' : slug;
}

const cut = (text: string | null | undefined, max: number): string | null =>
  text === null || text === undefined || text === '' ? null : text.slice(0, max);

function markerOf(markers: readonly OrderedMarker[], loinc: string | null, code: string) {
  return (
    markers.find((m) => loinc !== null && m.loinc === loinc) ??
    markers.find((m) => m.providerId === code) ??
    null
  );
}

function identity(
  markers: readonly OrderedMarker[],
  reported: { loinc: string | null; code: string; name: string },
) {
  const marker = markerOf(markers, reported.loinc, reported.code);
  const labName = reported.name.trim();
  const name = (marker?.name ?? (labName || reported.loinc || reported.code)).slice(0, 200);
  return {
    name,
    slug: marker?.slug ?? resultSlug(name),
    loinc: reported.loinc,
    // The LOINC term as the lab named it: a stable key across labs that print different names.
    loinc_slug: reported.loinc ? cut(resultSlug(labName || name), 200) : null,
    provider_id: cut(marker?.providerId ?? reported.code, 64),
    source_markers: marker
      ? [{ marker_id: marker.id, name: marker.name, slug: marker.slug, provider_id: marker.providerId }]
      : null,
  };
}

export function biomarkerRowOf(
  o: LabObservation,
  markers: readonly OrderedMarker[],
  specimenId: string | null,
): BiomarkerRow {
  return {
    ...identity(markers, o),
    value: o.value,
    result: o.result.slice(0, 4000),
    type: o.kind,
    unit: cut(o.unit, 64),
    observed_at: o.observedAt ? new Date(o.observedAt) : null,
    notes: cut(o.notes.join('\n'), 4000),
    reference_range: cut(o.referenceRange, 200),
    min_range_value: o.minRangeValue,
    max_range_value: o.maxRangeValue,
    is_above_max_range: o.isAboveMaxRange,
    is_below_min_range: o.isBelowMinRange,
    interpretation: o.interpretation,
    source_interpretation: o.abnormalFlags.join('~').slice(0, 64),
    performing_laboratory: cut(o.performingLaboratory, 200),
    source_sample_id: cut(specimenId, 64),
    source_test_code: cut(o.testCode, 64),
  };
}

export function missingRowOf(m: MissingLabResult, markers: readonly OrderedMarker[]): MissingRow {
  return {
    ...identity(markers, m),
    inferred_failure_type: m.failureType,
    note: cut(m.note, 4000),
    source_test_code: cut(m.testCode, 64),
  };
}

export interface StoredRows {
  results: BiomarkerRow[];
  missing: MissingRow[];
}

/**
 * The order's rows after `message`: rows of the tests it reports are replaced by its rows, the others kept,
 * tests in the order they were first reported.
 */
export function mergeReport(
  stored: StoredRows,
  message: LabResultMessage,
  markers: readonly OrderedMarker[],
): StoredRows {
  const reported = new Set(message.tests.map((t) => t.code));
  const kept = (row: { source_test_code: string | null }) =>
    row.source_test_code === null || !reported.has(row.source_test_code);
  const testOrder: string[] = [];
  const note = (code: string | null) => {
    if (code !== null && !testOrder.includes(code)) testOrder.push(code);
  };
  for (const row of [...stored.results, ...stored.missing]) note(row.source_test_code);
  for (const t of message.tests) note(t.code);
  const rank = (row: { source_test_code: string | null }) =>
    row.source_test_code === null ? -1 : testOrder.indexOf(row.source_test_code);
  // Array.prototype.sort is stable: within a test, rows keep the lab's order.
  const byTest = <T extends { source_test_code: string | null }>(rows: T[]) =>
    rows.sort((a, b) => rank(a) - rank(b));
  return {
    results: byTest([
      ...stored.results.filter(kept),
      ...message.results.map((o) => biomarkerRowOf(o, markers, message.specimenId)),
    ]),
    missing: byTest([
      ...stored.missing.filter(kept),
      ...message.missingResults.map((m) => missingRowOf(m, markers)),
    ]),
  };
}

/**
 * The order's interpretation (§6.4, §6.8): critical > abnormal > normal over its results; `unknown` when no
 * result could be interpreted (nothing reported, or only values the lab flagged with codes we do not know).
 */
export function orderInterpretation(results: readonly { interpretation: Interpretation }[]): Interpretation {
  const values = new Set(results.map((r) => r.interpretation));
  for (const level of ['critical', 'abnormal', 'normal'] as const) if (values.has(level)) return level;
  return 'unknown';
}
