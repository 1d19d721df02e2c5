/**
 * Characters OCR mistakes for one another (`l`/`1`/`I`, `O`/`0`, `S`/`5`, `c`/`e`, `v`/`y`...), and a distance that
 * counts such a misreading as less than any other edit. Used to recognise a label, a month or a test name that a
 * scan misread, only when one known spelling is that close and no other is.
 */

/** Groups of glyphs OCR confuses (lower case; digits stand for themselves). */
const GROUPS: string[] = [
  'il1|!tfj/',
  'o0qcea',
  's5',
  'z2',
  'b8h6',
  'g9q6a',
  'vyuw',
  'v/',
  'nmrh',
  'rt',
  'kx',
  'gc',
  'do',
];

const CONFUSABLE = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const a of group) {
    const set = CONFUSABLE.get(a) ?? new Set<string>();
    for (const b of group) if (a !== b) set.add(b);
    CONFUSABLE.set(a, set);
  }
}

/** Whether OCR plausibly read glyph `a` for `b` (case-insensitive). */
export function confusable(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || (CONFUSABLE.get(x)?.has(y) ?? false);
}

/**
 * Substitution-only distance for strings of equal length: the number of positions that differ, or Infinity when a
 * differing pair is not an OCR confusion (then the strings are not the same word misread).
 */
export function confusionSubstitutions(read: string, known: string): number {
  if (read.length !== known.length) return Infinity;
  let n = 0;
  for (let i = 0; i < read.length; i++) {
    const a = read[i] as string;
    const b = known[i] as string;
    if (a.toLowerCase() === b.toLowerCase()) continue;
    if (!confusable(a, b)) return Infinity;
    n++;
  }
  return n;
}

/**
 * The one known word `read` is a misreading of (substitutions of confusable glyphs only, at most `max`), or null
 * when none or several are equally near. `known` is searched as given (lower case keys expected).
 */
export function nearestByConfusion(read: string, known: Iterable<string>, max: number): string | null {
  const key = read.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const word of known) {
    const d = confusionSubstitutions(key, word);
    if (d > max) continue;
    if (d < bestDistance) {
      best = word;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && word !== best) tie = true;
  }
  return best !== null && !tie ? best : null;
}

/** "silverlake Reference Labs": a capital read as a small letter at the start of a name in title case. */
export function titleCaseMisread(text: string): string {
  const words = text.split(' ');
  if (words.length < 2 || !/^\p{Ll}/u.test(text) || !words.slice(1).every((w) => /^[\p{Lu}&(]/u.test(w)))
    return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
