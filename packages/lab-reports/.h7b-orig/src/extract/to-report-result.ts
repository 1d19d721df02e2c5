/** A printed row → the ReportResult of api-shapes §4.7, with its LOINC matches. */
import type { ReportResult } from '@meridian/domain';
import { matchLoinc } from '../loinc';
import type { PrintedRow } from './extract-rows';
import { interpret, parseReferenceRange, resultType } from './result-fields';
import type { ReferenceRange } from './result-fields';

function readRange(text: string | null): ReferenceRange | null {
  if (!text) return null;
  // Any printed range that is not numeric is a qualitative range (`Negative`, `Yellow`, `<1:40`).
  return parseReferenceRange(text) ?? { min: null, max: null, qualitative: text };
}

export function toReportResult(row: PrintedRow): ReportResult {
  const range = readRange(row.range);
  const judged = interpret(row.value, range, row.flag);
  const loinc = matchLoinc({ testName: row.name, units: row.units, panelName: row.panel, limit: 3 });
  return {
    test_name: row.name,
    value: row.value,
    type: resultType(row.value, row.units),
    units: row.units,
    min_reference_range: range?.min ?? null,
    max_reference_range: range?.max ?? null,
    interpretation: judged.interpretation,
    is_above_max_range: judged.isAboveMax,
    is_below_min_range: judged.isBelowMin,
    loinc_matches: loinc.matches,
    source_panel_name: row.panel,
    sample_type: loinc.best?.sample_type ?? 'unknown',
    measurement_kind: loinc.best?.measurement_kind ?? 'unknown',
    sensitivity: loinc.best?.sensitivity ?? 'unknown',
    loinc_match_status: loinc.status,
  };
}
