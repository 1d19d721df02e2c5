/** A printed row → the ReportResult of api-shapes §4.7, with its LOINC matches. */
import type { ReportResult } from '@meridian/domain';
import { matchLoinc } from '../loinc';
import type { PrintedRow } from './extract-rows';
import { interpret, parseReferenceRange, resultType, splitRangeAndUnits } from './result-fields';
import type { ReferenceRange } from './result-fields';

function readRange(text: string | null): { range: ReferenceRange | null; units: string | null } {
  if (!text) return { range: null, units: null };
  const parsed = parseReferenceRange(text);
  if (parsed) return { range: parsed, units: null };
  // `3.5–5.0 mmol/L`: the units printed inside the range cell.
  const split = splitRangeAndUnits(text);
  const withUnits = split ? parseReferenceRange(split.range) : null;
  if (split && withUnits) return { range: withUnits, units: split.units };
  // Any printed range that is not numeric is a qualitative range (`Negative`, `Yellow`, `<1:40`).
  return { range: { min: null, max: null, qualitative: text }, units: null };
}

export function toReportResult(row: PrintedRow): ReportResult {
  const { range, units: rangeUnits } = readRange(row.range);
  const units = row.units ?? rangeUnits;
  const judged = interpret(row.value, range, row.flag);
  const loinc = matchLoinc({ testName: row.name, units, panelName: row.panel, limit: 3 });
  return {
    test_name: row.name,
    value: row.value,
    type: resultType(row.value, units),
    units,
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
