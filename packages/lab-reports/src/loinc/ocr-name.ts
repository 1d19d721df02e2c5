/**
 * Test names a scan misread letter by letter (`HbAlc`, `Atbumin`, `Haernoglobin`): a word that is not in the LOINC
 * catalogue's vocabulary (long names, display names, aliases, abbreviations) is given the catalogue's spelling when
 * exactly one catalogue word differs from it by OCR look-alikes only. Other words, and whole names, are left alone.
 */
import { confusionSubstitutions } from '../extract/ocr-confusion';
import { LOINC_CATALOG } from './catalog';

/** Catalogue words by length (lower case, letters and digits). */
interface Vocabulary {
  words: Set<string>;
  byLength: Map<number, string[]>;
  /** Two words that follow each other in a catalogue name ("hemoglobin a1c"). */
  pairs: Set<string>;
}

let vocabulary: Vocabulary | null = null;

function catalogueWords(): Vocabulary {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const entry of LOINC_CATALOG) {
    for (const text of [
      entry.long_common_name,
      entry.short_name,
      entry.display_name,
      ...entry.aliases,
      ...entry.abbreviations,
    ]) {
      const inText = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
      inText.forEach((word, i) => {
        words.add(word);
        if (i > 0) pairs.add(`${inText[i - 1]} ${word}`);
      });
    }
  }
  const byLength = new Map<number, string[]>();
  for (const word of words) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  vocabulary = { words, byLength, pairs };
  return vocabulary;
}

/** Glyphs that are one shape in print: a round `O`/`0`, an upright stroke `l`/`1`/`I`/`|`. */
const SHAPES = ['o0', 'il1|!'];
const sameShape = (a: string, b: string): boolean => SHAPES.some((g) => g.includes(a) && g.includes(b));

/** The catalogue word a printed word misreads, or null (known word, no match, or several equally near). */
function misreadWord(word: string): string | null {
  const { words, byLength } = catalogueWords();
  const key = word.toLowerCase();
  // Numbers are values or parts of names (`25`, `1,25`); short words are too easily another word, except an
  // abbreviation printed in capitals (`LOL` for LDL).
  if (words.has(key) || !/[a-z]/.test(key)) return null;
  const short = key.length < 4;
  if (short && (key.length < 3 || !/^[A-Z0-9]+$|^[A-Z][a-z]*\d*[a-z]*$/.test(word))) return null;
  // `rn` read for `m` (`Haernoglobin`): the word is one letter longer.
  const glyphs = key.replace(/rn/g, 'm');
  if (glyphs !== key && words.has(glyphs)) return glyphs;
  // One glyph read twice, as a figure and the letter of its shape (`0OH` for `OH`, `Bl12` for `B12`). Letters that
  // merely look alike are two glyphs: `TFT` and `RFT` are abbreviations, not `TT` and `RT` misread.
  for (let i = 0; i + 1 < key.length; i++) {
    const a = key[i] as string;
    const b = key[i + 1] as string;
    // A figure beside the letter of its shape (`0O`, `l1`); two letters (`li` in `Bili`) are two glyphs.
    if (/\d/.test(a) === /\d/.test(b) || !sameShape(a, b)) continue;
    // Either of the two may be the glyph as printed (`1l` in `HbA1lc` is the `1`).
    for (const once of [key.slice(0, i) + key.slice(i + 1), key.slice(0, i + 1) + key.slice(i + 2)])
      if (words.has(once)) return once;
  }
  const max = key.length >= 8 ? 2 : 1;
  let found: string | null = null;
  let best = Infinity;
  for (const known of byLength.get(key.length) ?? []) {
    // A short word that is not all capitals only takes a digit it lost (`Alc` for `A1c`).
    if (
      short &&
      !/^[A-Z0-9]+$/.test(word) &&
      ![...key].some((c, i) => c !== known[i] && /\d/.test(known[i] ?? ''))
    )
      continue;
    const d = confusionSubstitutions(key, known);
    if (d > max || d > best) continue;
    if (d < best) {
      best = d;
      found = known;
    } else if (found !== known) found = null;
  }
  return best <= max ? found : null;
}

/**
 * A known word that is another word misread in its place: `Alc` (an abbreviation itself) after `Hemoglobin`, where
 * the catalogue has `Hemoglobin A1c` and never `Hemoglobin Alc`. Only letters read for digits.
 */
function misreadAfter(previous: string | undefined, word: string): string | null {
  const { byLength, pairs } = catalogueWords();
  const key = word.toLowerCase();
  if (!previous || key.length < 3 || previous.length < 2 || pairs.has(`${previous.toLowerCase()} ${key}`))
    return null;
  const found = (byLength.get(key.length) ?? []).filter(
    (known) =>
      pairs.has(`${previous.toLowerCase()} ${known}`) &&
      confusionSubstitutions(key, known) === 1 &&
      [...key].every((c, i) => c === known[i] || /\d/.test(known[i] as string)),
  );
  return found.length === 1 ? (found[0] as string) : null;
}

