import type { ValidationIssue } from '@meridian/domain';

/**
 * Checks of a CreateOrder / order PATCH body beyond what the OpenAPI schema already enforces (types, enums,
 * lengths): dates that must lie in the past or future, phone numbers, US addresses, ICD-10 codes, NPI check
 * digits. Pure: each check returns issues at the body location it refers to, or a normalized value.
 */

export const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND ' +
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP'
  ).split(' '),
);

/** The oldest patient we accept (a birth date further back is a typo, not a patient). */
export const MAX_PATIENT_AGE_YEARS = 120;
export const ADULT_AGE_YEARS = 18;

const issue = (loc: string[], msg: string, input: unknown, type = 'value_error'): ValidationIssue => ({
  loc,
  msg,
  type,
  input,
  ctx: {},
});

/** Whole years between `dob` and `today` (both `YYYY-MM-DD`). */
export function ageInYears(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Birth date: a real date, in the past, at most 120 years ago; under 18 only when minors may be ordered for. */
export function checkDob(
  dob: string,
  today: string,
  loc: string[],
  opts: { minorsAllowed: boolean },
): ValidationIssue[] {
  if (!isRealDate(dob)) return [issue(loc, 'Not a calendar date.', dob, 'date_from_datetime_parsing')];
  if (dob >= today) return [issue(loc, 'The date of birth must be in the past.', dob, 'date_past')];
  const age = ageInYears(dob, today);
  if (age > MAX_PATIENT_AGE_YEARS) {
    return [issue(loc, `The patient would be over ${MAX_PATIENT_AGE_YEARS} years old.`, dob)];
  }
  if (age < ADULT_AGE_YEARS && !opts.minorsAllowed) {
    return [
      issue(
        loc,
        'The patient is a minor; ordering for minors is not enabled for this team (minor_ordering_enabled).',
        dob,
      ),
    ];
  }
  return [];
}

/**
 * A phone number in E.164 (`+` country code and up to 15 digits); spaces, dots, dashes and parentheses are
 * ignored, and a 10-digit US number is taken as +1. Undefined when it is not a phone number.
 */
export function normalizePhone(value: string): string | undefined {
  const compact = value.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^[2-9]\d{9}$/.test(compact)) return `+1${compact}`;
  if (/^1[2-9]\d{9}$/.test(compact)) return `+${compact}`;
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value) && value.length <= 254;

export interface AddressInput {
  receiver_name?: string;
  first_line: string;
  second_line?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number?: string | null;
  access_notes?: string | null;
}

const COUNTRY_ALIASES: Record<string, string> = { US: 'US', USA: 'US', 'UNITED STATES': 'US' };

/** An address normalized (trimmed, upper-case state and country) with its issues. */
export function checkAddress(
  a: AddressInput,
  loc: string[],
  opts: { requireUs: boolean },
): { address: Record<string, unknown>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const countryRaw = a.country.trim().toUpperCase();
  const country = COUNTRY_ALIASES[countryRaw] ?? countryRaw;
  if (!/^[A-Z]{2}$/.test(country)) {
    issues.push(issue([...loc, 'country'], 'Give the country as an ISO 3166 alpha-2 code (US).', a.country));
  } else if (opts.requireUs && country !== 'US') {
    issues.push(issue([...loc, 'country'], 'This collection method is available in the US only.', a.country));
  }
  const state = a.state.trim().toUpperCase();
  const zip = a.zip.trim();
  if (country === 'US') {
    if (!US_STATES.has(state)) issues.push(issue([...loc, 'state'], 'Not a US state code.', a.state));
    if (!/^\d{5}(-\d{4})?$/.test(zip)) {
      issues.push(issue([...loc, 'zip'], 'A US zip code is 5 digits (or ZIP+4).', a.zip));
    }
  }
  for (const key of ['first_line', 'city'] as const) {
    if (a[key].trim() === '')
      issues.push(issue([...loc, key], 'Must not be blank.', a[key], 'string_too_short'));
  }
  let phone: string | null = null;
  if (a.phone_number !== undefined && a.phone_number !== null && a.phone_number.trim() !== '') {
    phone = normalizePhone(a.phone_number) ?? null;
    if (!phone) issues.push(issue([...loc, 'phone_number'], 'Not a phone number.', a.phone_number));
  }
  return {
    address: {
      receiver_name: a.receiver_name?.trim() ?? '',
      first_line: a.first_line.trim(),
      second_line: a.second_line?.trim() || null,
      city: a.city.trim(),
      state,
      zip,
      country,
      phone_number: phone,
      access_notes: a.access_notes?.trim() || null,
    },
    issues,
  };
}

/** ICD-10-CM code: a letter, two characters, then optionally a dot and up to four more (e.g. `E11.9`). */
export function normalizeIcd10(code: string): string | undefined {
  const c = code.trim().toUpperCase();
  const m = /^([A-Z][0-9][0-9A-Z])\.?([0-9A-Z]{1,4})?$/.exec(c);
  if (!m) return undefined;
  return m[2] ? `${m[1]}.${m[2]}` : m[1];
}

/**
 * A National Provider Identifier: 10 digits whose last is the Luhn check digit of the first nine prefixed
 * with the card issuer prefix 80840 (CMS, "NPI check digit").
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubled: every second digit from the right of the payload (the check digit not being part of it).
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  return check === Number(npi[9]);
}
