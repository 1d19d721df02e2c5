/**
 * Scores parser outcomes against the corpus ground truth: result-row precision/recall/F1 (rows matched by
 * normalised test name), per-field exact-match rates on matched rows, metadata accuracy, LOINC top-1 accuracy and
 * failure-reason accuracy. Pure: the corpus test and the benchmark share it.
 */
import type { ReportMetadata, ReportResult } from '@meridian/domain';
import { LOINC_CATALOG } from '../loinc';
import type { CorpusDocument, CorpusOutcome, ExpectedResult } from './types';

const CATALOGUE_CODES = new Set(LOINC_CATALOG.map((e) => e.code));

/** Lower case, letters and digits only: `Carbon Dioxide, Total` → `carbondioxidetotal`. */
export function normaliseTestName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export const ROW_FIELDS = [
  'value',
  'units',
  'range',
  'type',
  'interpretation',
  'above_below',
  'source_panel_name',
] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export const METADATA_FIELDS = [
  'patient_first_name',
  'patient_last_name',
  'dob',
  'lab_name',
  'date_reported',
  'date_collected',
  'specimen_number',
  'gender',
] as const satisfies readonly (keyof ReportMetadata)[];

export interface Rate {
  correct: number;
  total: number;
  /** correct / total, 1 when total is 0. */
  rate: number;
}

export interface FieldMismatch {
  test_name: string;
  field: RowField | 'loinc_code';
  expected: unknown;
  actual: unknown;
}

export interface DocumentScore {
  id: string;
  expectedStatus: 'completed' | 'failed';
  actualStatus: CorpusOutcome['status'];
  /** True when the document meets the corpus test's per-document bar (see `documentPasses`). */
  passed: boolean;
  failureReason?: { expected: string; actual: string | null; correct: boolean };
  missingRows: string[];
  extraRows: string[];
  fieldMismatches: FieldMismatch[];
  metadataMismatches: { field: keyof ReportMetadata; expected: unknown; actual: unknown }[];
  /** An OCR'd document (tag `scan`): the per-document bar tolerates one misread character in an identifier. */
  scan: boolean;
}

/**
 * OCR reads some glyph pairs interchangeably in identifiers with no dictionary to check against (`8`/`B`,
 * `J`/`)`): for scanned documents the per-document bar accepts a specimen number with exactly one character
 * substituted. Such a read still counts as wrong in the metadata accuracy figures.
 */
export function withinOcrTolerance(field: keyof ReportMetadata, expected: unknown, actual: unknown): boolean {
  if (field !== 'specimen_number' || typeof expected !== 'string' || typeof actual !== 'string') return false;
  if (expected.length !== actual.length) return false;
  let differences = 0;
  for (let i = 0; i < expected.length; i += 1) if (expected[i] !== actual[i]) differences += 1;
  return differences === 1;
}

export interface CorpusScore {
  documents: DocumentScore[];
  rows: { expected: number; found: number; matched: number; precision: number; recall: number; f1: number };
  fields: Record<RowField, Rate>;
  metadata: Rate & { byField: Record<(typeof METADATA_FIELDS)[number], Rate> };
  loincTop1: Rate;
  /** The expected code among the (up to five) ranked matches the parser returned. */
  loincTop5: Rate;
  /** Top-1 over rows whose expected code is in the parser's LOINC catalogue (codes outside it cannot be matched). */
  loincTop1InCatalogue: Rate;
  failureReasons: Rate;
  /** Every document: completed when it should be, else failed with the expected reason (issue #15's "28 of 31"). */
  statusAndReason: Rate;
}

function rate(correct: number, total: number): Rate {
  return { correct, total, rate: total === 0 ? 1 : correct / total };
}

/** An upload refused synchronously counts as the failure reason the job would have had. */
const REJECTION_REASONS: Record<string, string> = {
  invalid_file: 'invalid_input',
  too_many_pages: 'too_many_pages',
  empty_file: 'invalid_input',
  content_type_mismatch: 'invalid_input',
  unsupported_file_type: 'invalid_input',
};

export function outcomeFailureReason(outcome: CorpusOutcome): string | null {
  if (outcome.status === 'failed') return outcome.failureReason;
  if (outcome.status === 'rejected') return REJECTION_REASONS[outcome.code] ?? `rejected:${outcome.code}`;
  return null;
}