/** Each misread word spelled as in the catalogue, keeping the printed case of the letters that were right. */
export function correctTestName(name: string): string {
  return readSynonymBack(correctWords(name));
}

function correctWords(name: string): string {
  let previous: string | undefined;
  // `glutamy!`: an `l` read as `!` or `|` stays part of its word.
  return name.replace(/[A-Za-z0-9]+(?:[!|]+[A-Za-z0-9]*)*/g, (word) => {
    const before = previous;
    previous = word;
    const known = misreadWord(word) ?? misreadAfter(before, word);
    if (!known) return word;
    if (known.length !== word.length) return doubledOrRn(word, known);
    return [...word]
      .map((c, i) => {
        const k = known[i] as string;
        if (c.toLowerCase() === k) return c;
        // A letter read for a digit takes the digit; a letter for a letter keeps the printed case.
        if (/\d/.test(k)) return k;
        return c === c.toUpperCase() && /[A-Za-z]/.test(c) ? k.toUpperCase() : k;
      })
      .join('');
  });
}

/** The printed word with `rn` read as `m`, or the doubled glyph dropped, whichever spells the catalogue's word. */
function doubledOrRn(word: string, known: string): string {
  const rn = word.replace(/rn/g, 'm');
  if (rn.toLowerCase() === known) return rn;
  for (let i = 0; i + 1 < word.length; i++) {
    const once = word.slice(0, i) + word.slice(i + 1);
    if (once.toLowerCase() === known)
      return once.replace(/[0-9]/g, (d, at: number) =>
        /[a-z]/.test(known[at] ?? '') ? (known[at] as string) : d,
      );
  }
  return word;
}

const normal = (text: string): string => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ');

let entryTexts: Map<string, Set<number>> | null = null;

/** Each catalogue name, synonym and abbreviation (normalised) → the entries that print it. */
function textsToEntries(): Map<string, Set<number>> {
  if (entryTexts) return entryTexts;
  const map = new Map<string, Set<number>>();
  LOINC_CATALOG.forEach((entry, i) => {
    for (const text of namesOf(entry)) {
      const key = normal(text);
      if (!map.has(key)) map.set(key, new Set());
      map.get(key)?.add(i);
    }
  });
  entryTexts = map;
  return map;
}

const namesOf = (entry: (typeof LOINC_CATALOG)[number]): string[] => [
  entry.long_common_name,
  entry.short_name,
  entry.display_name,
  ...entry.aliases,
  ...entry.abbreviations,
];

/**
 * A test printed with a synonym in brackets (`ALT (SGPT)`, `Hemoglobin (Hgb)`) names one test twice: when one part
 * is a catalogue name and the other, one word, is no catalogue word but differs by a single glyph from exactly one
 * name of the same test (`ALY (SGPT)`, `Hemoglobin (Hyb)`), that glyph was misread, whichever glyph it is. A part
 * that is itself a catalogue name, or near several, is kept as printed.
 */
function readSynonymBack(name: string): string {
  const match = /^(.*\S)\s*\(\s*([^()]*\S)\s*\)$/.exec(name);
  if (!match?.[1] || !match[2]) return name;
  const outer = match[1];
  const inner = match[2];
  const texts = textsToEntries();
  const { words } = catalogueWords();
  for (const [known, read] of [
    [inner, outer],
    [outer, inner],
  ] as const) {
    const entries = texts.get(normal(known));
    if (!entries || !/^[A-Za-z0-9]{3,}$/.test(read) || words.has(read.toLowerCase())) continue;
    const key = read.toLowerCase();
    const near = new Set<string>();
    for (const i of entries) {
      for (const text of namesOf(LOINC_CATALOG[i] as (typeof LOINC_CATALOG)[number])) {
        const candidate = normal(text);
        if (candidate.length !== key.length) continue;
        const differ = [...key].filter((c, at) => c !== candidate[at]).length;
        if (differ === 1) near.add(candidate);
      }
    }
    if (near.size !== 1) continue;
    const spelled = [...near][0] as string;
    const fixed = [...read]
      .map((c, at) => {
        const k = spelled[at] as string;
        return c.toLowerCase() === k ? c : c === c.toUpperCase() ? k.toUpperCase() : k;
      })
      .join('');
    return read === outer
      ? name.replace(outer, fixed)
      : name.slice(0, name.lastIndexOf(inner)) + fixed + name.slice(name.lastIndexOf(inner) + inner.length);
  }
  return name;
}

/** Whether a text is, word for word (case and punctuation aside), a name, synonym or abbreviation in the catalogue. */
export function isCatalogueName(text: string): boolean {
  const key = normal(text);
  return key !== '' && textsToEntries().has(key);
}
