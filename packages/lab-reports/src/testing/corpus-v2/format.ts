/** Printed forms: dates, names, reference ranges, units; and seeded result values for a marker. */
import type { PrintedRow } from '../corpus/ground-truth';
import { parseRange } from '../corpus/ground-truth';
import type { Random } from '../corpus/random';
import type { Marker } from './markers';
import type { PatientV2 } from './people';

export type DateStyle =
  | 'us' // 03/14/2024
  | 'us-short' // 3/14/2024
  | 'mon-d-y' // Mar 14, 2024
  | 'iso' // 2024-03-14
  | 'dmy' // 14/03/2024
  | 'dmy-dash' // 14-03-2024
  | 'dmy-dot' // 14.03.2024
  | 'd-mon-y' // 14 Mar 2024
  | 'd-mon-y-dash' // 14-Mar-2024
  | 'd-month-y' // 14 March 2024
  | 'y-mon-d'; // 2024-Mar-14

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatDateV2(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const mi = Number(m) - 1;
  switch (style) {
    case 'us':
      return `${m}/${d}/${y}`;
    case 'us-short':
      return `${Number(m)}/${Number(d)}/${y}`;
    case 'mon-d-y':
      return `${MON[mi]} ${Number(d)}, ${y}`;
    case 'iso':
      return iso;
    case 'dmy':
      return `${d}/${m}/${y}`;
    case 'dmy-dash':
      return `${d}-${m}-${y}`;
    case 'dmy-dot':
      return `${d}.${m}.${y}`;
    case 'd-mon-y':
      return `${Number(d)} ${MON[mi]} ${y}`;
    case 'd-mon-y-dash':
      return `${d}-${MON[mi]}-${y}`;
    case 'd-month-y':
      return `${Number(d)} ${MONTH[mi]} ${y}`;
    case 'y-mon-d':
      return `${y}-${MON[mi]}-${d}`;
  }
}

/** Day-first numeric styles: a document using one must show a day > 12 somewhere (see makeDatesV2). */
export const DAY_FIRST: ReadonlySet<DateStyle> = new Set(['dmy', 'dmy-dash', 'dmy-dot']);

export type NameStyle =
  | 'First Last'
  | 'LAST, FIRST'
  | 'Last, First'
  | 'FIRST LAST'
  | 'Title First Last'
  | 'TITLE FIRST LAST'
  | 'LAST, First'
  /** Surname and given name under separate labels. */
  | 'split'
  | 'SPLIT';

export function title(p: PatientV2, region: string): string {
  if (region === 'uk' || region === 'au') return p.gender === 'male' ? 'Mr' : 'Ms';
  return p.gender === 'male' ? 'Mr.' : 'Ms.';
}

/** The printed name (single field) and the ground-truth first / last name (as printed, case kept). */
export function printName(
  p: PatientV2,
  style: NameStyle,
  region: string,
): { text: string; first: string; last: string } {
  const F = p.first.toUpperCase();
  const L = p.last.toUpperCase();
  switch (style) {
    case 'First Last':
      return { text: `${p.first} ${p.last}`, first: p.first, last: p.last };
    case 'LAST, FIRST':
      return { text: `${L}, ${F}`, first: F, last: L };
    case 'Last, First':
      return { text: `${p.last}, ${p.first}`, first: p.first, last: p.last };
    case 'LAST, First':
      return { text: `${L}, ${p.first}`, first: p.first, last: L };
    case 'FIRST LAST':
      return { text: `${F} ${L}`, first: F, last: L };
    case 'Title First Last':
      return { text: `${title(p, region)} ${p.first} ${p.last}`, first: p.first, last: p.last };
    case 'TITLE FIRST LAST':
      return { text: `${title(p, region).toUpperCase()} ${F} ${L}`, first: F, last: L };
    case 'split':
      return { text: '', first: p.first, last: p.last };
    case 'SPLIT':
      return { text: '', first: F, last: L };
  }
}

export type RangeStyle =
  | 'dash'
  | 'spaced'
  | 'endash'
  | 'to'
  | 'paren'
  | 'bracket'
  | 'words'
  /** `( 3.5 - 5.0 )`, `( < 5.0 )`: brackets with spaces inside (development part). */
  | 'spaced-paren'
  /** `3.5 - 5.0`, `Up to 5.0`, `Above 60` (development part). */
  | 'upto';

