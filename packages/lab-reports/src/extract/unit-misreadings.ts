/**
 * Units a scan misread, read back: a printed unit is one of a small vocabulary, so a units text that is not one of them
 * but lies within a few OCR look-alike edits of exactly one of them (`mgrdL`, `minol/L`, `10M9/L`, `x10QE6/uL`,
 * `-mg/dL`, `mkq/l.`) is that unit. A text near none, or equally near two, is left as read: null beats a wrong unit.
 */
import { unitClass } from '../loinc/units';
import { confusable } from './ocr-confusion';

/**
 * Units as labs print them (several spellings of one unit are all listed: the nearest spelling wins). The one
 * vocabulary of units: the row corrector of scans (`ocr/ocr-corrections.ts`) reads misspelt units against it too,
 * taking the spelling listed first among those its looser key cannot tell apart (`ug/dL` before `µg/dL`).
 */
export const PRINTED_UNITS: readonly string[] = [
  'mg/dL',
  'g/dL',
  'mg/L',
  'g/L',
  'ng/dL',
  'ng/mL',
  'ng/L',
  'pg/mL',
  'ug/dL',
  'mcg/dL',
  'ug/L',
  'ug/mL',
  'µg/dL',
  'µg/L',
  'mmol/L',
  'umol/L',
  'µmol/L',
  'nmol/L',
  'pmol/L',
  'mEq/L',
  'mmol/mol',
  'mOsm/kg',
  'IU/L',
  'U/L',
  'kU/L',
  'mU/L',
  'mIU/L',
  'mIU/mL',
  // The French spelling (unités internationales) some labs print for TSH.
  'mUI/L',
  'uIU/mL',
  'µIU/mL',
  'IU/mL',
  'U/mL',
  'x10E3/uL',
  'x10E6/uL',
  'x10E9/L',
  'x10E12/L',
  // The Canadian spelling of a power of ten (`4.0-11.0 x E9/L`).
  'x E9/L',
  'x E12/L',
  '10^3/uL',
  '10^6/uL',
  '10^9/L',
  '10^12/L',
  'x10^9/L',
  'x10^12/L',
  '10*3/uL',
  '10*6/uL',
  '10*9/L',
  '10*12/L',
  'K/uL',
  'M/uL',
  'cells/uL',
  '/uL',
  '/HPF',
  '/LPF',
  'fL',
  'pg',
  '%',
  'sec',
  'mm/hr',
  'mm/h',
  'mL/min/1.73m2',
  'mL/min/1.73 m2',
  'mL/min/1.73m²',
  'mL/min/1.73 m²',
  'mL/min',
  'L/L',
  'mg/g',
  'mg/mmol',
  'copies/mL',
  'mmHg',
  'ratio',
];

const KEY = (unit: string): string => unit.toLowerCase().replace(/[µμ]/g, 'u');
const KNOWN_KEYS = new Map(PRINTED_UNITS.map((u) => [KEY(u), u]));

/** A unit without the marks that only change its spelling (spaces, carets, stars, brackets, letter case). */
const spelling = (unit: string): string => KEY(unit).replace(/[\s^*_{}()[\]]/g, '');
const SPELLINGS = new Set(PRINTED_UNITS.map(spelling));

/** Whether a text is one of the units labs print, in any letter case (`mg/dl`, `MMOL/L`). */
export function isPrintedUnit(text: string): boolean {
  return KNOWN_KEYS.has(KEY(text.trim()));
}

/** Marks OCR leaves around a word (a speck, a stop, a dash from a table rule) and no unit starts or ends with. */
const SPECK = new Set(['.', ',', "'", '`', '"', '-', '_', '~', ':', ';', ' ', '·', '|']);

/**
 * Glyph pairs OCR confuses inside units, besides the letter look-alikes of ocr-confusion: the slash read as a thin
 * letter or digit (`mg1dL`, `mgrdL`, `mgidL`), the caret of a power of ten read as `7`, `A`, `M`, `n` or a quote
 * (`107 3/uL`, `10A9/L`, `10M9/L`), the micro sign read as `u`, `p`, `y`, `H` or `n`, a capital E read as
 * another glyph on a tall stem (`mLq/L`, `mbq/L`, `mkq/L`), and a `g` read as `y` (`my/dL`).
 */
const EXTRA: ReadonlyMap<string, string> = new Map([
  // The slash also read as an `A` with the foot of the next glyph (`UAL`, `mUIAL`).
  ['/', 'il1|!trfjI7A'],
  // ... or as a degree sign or a raised `o` (`10°9/L`).
  ['^', '7AMn"*\'v°º'],
  ['µ', 'upynH'],
  ['E', 'FLbkhB'],
  // The descender of a faxed `g` read as a `y` or a `p` (`my/dL`, `up/dL`).
  ['g', 'yp'],
]);

function cheap(read: string, known: string): boolean {
  if (read.toLowerCase() === known.toLowerCase()) return true;
  if (EXTRA.get(known)?.includes(read)) return true;
  if (EXTRA.get(read)?.includes(known)) return true;
  // Digits and the letters of units are told apart by shape only (`O`/`0`, `l`/`1`).
  return confusable(read, known);
}

/** Thin or small marks OCR may not see at all: the slash, the caret, the micro sign (printed `u` or `µ`). */
const LOST = new Set(['/', '^', 'u', 'µ']);

/** Several glyphs read for one (`rn`, `in`, `nn` for `m`; `cl` for `d`; `Yo` for `%`; `vv` for `w`). */
const SPLIT: ReadonlyMap<string, readonly string[]> = new Map([
  ['m', ['rn', 'in', 'ni', 'nn', 'iii', 'ln']],
  ['d', ['cl', 'c1', 'ci']],
  ['%', ['yo', 'ya', 'y%', '%o', 'o/o', '0/0', '9o']],
  ['w', ['vv']],
  ['u', ['ii']],
]);