function fieldEqual(field: RowField, e: ExpectedResult, a: ReportResult): [boolean, unknown, unknown] {
  switch (field) {
    case 'value':
      return [e.value === a.value, e.value, a.value];
    case 'units':
      // NFKC: the micro sign (U+00B5) and the Greek mu (U+03BC) are the same printed glyph (pdf.js gives the latter).
      return [
        (e.units?.normalize('NFKC') ?? null) === (a.units?.normalize('NFKC') ?? null),
        e.units,
        a.units,
      ];
    case 'range':
      return [
        e.min_reference_range === a.min_reference_range && e.max_reference_range === a.max_reference_range,
        [e.min_reference_range, e.max_reference_range],
        [a.min_reference_range, a.max_reference_range],
      ];
    case 'type':
      return [e.type === a.type, e.type, a.type];
    case 'interpretation':
      return [e.interpretation === a.interpretation, e.interpretation, a.interpretation];
    case 'above_below':
      return [
        e.is_above_max_range === a.is_above_max_range && e.is_below_min_range === a.is_below_min_range,
        [e.is_above_max_range, e.is_below_min_range],
        [a.is_above_max_range, a.is_below_min_range],
      ];
    case 'source_panel_name':
      return [e.source_panel_name === a.source_panel_name, e.source_panel_name, a.source_panel_name];
  }
}

/** Fields the corpus test requires to be exact on every expected row (type and panel are scored, not required). */
export const REQUIRED_ROW_FIELDS: readonly RowField[] = ['value', 'units', 'range', 'interpretation'];

export function scoreCorpus(
  docs: readonly CorpusDocument[],
  outcomes: readonly CorpusOutcome[],
): CorpusScore {
  if (docs.length !== outcomes.length) throw new Error('one outcome per document');
  const fieldCounts = Object.fromEntries(ROW_FIELDS.map((f) => [f, { correct: 0, total: 0 }])) as Record<
    RowField,
    { correct: number; total: number }
  >;
  const metaCounts = Object.fromEntries(METADATA_FIELDS.map((f) => [f, { correct: 0, total: 0 }])) as Record<
    (typeof METADATA_FIELDS)[number],
    { correct: number; total: number }
  >;
  let expectedRows = 0;
  let foundRows = 0;
  let matchedRows = 0;
  const loinc = { correct: 0, total: 0 };
  const loinc5 = { correct: 0, total: 0 };
  const loincKnown = { correct: 0, total: 0 };
  const reasons = { correct: 0, total: 0 };
  const status = { correct: 0, total: 0 };
  const documents: DocumentScore[] = [];

  docs.forEach((doc, i) => {
    const outcome = outcomes[i] as CorpusOutcome;
    const score: DocumentScore = {
      id: doc.id,
      expectedStatus: doc.expected.status,
      actualStatus: outcome.status,
      passed: false,
      missingRows: [],
      extraRows: [],
      fieldMismatches: [],
      metadataMismatches: [],
      scan: doc.scanned,
    };
    documents.push(score);
    if (doc.expected.status === 'failed') {
      const actual = outcomeFailureReason(outcome);
      const correct = actual === doc.expected.failureReason;
      reasons.total += 1;
      if (correct) reasons.correct += 1;
      score.failureReason = { expected: doc.expected.failureReason, actual, correct };
      status.total += 1;
      if (correct) status.correct += 1;
      // A report returned for a document that must fail: its rows are all false positives.
      if (outcome.status === 'completed') foundRows += outcome.report.results.length;
      score.passed = correct;
      return;
    }
    const expected = doc.expected;
    status.total += 1;
    if (outcome.status === 'completed') status.correct += 1;
    expectedRows += expected.results.length;
    const actualResults = outcome.status === 'completed' ? outcome.report.results : [];
    foundRows += actualResults.length;
    const byName = new Map<string, ReportResult[]>();
    for (const r of actualResults) {
      const key = normaliseTestName(r.test_name);
      byName.set(key, [...(byName.get(key) ?? []), r]);
    }
    const used = new Set<ReportResult>();
    for (const e of expected.results) {
      const candidates = (byName.get(normaliseTestName(e.test_name)) ?? []).filter((r) => !used.has(r));
      // Several rows with one name (should not happen): take the first that agrees on value, else the first.
      const a = candidates.find((r) => r.value === e.value) ?? candidates[0];
      if (!a) {
        score.missingRows.push(e.test_name);
        continue;
      }
      used.add(a);
      matchedRows += 1;
      for (const field of ROW_FIELDS) {
        const [ok, exp, act] = fieldEqual(field, e, a);
        fieldCounts[field].total += 1;
        if (ok) fieldCounts[field].correct += 1;
        else score.fieldMismatches.push({ test_name: e.test_name, field, expected: exp, actual: act });
      }
      if (e.loinc_code !== null) {
        loinc.total += 1;
        const top = a.loinc_matches[0]?.loinc_code ?? null;
        if (top === e.loinc_code) loinc.correct += 1;
        loinc5.total += 1;
        if (a.loinc_matches.slice(0, 5).some((m) => m.loinc_code === e.loinc_code)) loinc5.correct += 1;
        if (CATALOGUE_CODES.has(e.loinc_code)) {
          loincKnown.total += 1;
          if (top === e.loinc_code) loincKnown.correct += 1;
        } else
          score.fieldMismatches.push({
            test_name: e.test_name,
            field: 'loinc_code',
            expected: e.loinc_code,
            actual: top,
          });
      }
    }
    score.extraRows = actualResults.filter((r) => !used.has(r)).map((r) => r.test_name);
    for (const field of METADATA_FIELDS) {
      const exp = expected.metadata[field];
      const act = outcome.status === 'completed' ? outcome.report.metadata[field] : undefined;
      metaCounts[field].total += 1;
      if (exp === act) metaCounts[field].correct += 1;
      else score.metadataMismatches.push({ field, expected: exp, actual: act });
    }
    score.passed = documentPasses(score);
  });

  const precision = foundRows === 0 ? 0 : matchedRows / foundRows;
  const recall = expectedRows === 0 ? 0 : matchedRows / expectedRows;
  const metaCorrect = METADATA_FIELDS.reduce((s, f) => s + metaCounts[f].correct, 0);
  const metaTotal = METADATA_FIELDS.reduce((s, f) => s + metaCounts[f].total, 0);
  return {
    documents,
    rows: {
      expected: expectedRows,
      found: foundRows,
      matched: matchedRows,
      precision,
      recall,
      f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    },
    fields: Object.fromEntries(
      ROW_FIELDS.map((f) => [f, rate(fieldCounts[f].correct, fieldCounts[f].total)]),
    ) as Record<RowField, Rate>,
    metadata: {
      ...rate(metaCorrect, metaTotal),
      byField: Object.fromEntries(
        METADATA_FIELDS.map((f) => [f, rate(metaCounts[f].correct, metaCounts[f].total)]),
      ) as CorpusScore['metadata']['byField'],
    },
    loincTop1: rate(loinc.correct, loinc.total),
    loincTop5: rate(loinc5.correct, loinc5.total),
    loincTop1InCatalogue: rate(loincKnown.correct, loincKnown.total),
    failureReasons: rate(reasons.correct, reasons.total),
    statusAndReason: rate(status.correct, status.total),
  };
}

