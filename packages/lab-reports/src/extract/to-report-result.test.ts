import type { PrintedRow } from './extract-rows';
import { lostUnits, microMisread, printedUnits, toReportResult } from './to-report-result';

const row = (name: string, value: string, units: string | null, range: string | null): PrintedRow => ({
  name,
  value,
  flag: null,
  units,
  range,
  panel: null,
});

describe('printedUnits', () => {
  it('reads misread units back and drops digits in the units place', () => {
    expect(printedUnits(row('Cholesterol', '180', 'mgrdL', '100-199'))).toBe('mg/dL');
    expect(printedUnits(row('RBC', '4.8', '107', '4.5-5.5'))).toBeNull();
    expect(printedUnits(row('Glucose', '5.0', null, '3.5-5.5 mmol/L'))).toBe('mmol/L');
    // Text that is no unit we know is kept as printed.
    expect(printedUnits(row('Renin', '1.2', 'ng/mL/hr', '0.5-3.3'))).toBe('ng/mL/hr');
  });
});

describe('microMisread', () => {
  it('reads a micro sign misread as p, n or y back when the test is reported in micro units only', () => {
    expect(microMisread('pmol/L', ['umol/L'])).toBe('µmol/L');
    expect(microMisread('ng/L', ['ng/mL', 'ug/L'])).toBe('µg/L');
    expect(microMisread('ymol/L', ['umol/L'])).toBe('µmol/L');
  });

  it('leaves units the test is reported in, and units with no micro reading', () => {
    expect(microMisread('pmol/L', ['pg/mL', 'pmol/L'])).toBe('pmol/L');
    expect(microMisread('ng/L', ['ng/L'])).toBe('ng/L');
    expect(microMisread('pmol/L', ['ng/dL'])).toBe('pmol/L');
    expect(microMisread('umol/L', ['umol/L'])).toBe('umol/L');
    expect(microMisread(null, ['umol/L'])).toBeNull();
  });
});

describe('lostUnits', () => {
  it('gives a row the unit every other row of the same kind prints', () => {
    const rows = [
      row('Sodium', '140', 'mmol/L', '135-145'),
      row('Potassium', '4.1', null, '3.5-5.1'),
      row('Chloride', '101', 'mmol/L', '98-107'),
    ];
    expect(lostUnits(rows, 1)).toBe('mmol/L');
    expect(toReportResult(rows[1] as PrintedRow, 1, rows).units).toBe('mmol/L');
  });

  it('leaves a text-layer row (no report context) with the units it prints, or none', () => {
    const rows = [
      row('Sodium', '140', 'mmol/L', '135-145'),
      row('Potassium', '4.1', null, '3.5-5.1'),
      row('Creatinine', '80', 'pmol/L', '60-110'),
    ];
    expect(toReportResult(rows[1] as PrintedRow).units).toBeNull();
    expect(toReportResult(rows[2] as PrintedRow).units).toBe('pmol/L');
    expect(toReportResult(rows[2] as PrintedRow, 2, rows).units).toBe('µmol/L');
  });

  it('gives a red cell count the power of ten that goes with the white cells', () => {
    const si = [
      row('White cell count', '6.1', '10^9/L', '4.0-11.0'),
      row('Red cell count', '4.9', null, '4.5-5.9'),
    ];
    expect(lostUnits(si, 1)).toBe('10^12/L');
    const us = [row('WBC', '6.1', null, '3.4-10.8'), row('RBC', '4.9', 'x10E6/uL', '4.14-5.80')];
    expect(lostUnits(us, 0)).toBe('x10E3/uL');
  });

  it('asks each way the analyte is measured, and gives units only when the report answers for one', () => {
    // HDL cholesterol is mg/dL or mmol/L: a report giving its lipids in mmol/L says which.
    const si = [
      row('HDL Cholesterol', '1.4', null, '>1.0'),
      row('Cholesterol', '5.1', 'mmol/L', '<5.5'),
      row('Triglycerides', '1.2', 'mmol/L', '<1.7'),
    ];
    expect(lostUnits(si, 0)).toBe('mmol/L');
    const us = [row('HDL Cholesterol', '55', null, '>39'), row('Cholesterol', '180', 'mg/dL', '100-199')];
    expect(lostUnits(us, 0)).toBe('mg/dL');
    // Lymphocytes are a percentage or a count: the report's white cell unit says a count...
    const counts = [
      row('White cell count', '6.1', '10^9/L', '4.0-11.0'),
      row('Lymphocytes', '2.1', null, '1.0-4.0'),
    ];
    expect(lostUnits(counts, 1)).toBe('10^9/L');
    // ...unless it prints percentages too.
    const both = [...counts, row('Neutrophils %', '60', '%', '40-75')];
    expect(lostUnits(both, 1)).toBeNull();
    // An unrelated test with a similar name is not asked (`TLC` is no LDL cholesterol).
    const lipids = [row('TLC', '5.5', null, '4.0-10.0'), row('Cholesterol', '180', 'mg/dL', '100-199')];
    expect(lostUnits(lipids, 0)).toBeNull();
  });

  it('gives a cell volume fL, on a report that prints units', () => {
    const rows = [row('Haemoglobin', '140', 'g/L', '130-170'), row('MCV', '90', null, '80-100')];
    expect(lostUnits(rows, 1)).toBe('fL');
    expect(lostUnits([row('MCV', '90', null, '80-100')], 0)).toBeNull();
  });

  it('gives nothing when the rows disagree, print no such unit, or the row is not numeric', () => {
    const disagree = [
      row('ALT', '20', 'U/L', '0-40'),
      row('AST', '22', null, '0-40'),
      row('ALP', '80', 'IU/L', '40-130'),
    ];
    expect(lostUnits(disagree, 1)).toBeNull();
    const alone = [row('Platelet count', '250', null, '150-400'), row('Glucose', '90', 'mg/dL', '70-99')];
    expect(lostUnits(alone, 0)).toBeNull();
    const words = [row('Sodium', '140', 'mmol/L', '135-145'), row('Potassium', 'Haemolysed', null, null)];
    expect(lostUnits(words, 1)).toBeNull();
    // A ratio is often printed without units.
    const ratio = [row('INR', '1.1', null, '0.8-1.2'), row('Prothrombin time', '12', 'sec', '9-13')];
    expect(lostUnits(ratio, 0)).toBeNull();
  });

  it('is used only for rows given with their report', () => {
    expect(toReportResult(row('Potassium', '4.1', null, '3.5-5.1')).units).toBeNull();
  });
});

describe('panel names on scans', () => {
  it('reads a misread panel heading back in the catalogue words on scans only', () => {
    const rows = [{ ...row('Ferritin', '48', 'ng/mL', '15-150'), panel: 'Bl12/Folate' }];
    expect(toReportResult(rows[0] as PrintedRow, 0, rows).source_panel_name).toBe('B12/Folate');
    // A text layer's heading is as printed; a scan's heading of known words or abbreviations too.
    expect(toReportResult(rows[0] as PrintedRow).source_panel_name).toBe('Bl12/Folate');
    const kept = [{ ...row('Sodium', '140', 'mmol/L', '135-145'), panel: 'Renal Function Test (RFT)' }];
    expect(toReportResult(kept[0] as PrintedRow, 0, kept).source_panel_name).toBe(
      'Renal Function Test (RFT)',
    );
  });
});
