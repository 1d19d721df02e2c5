import { LOINC_CATALOG } from './catalog';
import { AUTO_MATCH_THRESHOLD, CALIBRATION_POINTS, REVIEW_THRESHOLD } from './calibration';
import { fitIsotonic, observe } from './__tests__/fit-calibration';
import { ALL_LABELLED, LABELLED_SET, MISSPELLED_SET, NON_LAB_SET, OCR_SET } from './__tests__/labelled-set';
import { LoincMatcher, calibrate, matchLoinc, panelTags } from './match-loinc';
import { unitClass } from './units';

const top = (testName: string, units: string | null = null, panelName: string | null = null) =>
  matchLoinc({ testName, units, panelName }).best?.code ?? null;

describe('matchLoinc on the labelled set', () => {
  const positives = ALL_LABELLED.filter((r) => r[3] !== null);

  it('has at least 400 labelled name/unit/panel variants, all pointing into the catalog', () => {
    expect(ALL_LABELLED.length).toBeGreaterThanOrEqual(400);
    const codes = new Set(LOINC_CATALOG.map((e) => e.code));
    expect(positives.filter((r) => !codes.has(r[3]!))).toEqual([]);
  });

  it('puts the right code first for at least 95% of the rows (and of each kind of row)', () => {
    const accuracy = (rows: typeof ALL_LABELLED) =>
      rows.filter(([n, u, p, code]) => top(n, u, p) === code).length / rows.length;
    expect(accuracy(positives)).toBeGreaterThanOrEqual(0.95);
    expect(accuracy(LABELLED_SET)).toBeGreaterThanOrEqual(0.97);
    expect(accuracy(MISSPELLED_SET)).toBeGreaterThanOrEqual(0.9);
    expect(accuracy(OCR_SET)).toBeGreaterThanOrEqual(0.9);
  });

  it('answers no_match, with no matches, for strings that are not lab tests', () => {
    for (const testName of ['Patient Name', 'Page 1 of 2', 'Comment', ...NON_LAB_SET.map((r) => r[0])]) {
      const result = matchLoinc({ testName });
      expect([testName, result.status, result.matches, result.best]).toEqual([
        testName,
        'no_match',
        [],
        null,
      ]);
    }
    expect(matchLoinc({ testName: '' }).status).toBe('no_match');
    expect(matchLoinc({ testName: '   ,.;  ' }).status).toBe('no_match');
  });

  it('auto-matches only where the calibration says at least 9 in 10 are right, and is right there', () => {
    let auto = 0;
    let autoRight = 0;
    for (const [testName, units, panelName, code] of ALL_LABELLED) {
      const r = matchLoinc({ testName, units, panelName });
      if (r.status !== 'auto_match') continue;
      auto += 1;
      if (r.best?.code === code) autoRight += 1;
      expect(r.matches[0]!.confidence_score).toBeGreaterThanOrEqual(AUTO_MATCH_THRESHOLD);
    }
    expect(auto / positives.length).toBeGreaterThan(0.8);
    expect(autoRight / auto).toBeGreaterThanOrEqual(0.98);
  });

  it('is calibrated: the committed table is what fit-calibration.ts fits today', () => {
    expect(fitIsotonic(observe(ALL_LABELLED))).toEqual(CALIBRATION_POINTS.map(([x, y]) => [x, y]));
  });
});

