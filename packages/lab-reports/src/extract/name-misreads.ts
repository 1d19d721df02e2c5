/**
 * OCR misreadings of words in a metadata value (a patient's name, the sex) that a name's shape gives away: a word read
 * twice over (a photographed page's ghost image: `RhiannonRhiannon`), and a capital `I` read as a small `l` at the
 * start of a name (`lyer` for `Iyer`: in sans-serif fonts the two glyphs are a bare stroke each).
 */

/**
 * A word read twice over, glued (`RhiannonRhiannon`, `MaleMale`): each half at least three letters, each starting
 * the way the word does (a capital, or all capitals), so that `Nana` or `Lulu` stay. Returns the value with each
 * such word once; null when the two reads of a word differ in case (`MacLeodMacleod`): which one is right is
 * unknown.
 */
export function undoubleWords(value: string): string | null {
  let ambiguous = false;
  const out = value.replace(/\p{L}{6,}/gu, (word) => {
    if (word.length % 2 !== 0) return word;
    const a = word.slice(0, word.length / 2);
    const b = word.slice(word.length / 2);
    if (a.toLowerCase() !== b.toLowerCase() || !/^\p{Lu}/u.test(a) || !/^\p{Lu}/u.test(b)) return word;
    if (a !== b) ambiguous = true;
    return a;
  });
  return ambiguous ? null : out;
}

/** Small words that start a surname in lower case (`le Roux`, `la Rosa`). */
const PARTICLES = /^(?:la|le|les|las|los|lo|van|von|vom|zu|ov|op|over|ku|ua)$/;

/**
 * `lyer, Rohan` → `Iyer, Rohan`, `whitfield, Imran` → `Whitfield, Imran`: a name word that starts with a small `l` followed by a small letter, when the
 * name's other words (if any) start with capitals (names are printed capitalised, so the `l` is a misread `I`); `lYER`
 * among capitals likewise. So is a first letter OCR read small whose capital has the same shape (c o s v w x z k p u).
 * A name printed in lower case, and particles (`le Roux`, `van Dijk`), are left alone.
 */
export function capitalIMisread(value: string): string {
  const words = value.split(/(\s+|,)/);
  const letters = words.filter((w) => /\p{L}/u.test(w));
  return words
    .map((w) => {
      const others = letters.filter((o) => o !== w);
      if (!others.every((o) => /^\p{Lu}/u.test(o)) || PARTICLES.test(w)) return w;
      if (/^l\p{Ll}{2,}$/u.test(w)) return `I${w.slice(1)}`;
      if (/^l\p{Lu}+$/u.test(w) && others.every((o) => o === o.toUpperCase())) return `I${w.slice(1)}`;
      // A capital whose small letter has the same shape, only smaller (`whitfield` for `Whitfield`).
      if (/^[cosvwxzkpu]\p{Ll}{2,}$/u.test(w) && !PARTICLES.test(w))
        return w.charAt(0).toUpperCase() + w.slice(1);
      return w;
    })
    .join('');
}