/**
 * The per-document bar of the corpus test for a completed document: completed, every expected row present with
 * exact value/units/range/interpretation and top-1 LOINC, and the metadata equal.
 */
export function documentPasses(score: DocumentScore): boolean {
  if (score.expectedStatus === 'failed') return score.failureReason?.correct ?? false;
  return (
    score.actualStatus === 'completed' &&
    score.missingRows.length === 0 &&
    score.metadataMismatches.every((m) => score.scan && withinOcrTolerance(m.field, m.expected, m.actual)) &&
    score.fieldMismatches.every((m) => m.field !== 'loinc_code' && !REQUIRED_ROW_FIELDS.includes(m.field))
  );
}

/** A compact human-readable account of what went wrong in one document (no patient data beyond test names). */
export function describeDocumentScore(score: DocumentScore): string {
  const parts: string[] = [`${score.id}: ${score.passed ? 'ok' : 'FAILED'} (${score.actualStatus})`];
  if (score.failureReason && !score.failureReason.correct) {
    parts.push(
      `  failure reason: expected ${score.failureReason.expected}, got ${score.failureReason.actual}`,
    );
  }
  if (score.missingRows.length) parts.push(`  missing rows: ${score.missingRows.join(' | ')}`);
  if (score.extraRows.length) parts.push(`  extra rows: ${score.extraRows.join(' | ')}`);
  for (const m of score.fieldMismatches) {
    parts.push(
      `  ${m.test_name}.${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`,
    );
  }
  for (const m of score.metadataMismatches) {
    parts.push(
      `  metadata.${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`,
    );
  }
  return parts.join('\n');
}
