/**
 * Test names a scan misread letter by letter (`HbAlc`, `Atbumin`, `Haernoglobin`): a word that is not in the LOINC
 * catalogue's vocabulary (long names, display names, aliases, abbreviations) is given the catalogue's spelling when
 * exactly one catalogue word differs from it by OCR look-alikes only. Other words, and whole names, are left alone.
 */
import { confusable, confusionSubstitutions } from '../extract/ocr-confusion';
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
  // One glyph read twice as two look-alikes (`0OH` for `OH`).
  for (let i = 0; i + 1 < key.length; i++) {
    const a = key[i] as string;
    const b = key[i + 1] as string;
    const once = key.slice(0, i) + key.slice(i + 1);
    if (a !== b && confusable(a, b) && words.has(once)) return once;
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
  let previous: string | undefined;
  return name.replace(/[A-Za-z0-9]+/g, (word) => {
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