describe('matchLoinc behaviour', () => {
  it('returns ranked matches with confidence scores in 0–1, best first, at most `limit`', () => {
    const result = matchLoinc({
      testName: 'Neutrophils',
      units: '%',
      panelName: 'CBC With Differential',
      limit: 5,
    });
    expect(result.status).toBe('auto_match');
    expect(result.matches[0]).toMatchObject({
      loinc_code: '770-8',
      loinc_name: 'Neutrophils/100 leukocytes in Blood by Automated count',
      display_name: 'Neutrophils %',
    });
    expect(result.matches.length).toBeGreaterThan(1);
    expect(result.matches.length).toBeLessThanOrEqual(5);
    const scores = result.matches.map((m) => m.confidence_score);
    expect(scores.every((s) => s >= 0 && s <= 1)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.slice(1).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 - scores[0]! + 1e-9);
    expect(matchLoinc({ testName: 'Glucose', limit: 1 }).matches).toHaveLength(1);
    expect(result.best?.sample_type).toBe('serum_plasma_blood');
  });

  it('tells absolute from relative white cell counts by the units', () => {
    expect(top('Neutrophils', '%', 'CBC')).toBe('770-8');
    expect(top('Neutrophils', 'x10E3/uL', 'CBC')).toBe('751-8');
    expect(top('Lymphocytes', 'K/uL')).toBe('731-0');
    expect(top('Lymphocytes', '%')).toBe('736-9');
    expect(top('Neut %')).toBe('770-8');
    expect(top('Neut #')).toBe('751-8');
  });

  it('uses the panel to choose urine or blood variants', () => {
    expect(top('Glucose', 'mg/dL', 'Comprehensive Metabolic Panel')).toBe('2345-7');
    expect(top('Glucose', null, 'Urinalysis, Complete')).toBe('25428-4');
    expect(top('Glucose', 'mg/dL', 'Urinalysis, Complete')).toBe('5792-7');
    expect(top('Protein', 'g/dL', 'Comprehensive Metabolic Panel')).toBe('2885-2');
    expect(top('Protein', null, 'Urinalysis')).toBe('20454-5');
    expect(top('WBC', 'x10E3/uL', 'CBC')).toBe('6690-2');
    expect(top('WBC', '/HPF', 'Urinalysis')).toBe('5821-4');
    expect(top('pH', null, 'Urinalysis')).toBe('5803-2');
    expect(top('pH', null, 'Arterial Blood Gas')).toBe('2744-1');
    expect(top('pH', null, 'Venous Blood Gas')).toBe('2746-6');
  });

  it('uses unit compatibility between mass and molar terms', () => {
    expect(top('Glucose', 'mg/dL')).toBe('2345-7');
    expect(top('Glucose', 'mmol/L')).toBe('14749-6');
    expect(top('Cholesterol, Total', 'mmol/L')).toBe('14647-2');
    expect(top('Creatinine', 'umol/L')).toBe('14682-9');
    expect(top('Lipoprotein (a)', 'nmol/L')).toBe('43583-4');
    expect(top('Lipoprotein (a)', 'mg/dL')).toBe('10835-7');
  });

  it('reads abbreviations, units inside names, punctuation and OCR confusions', () => {
    expect(top('ALT (SGPT)')).toBe('1742-6');
    expect(top('SGOT')).toBe('1920-8');
    expect(top('HGB')).toBe('718-7');
    expect(top('BUN')).toBe('3094-0');
    expect(top('eGFR')).toBe('98979-8');
    expect(top('FT4')).toBe('3024-7');
    expect(top('LDL-C')).toBe('13457-7');
    expect(top('HDL-C')).toBe('2085-9');
    expect(top('A1C')).toBe('4548-4');
    expect(top('PSA')).toBe('2857-1');
    expect(top('Hemoglobin (g/dL)')).toBe('718-7');
    expect(top('GLUCOSE, SERUM mg/dL')).toBe('2345-7');
    expect(top('G1ucose', 'mg/dL')).toBe('2345-7');
    expect(top('C02', 'mmol/L', 'Basic Metabolic Panel')).toBe('2028-9');
    expect(top('Calciurn', 'mg/dL')).toBe('17861-6');
    expect(top('CHOL/HDL', null, 'Lipid Panel')).toBe('9830-1');
    expect(top('HDL Chol', 'mg/dL', 'Lipid Panel')).toBe('2085-9');
  });

  it('keeps working on odd input', () => {
    expect(matchLoinc({ testName: 'x'.repeat(100_000) }).status).toBe('no_match');
    expect(matchLoinc({ testName: 'Glucose', units: '', panelName: '' }).best?.code).toBe('2345-7');
    expect(matchLoinc({ testName: 'Glucose', limit: 0 }).matches).toHaveLength(1);
    expect(matchLoinc({ testName: 'Glucose', limit: 99 }).matches.length).toBeLessThanOrEqual(10);
  });

  it('is fast once indexed (loose bound; real figures in the report)', () => {
    const matcher = new LoincMatcher(LOINC_CATALOG);
    for (const [testName, units, panelName] of ALL_LABELLED) matcher.match({ testName, units, panelName });
    const started = performance.now();
    let n = 0;
    for (let round = 0; round < 3; round += 1) {
      for (const [testName, units, panelName] of ALL_LABELLED) {
        matcher.match({ testName, units, panelName });
        n += 1;
      }
    }
    expect((performance.now() - started) / n).toBeLessThan(10);
  });
});

describe('matching helpers', () => {
  it('classifies printed units', () => {
    expect(['x10E3/uL', 'K/uL', '10^9/L', 'Thousand/uL', 'cells/uL'].map(unitClass)).toEqual(
      Array(5).fill('count'),
    );
    expect(['mg/dL', 'ng/mL', 'mcg/dL', 'ug/mL FEU'].map(unitClass)).toEqual(Array(4).fill('mass_conc'));
    expect(['mmol/L', 'mEq/L', 'umol/L', 'nmol/L'].map(unitClass)).toEqual(Array(4).fill('molar_conc'));
    expect(['U/L', 'IU/L', 'uIU/mL', 'mIU/mL', 'EU/dL'].map(unitClass)).toEqual(Array(5).fill('arb_units'));
    expect(unitClass('%')).toBe('percent');
    expect(unitClass('mL/min/1.73m2')).toBe('gfr');
    expect(unitClass('/HPF')).toBe('per_field');
    expect(unitClass('mg/g creat')).toBe('mass_ratio');
    expect(unitClass('banana')).toBeNull();
  });

  it('reads panel headers', () => {
    expect([...panelTags('URINALYSIS, COMPLETE W/REFLEX TO CULTURE')]).toContain('urine');
    expect([...panelTags('CBC (INCLUDES DIFF/PLT)')]).toContain('cbc');
    expect([...panelTags('Venous Blood Gas')]).toEqual(expect.arrayContaining(['blood_gas', 'venous']));
    expect([...panelTags('Venous Blood Gas')]).not.toContain('arterial');
    expect(panelTags(null).size).toBe(0);
  });

  it('maps the raw feature monotonically into 0–1 with the status thresholds in order', () => {
    let previous = -1;
    for (let raw = 0; raw <= 1.2; raw += 0.01) {
      const c = calibrate(raw);
      expect(c).toBeGreaterThanOrEqual(previous);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(1);
      previous = c;
    }
    expect(REVIEW_THRESHOLD).toBeLessThan(AUTO_MATCH_THRESHOLD);
  });
});
