import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEASUREMENT_KINDS, SAMPLE_TYPES, SENSITIVITIES } from '@meridian/domain';
import { LOINC_CATALOG, LOINC_NOTICE } from './catalog';
import { isValidLoincCode, loincCheckDigit } from './check-digit';
import { unitClass } from './units';

describe('LOINC check digit (mod 10)', () => {
  it('reproduces the check digits of well-known codes', () => {
    expect(loincCheckDigit('2345')).toBe(7); // glucose
    expect(loincCheckDigit('4548')).toBe(4); // HbA1c
    expect(loincCheckDigit('2093')).toBe(3); // cholesterol
    expect(loincCheckDigit('718')).toBe(7); // hemoglobin
    expect(loincCheckDigit('33914')).toBe(3); // eGFR MDRD
    expect(loincCheckDigit('98979')).toBe(8); // eGFR CKD-EPI 2021
  });

  it('rejects a wrong check digit, a malformed code and a non-numeric body', () => {
    expect(isValidLoincCode('2345-7')).toBe(true);
    expect(isValidLoincCode('2345-6')).toBe(false);
    expect(isValidLoincCode('8099-2')).toBe(false);
    expect(isValidLoincCode('2345')).toBe(false);
    expect(isValidLoincCode('23a5-7')).toBe(false);
    expect(() => loincCheckDigit('12x')).toThrow('not a LOINC number body');
  });
});

describe('LOINC_CATALOG', () => {
  it('holds at least 300 terms with unique codes whose check digits are valid', () => {
    expect(LOINC_CATALOG.length).toBeGreaterThanOrEqual(300);
    const codes = LOINC_CATALOG.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => !isValidLoincCode(c))).toEqual([]);
  });

  it('gives every term a long name, short name, display name, a name a lab prints and valid enums', () => {
    for (const e of LOINC_CATALOG) {
      expect([
        e.code,
        e.long_common_name.length > 0,
        e.short_name.length > 0,
        e.display_name.length > 0,
      ]).toEqual([e.code, true, true, true]);
      expect([e.code, e.aliases.length + e.abbreviations.length]).not.toEqual([e.code, 0]);
      expect(SAMPLE_TYPES).toContain(e.sample_type);
      expect(MEASUREMENT_KINDS).toContain(e.measurement_kind);
      expect(SENSITIVITIES).toContain(e.sensitivity);
      expect(e.system).not.toBe('');
    }
  });

  it('has units the matcher understands', () => {
    const unknown = LOINC_CATALOG.flatMap((e) =>
      e.units.filter((u) => unitClass(u) === null).map((u) => `${e.code} ${u}`),
    );
    expect(unknown).toEqual([]);
  });

  it('covers the common panels with their usual codes', () => {
    const codes = new Set(LOINC_CATALOG.map((e) => e.code));
    const expected = [
      '6690-2',
      '789-8',
      '718-7',
      '4544-3',
      '787-2',
      '785-6',
      '786-4',
      '788-0',
      '777-3',
      '770-8',
      '751-8', // CBC
      '2345-7',
      '3094-0',
      '2160-0',
      '2951-2',
      '2823-3',
      '2075-0',
      '2028-9',
      '17861-6',
      '2885-2',
      '1751-7', // CMP
      '1975-2',
      '6768-6',
      '1742-6',
      '1920-8',
      '98979-8',
      '48642-3',
      '48643-1',
      '33914-3', // liver, eGFR
      '2093-3',
      '2571-8',
      '2085-9',
      '13457-7',
      '18262-6',
      '43396-1',
      '9830-1', // lipids
      '4548-4',
      '1558-6',
      '20448-7',
      '3016-3',
      '3024-7',
      '2498-4',
      '2500-7',
      '2276-4', // diabetes, thyroid, iron
      '62292-8',
      '2132-9',
      '2284-8',
      '1988-5',
      '30522-7',
      '30341-2',
      '5902-2',
      '6301-6',
      '14979-9', // vitamins, CRP, coag
      '5811-5',
      '5803-2',
      '20454-5',
      '25428-4',
      '5794-3',
      '5802-4',
      '5799-2',
      '5821-4',
      '13945-1', // urinalysis
      '2857-1',
      '10839-9',
      '89579-7',
      '33762-6',
      '2744-1',
      '2019-8',
      '2703-7',
      '10535-3',
      '14334-7', // PSA, cardiac, ABG, drugs
    ];
    expect(expected.filter((c) => !codes.has(c))).toEqual([]);
  });

  it('marks calculated values, ratios and high-sensitivity assays', () => {
    const byCode = new Map(LOINC_CATALOG.map((e) => [e.code, e]));
    for (const code of ['98979-8', '33914-3', '48642-3', '13457-7', '43396-1', '10834-0', '27353-2']) {
      expect([code, byCode.get(code)?.measurement_kind]).toEqual([code, 'calculated']);
    }
    for (const code of ['9830-1', '1759-0', '3097-3', '9318-7', '2890-2']) {
      expect([code, byCode.get(code)?.measurement_kind]).toEqual([code, 'ratio']);
    }
    for (const code of ['30522-7', '89579-7', '67151-1'])
      expect([code, byCode.get(code)?.sensitivity]).toEqual([code, 'sensitive']);
    expect(byCode.get('1988-5')?.sensitivity).toBe('insensitive');
    expect(byCode.get('2345-7')).toMatchObject({
      system: 'Ser/Plas',
      sample_type: 'serum_plasma_blood',
      measurement_kind: 'direct',
    });
    expect(byCode.get('5811-5')).toMatchObject({ system: 'Urine', sample_type: 'urine' });
    expect(byCode.get('41653-7')?.sample_type).toBe('capillary_blood');
    expect(byCode.get('2335-8')?.sample_type).toBe('stool');
    expect(byCode.get('2744-1')?.system).toBe('BldA');
  });

  it('ships the LOINC copyright notice in the catalog module and in LOINC-NOTICE.md', () => {
    const notice =
      'This material contains content from LOINC (http://loinc.org). LOINC is copyright © Regenstrief Institute, Inc. ' +
      'and the Logical Observation Identifiers Names and Codes (LOINC) Committee and is available at no cost under the ' +
      'license at http://loinc.org/license. LOINC® is a registered United States trademark of Regenstrief Institute, Inc.';
    expect(LOINC_NOTICE).toBe(notice);
    const flat = (text: string) => text.replace(/\s*\n\s*(\*\s*)?/g, ' ');
    expect(flat(readFileSync(path.join(__dirname, 'catalog.ts'), 'utf8'))).toContain(notice);
    expect(flat(readFileSync(path.join(__dirname, '..', '..', 'LOINC-NOTICE.md'), 'utf8'))).toContain(notice);
  });
});