/** Prints a canonical range (`a-b`, `<x`, `>x`, qualitative) in a style; the ground truth keeps the canonical one. */
export function formatRange(canonical: string, style: RangeStyle): string {
  const r = canonical.trim();
  const both = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(r);
  const max = /^<(\d+(?:\.\d+)?)$/.exec(r);
  const min = /^>(\d+(?:\.\d+)?)$/.exec(r);
  if (both) {
    const [a, b] = [both[1], both[2]];
    switch (style) {
      case 'dash':
        return `${a}-${b}`;
      case 'spaced':
        return `${a} - ${b}`;
      case 'endash':
        return `${a}\u2013${b}`;
      case 'to':
      case 'words':
        return `${a} to ${b}`;
      case 'paren':
        return `(${a}-${b})`;
      case 'bracket':
        return `[${a} - ${b}]`;
      case 'spaced-paren':
        return `( ${a} - ${b} )`;
      case 'upto':
        return `${a} - ${b}`;
    }
  }
  if (max) {
    if (style === 'upto') return `Up to ${max[1]}`;
    if (style === 'spaced-paren') return `( < ${max[1]} )`;
    if (style === 'words') return `Less than ${max[1]}`;
    if (style === 'paren') return `(<${max[1]})`;
    if (style === 'bracket') return `[< ${max[1]}]`;
    return style === 'spaced' || style === 'to' ? `< ${max[1]}` : `<${max[1]}`;
  }
  if (min) {
    if (style === 'upto') return `Above ${min[1]}`;
    if (style === 'spaced-paren') return `( > ${min[1]} )`;
    if (style === 'words') return `Greater than ${min[1]}`;
    if (style === 'paren') return `(>${min[1]})`;
    if (style === 'bracket') return `[> ${min[1]}]`;
    return style === 'spaced' || style === 'to' ? `> ${min[1]}` : `>${min[1]}`;
  }
  if (r === '') return '';
  if (style === 'paren') return `(${r})`;
  if (style === 'spaced-paren') return `( ${r} )`;
  if (style === 'bracket') return `[${r}]`;
  return r;
}

/** Units with a micro sign (`umol/L` → `µmol/L`) for the labs that print one. */
export function microUnits(units: string | null, micro: boolean): string | null {
  if (units === null || !micro) return units;
  return units.replace(/^u(?=mol\/|g\/|IU\/)/, '\u00b5');
}

export type FlagStyle = 'letter' | 'word' | 'none';
export type Want = 'normal' | 'high' | 'low';

const FLAGS: Record<FlagStyle, Record<'high' | 'low' | 'critHigh' | 'critLow' | 'abnormal', string>> = {
  letter: { high: 'H', low: 'L', critHigh: 'HH', critLow: 'LL', abnormal: 'A' },
  word: { high: 'High', low: 'Low', critHigh: 'CRITICAL', critLow: 'CRITICAL', abnormal: 'Abnormal' },
  none: { high: '', low: '', critHigh: '', critLow: '', abnormal: '' },
};

/** A canonical value for a marker: normal most of the time, high/low at `abnormalRate`. */
export function makeRowV2(
  random: Random,
  mk: Marker,
  name: string,
  opts: { flags: FlagStyle; abnormalRate: number; micro: boolean; emptyQualRange?: boolean },
): PrintedRow {
  const units = microUnits(mk.units, opts.micro);
  if (mk.qualitative) {
    const abnormal = random.chance(opts.abnormalRate);
    const value = abnormal ? random.pick(mk.qualitative.abnormal) : mk.qualitative.normal;
    return {
      name,
      value,
      flag: abnormal ? FLAGS[opts.flags].abnormal : '',
      units,
      range: opts.emptyQualRange ? '' : mk.range,
      loinc: mk.loinc,
    };
  }
  const { min, max } = parseRange(mk.range);
  const choices: Want[] = [];
  if (max !== null) choices.push('high');
  if (min !== null && min > 0) choices.push('low');
  let want: Want = 'normal';
  if (choices.length > 0 && random.chance(opts.abnormalRate)) want = random.pick(choices);
  const fmt = (x: number) => x.toFixed(mk.decimals);
  let value = '';
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let x: number;
    if (min !== null && max !== null) {
      const w = max - min;
      x =
        want === 'normal'
          ? random.between(min + 0.1 * w, max - 0.1 * w)
          : want === 'high'
            ? max + w * random.between(0.1, 0.7)
            : min - Math.min(w, min) * random.between(0.1, 0.45);
    } else if (max !== null) {
      x = want === 'high' ? max * random.between(1.1, 1.9) : max * random.between(0.3, 0.9);
    } else {
      const lo = min as number;
      x = want === 'low' ? lo * random.between(0.45, 0.9) : lo * random.between(1.12, 2.1);
    }
    value = fmt(x);
    const n = Number(value);
    const outside = (max !== null && n > max) || (min !== null && n < min);
    const ok = want === 'normal' ? !outside && n > 0 : outside && n > 0;
    if (ok) break;
    if (attempt === 19) {
      want = 'normal';
      value = fmt(
        min !== null && max !== null ? (min + max) / 2 : max !== null ? max / 2 : (min as number) * 1.5,
      );
    }
  }
  let flag = '';
  if (want !== 'normal') {
    // A critical result now and then: far outside a two-sided range, flagged HH / LL / CRITICAL.
    const critical = min !== null && max !== null && opts.flags !== 'none' && random.chance(0.08);
    if (critical && min !== null && max !== null) {
      const w = max - min;
      const x = want === 'high' ? max + w * random.between(1.6, 2.4) : min * random.between(0.25, 0.45);
      if (Number(fmt(x)) > 0) value = fmt(x);
    }
    flag = FLAGS[opts.flags][critical ? (want === 'high' ? 'critHigh' : 'critLow') : want];
  }
  return { name, value, flag, units, range: mk.range, loinc: mk.loinc };
}
