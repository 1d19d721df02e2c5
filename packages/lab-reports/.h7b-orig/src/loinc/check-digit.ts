/**
 * The LOINC number check digit (LOINC Users' Guide, "Calculating Mod 10 check digits"):
 * 1. take the digits in odd positions counting from the right (the rightmost digit is position 1) and
 *    form a number of them, keeping their order; multiply it by 2;
 * 2. take the digits in even positions and write them in front of that product;
 * 3. add up all the digits of the resulting number;
 * 4. the check digit is what brings that sum up to the next multiple of 10 (0 when it already is one).
 * Example: 2345 → odd positions 3,5 → 35 × 2 = 70; even positions 2,4 → "24" + "70" = 2470;
 * 2+4+7+0 = 13; 20 − 13 = 7 → 2345-7.
 */
export function loincCheckDigit(body: string): number {
  if (!/^\d{1,7}$/.test(body)) throw new Error(`not a LOINC number body: ${body}`);
  const digits = body.split('');
  const odd: string[] = [];
  const even: string[] = [];
  for (let i = digits.length - 1, position = 1; i >= 0; i -= 1, position += 1) {
    (position % 2 === 1 ? odd : even).unshift(digits[i]!);
  }
  const doubled = odd.length > 0 ? (BigInt(odd.join('')) * 2n).toString() : '';
  const all = even.join('') + doubled;
  let sum = 0;
  for (const c of all) sum += Number(c);
  return (10 - (sum % 10)) % 10;
}

/** True when `code` has the LOINC form `<1-7 digits>-<check digit>` and its check digit is right. */
export function isValidLoincCode(code: string): boolean {
  const m = /^(\d{1,7})-(\d)$/.exec(code);
  if (!m) return false;
  return loincCheckDigit(m[1]!) === Number(m[2]);
}