/**
 * Two glyphs read together as others: a letter with the slash after it (`l/` as `V`, `b` or `Vl`: `mmoVL`, `mmobL`,
 * `mmoVlL`), a slash with the `L` after it (`/L` as `n`: `Un` for `U/L`).
 */
const MERGED: ReadonlyMap<string, readonly string[]> = new Map([
  ['l/', ['v', 'b', 'vl']],
  ['/l', ['n']],
]);

/**
 * An edit distance weighted for OCR: a look-alike glyph costs 0.5, a speck dropped in 0.3, a slash, caret or micro
 * sign lost 0.5,
 * any other edit 1; one glyph read as two or three (`rn` for `m`) costs 0.5. Letter case is free (it is decided by the known spelling).
 */
export function ocrUnitDistance(read: string, known: string, otherEdit = 1): number {
  const a = [...read];
  const b = [...known];
  const d: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) d[i]![0] = d[i - 1]![0]! + (SPECK.has(a[i - 1]!) ? 0.3 : otherEdit);
  for (let j = 1; j <= b.length; j++) d[0]![j] = d[0]![j - 1]! + (LOST.has(b[j - 1]!) ? 0.5 : otherEdit);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const sub =
        x.toLowerCase() === y.toLowerCase() || KEY(x) === KEY(y) ? 0 : cheap(x, y) ? 0.5 : otherEdit;
      let best = Math.min(
        d[i - 1]![j - 1]! + sub,
        d[i - 1]![j]! + (SPECK.has(x) ? 0.3 : otherEdit),
        // A slash, caret or micro sign OCR did not see at all (`pgmL`, `mEgl`, `10^3/L`).
        d[i]![j - 1]! + (LOST.has(y) ? 0.5 : otherEdit),
      );
      if (j >= 2)
        for (const glyphs of MERGED.get(`${b[j - 2]!}${y}`.toLowerCase()) ?? [])
          if (
            i >= glyphs.length &&
            a
              .slice(i - glyphs.length, i)
              .join('')
              .toLowerCase() === glyphs
          )
            best = Math.min(best, d[i - glyphs.length]![j - 2]! + 0.5);
      for (const glyphs of SPLIT.get(y.toLowerCase()) ?? []) {
        const n = glyphs.length;
        if (
          i >= n &&
          a
            .slice(i - n, i)
            .join('')
            .toLowerCase() === glyphs
        )
          best = Math.min(best, d[i - n]![j - 1]! + 0.5);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * Whether a reading is near enough a unit: one look-alike in a unit of three glyphs, two look-alikes or lost marks in one
 * of up to five (a wholly other glyph in so short a unit makes another unit: `mkg/L` is no `mg/L`), one edit of any
 * kind in a longer one, a fifth of the glyphs in a long one.
 */
function nearEnough(read: string, known: string, cost: number): boolean {
  if (known.length <= 3) return cost <= 0.5;
  if (known.length <= 5) return cost <= 1 && ocrUnitDistance(read, known, 10) <= 1;
  return cost <= (known.length < 10 ? 1 : known.length * 0.2);
}

/**
 * The unit a misread units text stands for, or null when none is near enough or two are equally near. A text that is
 * a printed unit already is returned as it is; one that reads as a unit of some kind (`ng/mL/hr`) is returned as it is
 * unless it is a misreading of a printed unit of that same kind (`mu/min/i1.73m2`).
 */
export function readMisreadUnits(text: string): string | null {
  // Specks around the unit (`mg/dL.`, `-mg/dL`) are dropped first: they say nothing of which unit it is.
  let t = text.trim().replace(/^[.,'`"_~:;|-]+\s*|\s*[.,'`"_~:;|]+$/g, '');
  // So is a bracket without its pair (`mg/dL)`, `(mg/dL`): a table rule or half of a bracketed range.
  if (!/[()]/.test(t.slice(1))) t = t.replace(/^[([]\s*/, '');
  if (!/[()]/.test(t.slice(0, -1))) t = t.replace(/\s*[)\]]$/, '');
  if (!t || t.length > 24) return null;
  // Specks show a scan read it: its letter case is then the usual spelling's (`mg/dl.` → `mg/dL`).
  if (isPrintedUnit(t)) return t === text.trim() ? t : (KNOWN_KEYS.get(KEY(t)) as string);
  const ownClass = unitClass(t);
  // A unit of a known kind spelt with marks the list does not have (`mL/min/1.73m^2`, `x 10^9/L`) is as printed.
  if (ownClass !== null && SPELLINGS.has(spelling(t))) return t;
  // Digits alone, or a word of letters with nothing unit-like in it, are no evidence for any unit.
  if (/^[\d\s.,]+$/.test(t)) return null;
  let best: string | null = null;
  let bestCost = Infinity;
  let second = Infinity;
  for (const unit of PRINTED_UNITS) {
    const cost = ocrUnitDistance(t, unit);
    if (cost < bestCost) {
      if (best === null || KEY(best) !== KEY(unit)) second = bestCost;
      best = unit;
      bestCost = cost;
    } else if (best !== null && KEY(best) !== KEY(unit) && cost < second) second = cost;
  }
  if (best === null) return null;
  const keep = ownClass !== null ? t : null;
  if (!nearEnough(t, best, bestCost) || second - bestCost < 0.5) return keep;
  // A unit of a kind of its own (`ng/mL/hr` is no misread `ng/mL`) is only another spelling of the same kind.
  if (ownClass !== null && unitClass(best) !== ownClass) return keep;
  return best;
}
