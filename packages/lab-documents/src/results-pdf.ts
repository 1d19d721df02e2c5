/**
 * The lab report: the §6.9 metadata block, every biomarker with value, unit, reference range and flag (abnormal
 * rows tinted, critical ones red), missing results with their failure types, notes; multi-page with the header
 * and table columns repeated and "Page n of m" on each page.
 */
import { type RGB, rgb } from 'pdf-lib';
import { formatDate, humanize } from './format';
import { documentDate, finishDocument, startDocument, stringsOf } from './layout/document';
import { LIMITS } from './layout/limits';
import { MUTED, type TableRow } from './layout/page-flow';
import { clip, clipNote } from './layout/text';
import {
  type DocumentBiomarkerResult,
  type DocumentLabResults,
  type DocumentMissingResult,
  type DocumentOptions,
  type DocumentOrder,
  type MissingResultFailureType,
  type TeamBrand,
} from './types';

export interface ResultsInput {
  results: DocumentLabResults;
  /** The order the results belong to (footer, lab test name); optional so a report can stand alone. */
  order?: Pick<DocumentOrder, 'id' | 'lab_test' | 'updated_at' | 'created_at'> | null;
  /** Free-text notes printed at the end of the report. */
  notes?: string | null;
  brand?: TeamBrand | null;
}

const ABNORMAL_FILL = rgb(1, 0.95, 0.8);
const CRITICAL_FILL = rgb(1, 0.86, 0.86);
const CRITICAL_INK = rgb(0.65, 0.05, 0.05);
const ABNORMAL_INK = rgb(0.55, 0.3, 0);

/** The flag column: H/L from the range, with the interpretation when it is not normal. */
export function resultFlag(result: DocumentBiomarkerResult): string {
  const direction = result.is_above_max_range ? 'H' : result.is_below_min_range ? 'L' : '';
  switch (result.interpretation) {
    case 'critical':
      return direction ? `CRITICAL ${direction}` : 'CRITICAL';
    case 'abnormal':
      return direction || 'ABNORMAL';
    case 'normal':
      return '';
    case 'unknown':
      return direction;
    default:
      // A value newer than this package: show the range direction only.
      return direction;
  }
}

function styleOf(interpretation: string): { fill?: RGB; ink?: RGB } {
  if (interpretation === 'critical') return { fill: CRITICAL_FILL, ink: CRITICAL_INK };
  if (interpretation === 'abnormal') return { fill: ABNORMAL_FILL, ink: ABNORMAL_INK };
  return {};
}

/** Results longer than this (comments, coded text) print in full under the row instead of in the cell. */
const CELL_RESULT_CHARS = 18;

function resultRow(r: DocumentBiomarkerResult, laboratory: string | null): TableRow {
  const { fill, ink } = styleOf(r.interpretation);
  const flagged = fill !== undefined;
  const result = clip(r.result, 400) || (r.value === null ? '' : String(r.value));
  const long = Array.from(result).length > CELL_RESULT_CHARS;
  const performedElsewhere =
    r.performing_laboratory && r.performing_laboratory !== laboratory
      ? `Performed by ${clip(r.performing_laboratory, 80)}`
      : '';
  const note = [
    long ? `Result: ${result}` : '',
    r.loinc ? `LOINC ${clip(r.loinc, 12)}` : '',
    performedElsewhere,
    r.notes ? clip(r.notes, 400) : '',
  ]
    .filter((s) => s !== '')
    .join(' · ');
  return {
    cells: [
      { text: clip(r.name, 120), bold: flagged },
      { text: long ? 'See below' : result, bold: flagged, color: ink },
      clip(r.unit, 24),
      clip(r.reference_range, 40),
      { text: resultFlag(r), bold: true, color: ink },
    ],
    fill,
    note: note || undefined,
  };
}

const FAILURES: Record<MissingResultFailureType, string> = {
  quantity_not_sufficient_failure: 'Quantity not sufficient',
  collection_process_failure: 'Collection process failure',
  drop_off_failure: 'Drop-off failure',
  internal_lab_failure: 'Internal lab failure',
  order_entry_failure: 'Order entry failure',
  non_failure: 'Not a failure (not performed)',
  unknown_failure: 'Unknown failure',
  patient_condition_failure: 'Patient condition',
  missing_result_calc_failure: 'Calculated result missing',
  missing_demo_aoe_calc_failure: 'Missing demographics / AOE for calculation',
  insufficient_volume: 'Insufficient volume',
};

