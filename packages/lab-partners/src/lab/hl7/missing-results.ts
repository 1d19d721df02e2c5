/**
 * The failure type of a result the lab could not report (api-shapes §6.9 `inferred_failure_type`), read
 * from the lab's reason: a short code (`QNS`, `TNP` ...) or the words of its note.
 */
import type { MissingResultFailureType } from '../lab-types';

const CODES: Record<string, MissingResultFailureType> = {
  QNS: 'quantity_not_sufficient_failure',
  QNSV: 'insufficient_volume',
  HEM: 'collection_process_failure',
  CLOT: 'collection_process_failure',
  NR: 'drop_off_failure',
  LOST: 'drop_off_failure',
  LABERR: 'internal_lab_failure',
  ORDERR: 'order_entry_failure',
  PATCOND: 'patient_condition_failure',
  CALC: 'missing_result_calc_failure',
  AOE: 'missing_demo_aoe_calc_failure',
  NOTREQ: 'non_failure',
};

const PATTERNS: [RegExp, MissingResultFailureType][] = [
  [/quantity not sufficient|\bqns\b/i, 'quantity_not_sufficient_failure'],
  [/insufficient (specimen )?volume|volume insufficient/i, 'insufficient_volume'],
  [
    /hemoly[sz]|clotted|contaminat|improper(ly)? collect|collection error|lipemic/i,
    'collection_process_failure',
  ],
  [/not received|lost in transit|specimen lost|drop.?off|stability exceeded|too old/i, 'drop_off_failure'],
  [/instrument|laboratory error|lab error|internal error|analy[sz]er/i, 'internal_lab_failure'],
  [/order entry|ordering error|not ordered|incorrect(ly)? ordered/i, 'order_entry_failure'],
  [/patient (condition|medication)|interfering substance/i, 'patient_condition_failure'],
  [/unable to calculate|cannot be calculated|calculation/i, 'missing_result_calc_failure'],
  [/demographic|ask.?at.?order.?entry|\baoe\b/i, 'missing_demo_aoe_calc_failure'],
  [/not required|see (separate|other) report|reported separately/i, 'non_failure'],
];

export function missingFailureTypeOf(
  note: string | null,
  testNotes: readonly string[],
): MissingResultFailureType {
  for (const text of [note, ...testNotes]) {
    if (!text) continue;
    const code = /^\s*([A-Z]{2,8})\s*(?::|-|$)/.exec(text)?.[1];
    if (code && CODES[code]) return CODES[code];
    for (const [pattern, type] of PATTERNS) if (pattern.test(text)) return type;
  }
  return 'unknown_failure';
}
