import {
  ageInYears,
  checkAddress,
  checkDob,
  isValidNpi,
  normalizeIcd10,
  normalizePhone,
} from './order-input.rules';

describe('order input rules', () => {
  it('checks NPIs with the Luhn digit over the 80840 prefix', () => {
    // CMS's published example, and a real-format number whose last digit is off by one.
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1245319598')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('normalizes ICD-10 codes and refuses others', () => {
    expect(normalizeIcd10('e119')).toBe('E11.9');
    expect(normalizeIcd10(' Z00.00 ')).toBe('Z00.00');
    expect(normalizeIcd10('I10')).toBe('I10');
    expect(normalizeIcd10('S52.5211')).toBe('S52.5211');
    expect(normalizeIcd10('250.00')).toBeUndefined();
    expect(normalizeIcd10('E1')).toBeUndefined();
    expect(normalizeIcd10('E11.12345')).toBeUndefined();
  });

  it('reads phone numbers as E.164', () => {
    expect(normalizePhone('(415) 555-0123')).toBe('+14155550123');
    expect(normalizePhone('1 415 555 0123')).toBe('+14155550123');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('555-0123')).toBeUndefined();
    expect(normalizePhone('+0123456789')).toBeUndefined();
  });

  it('checks birth dates against today', () => {
    expect(ageInYears('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageInYears('2000-06-15', '2026-06-15')).toBe(26);
    expect(checkDob('2000-02-30', '2026-01-01', ['dob'], { minorsAllowed: false })).toHaveLength(1);
    expect(checkDob('2026-01-01', '2026-01-01', ['dob'], { minorsAllowed: true })).toHaveLength(1);
    expect(checkDob('2015-01-01', '2026-01-01', ['dob'], { minorsAllowed: false })).toHaveLength(1);
    expect(checkDob('2015-01-01', '2026-01-01', ['dob'], { minorsAllowed: true })).toEqual([]);
    expect(checkDob('1900-01-01', '2026-01-01', ['dob'], { minorsAllowed: true })).toHaveLength(1);
  });

  it('normalizes US addresses and reports each bad part', () => {
    const ok = checkAddress(
      { first_line: ' 1 Main St ', city: 'Austin', state: 'tx', zip: '78701', country: 'usa' },
      ['a'],
      { requireUs: true },
    );
    expect(ok.issues).toEqual([]);
    expect(ok.address).toMatchObject({
      first_line: '1 Main St',
      state: 'TX',
      country: 'US',
      second_line: null,
    });
    const bad = checkAddress(
      { first_line: 'x', city: 'y', state: 'ZZ', zip: '123', country: 'US', phone_number: 'abc' },
      ['a'],
      { requireUs: true },
    );
    expect(bad.issues.map((i) => i.loc)).toEqual([
      ['a', 'state'],
      ['a', 'zip'],
      ['a', 'phone_number'],
    ]);
    const abroad = checkAddress(
      { first_line: 'x', city: 'London', state: 'LDN', zip: 'SW1A 1AA', country: 'GB' },
      ['a'],
      { requireUs: false },
    );
    expect(abroad.issues).toEqual([]);
    expect(
      checkAddress({ ...abroad.address, country: 'GB' } as never, ['a'], { requireUs: true }).issues,
    ).toHaveLength(1);
  });
});