function missingRow(m: DocumentMissingResult): TableRow {
  return {
    cells: [
      clip(m.name, 120),
      FAILURES[m.inferred_failure_type] ?? humanize(m.inferred_failure_type),
      clip(m.note, 400),
    ],
  };
}

export async function resultsPdf(input: ResultsInput, options: DocumentOptions = {}): Promise<Uint8Array> {
  const { metadata } = input.results;
  const subject = [
    `Patient: ${clip(metadata.patient, 80)}`,
    metadata.dob ? `DOB: ${formatDate(metadata.dob)}` : '',
    `Specimen: ${clip(metadata.specimen_number, 48)}`,
  ]
    .filter((s) => s !== '')
    .join('   ·   ');
  const flow = await startDocument({
    title: 'Laboratory Report',
    brand: input.brand,
    header: { title: 'Laboratory Report', subject },
    createdAt: documentDate(
      options.createdAt,
      input.order?.updated_at,
      input.order?.created_at,
      metadata.date_reported,
    ),
    strings: stringsOf([
      input.results.metadata,
      input.results.missing_results,
      input.notes,
      input.order?.lab_test.name,
      ...input.results.results.slice(0, LIMITS.tableRows),
    ]),
  });

  flow.section('Report', 60);
  const interpretation = metadata.interpretation ? humanize(metadata.interpretation) : '';
  flow.fields(
    [
      ['Patient', clip(metadata.patient, 80)],
      ['Date of birth', formatDate(metadata.dob)],
      ['Age', clip(metadata.age, 20)],
      ['Patient ID', clip(metadata.patient_id, 48)],
      ['Ordering provider', clip(metadata.provider, 80)],
      ['Account ID', clip(metadata.account_id, 48)],
      ['Laboratory', clip(metadata.laboratory, 80)],
      ['CLIA #', clip(metadata['clia_#'], 20)],
      ['Specimen number', clip(metadata.specimen_number, 48)],
      ['Lab test', clip(input.order?.lab_test.name, 80)],
      ['Date collected', formatDate(metadata.date_collected)],
      ['Date received', formatDate(metadata.date_received)],
      ['Date reported', formatDate(metadata.date_reported)],
      ['Report status', humanize(metadata.status)],
    ],
    3,
  );
  if (interpretation) {
    const { ink } = styleOf(metadata.interpretation ?? '');
    flow.line(`Overall interpretation: ${interpretation}`, { size: 10, bold: true, color: ink });
  }

  flow.section('Results', 50);
  const shown = input.results.results.slice(0, LIMITS.tableRows);
  if (shown.length === 0) flow.line('No results reported.', { color: MUTED });
  else {
    flow.table(
      [
        { header: 'Test', share: 4 },
        { header: 'Result', share: 1.6, align: 'right' },
        { header: 'Unit', share: 1.2 },
        { header: 'Reference range', share: 1.7 },
        { header: 'Flag', share: 1.3 },
      ],
      shown.map((r) => resultRow(r, metadata.laboratory)),
    );
  }
  const omitted = input.results.results.length - shown.length;
  if (omitted > 0)
    flow.line(`${omitted} further results are not printed; see the structured result.`, {
      size: 8,
      bold: true,
    });
  flow.line(
    'H = above reference range · L = below reference range · tinted rows are abnormal, red rows critical.',
    { size: 7, color: MUTED },
  );

  const missing = input.results.missing_results ?? [];
  if (missing.length > 0) {
    flow.section('Missing results', 40);
    flow.table(
      [
        { header: 'Test', share: 3 },
        { header: 'Failure', share: 2.5 },
        { header: 'Note', share: 4 },
      ],
      missing.slice(0, LIMITS.tableRows).map(missingRow),
    );
    if (missing.length > LIMITS.tableRows)
      flow.line(`${missing.length - LIMITS.tableRows} further missing results are not printed.`, { size: 8 });
  }

  if (input.notes) {
    flow.section('Notes', 20);
    flow.paragraph(clipNote(input.notes), { size: 8.5 });
  }

  const footer = input.order
    ? `Report for order ${clip(input.order.id, 48)}`
    : `Report for specimen ${clip(metadata.specimen_number, 48)}`;
  return finishDocument(flow, `${footer} · ${flow.brand.name}`);
}
