/**
 * Fonts of a document: the standard Helvetica pair (no bytes embedded) when every string fits WinAnsi, else
 * DejaVu Sans (Latin incl. Vietnamese, Greek, Cyrillic, ...) embedded as a subset. A character neither covers
 * (CJK, emoji) prints as its base letter when it has one (NFKD) or as "?", so no input makes drawing throw.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { LIMITS } from './limits';

export interface FontSet {
  regular: PDFFont;
  bold: PDFFont;
  /** Whether DejaVu Sans was embedded (some string needed more than WinAnsi). */
  embedded: boolean;
  /** `s` with every character these fonts cannot draw replaced; white space and controls become spaces. */
  printable: (s: string) => string;
}

const fontFiles = new Map<string, Uint8Array>();

function dejaVu(file: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): Uint8Array {
  let bytes = fontFiles.get(file);
  if (bytes === undefined) {
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    bytes = new Uint8Array(readFileSync(path.join(dir, file)));
    fontFiles.set(file, bytes);
  }
  return bytes;
}

let winAnsiCharset: Promise<ReadonlySet<number>> | undefined;

/** The code points the standard fonts' WinAnsi encoding can draw, read once from a scratch document. */
function winAnsi(): Promise<ReadonlySet<number>> {
  winAnsiCharset ??= PDFDocument.create()
    .then((scratch) => scratch.embedFont(StandardFonts.Helvetica))
    .then((font) => new Set(font.getCharacterSet()));
  return winAnsiCharset;
}

// eslint-disable-next-line no-control-regex -- control characters are what this matches
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/u;

function fitsCharset(s: string, charset: ReadonlySet<number>): boolean {
  for (const ch of s) {
    if (SPACE_OR_CONTROL.test(ch)) continue;
    if (!charset.has(ch.codePointAt(0)!)) return false;
  }
  return true;
}

/** A subset font's name: a six-letter tag (PDF 32000 §9.6.4) derived from the text, so bytes are stable. */
function subsetName(strings: readonly string[], base: string): string {
  const digest = createHash('sha256').update(base).update(strings.join('\u0000')).digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${base}`;
}

function printableWith(charset: ReadonlySet<number>): (s: string) => string {
  const memo = new Map<string, string>();
  const one = (ch: string): string => {
    if (SPACE_OR_CONTROL.test(ch)) return ' ';
    if (charset.has(ch.codePointAt(0)!)) return ch;
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    return base !== '' && fitsCharset(base, charset) ? base : '?';
  };
  return (s) => {
    let out = '';
    for (const ch of s) {
      let mapped = memo.get(ch);
      if (mapped === undefined) {
        mapped = one(ch);
        memo.set(ch, mapped);
      }
      out += mapped;
    }
    return out;
  };
}

/** Embeds the fonts `strings` (every text the document may print) need into `doc`. */
export async function embedFonts(doc: PDFDocument, strings: readonly string[]): Promise<FontSet> {
  const scanned = strings.map((s) => (s.length > LIMITS.scan ? s.slice(0, LIMITS.scan) : s));
  const standard = await winAnsi();
  if (scanned.every((s) => fitsCharset(s, standard))) {
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return { regular, bold, embedded: false, printable: printableWith(standard) };
  }
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(dejaVu('DejaVuSans.ttf'), {
    subset: true,
    customName: subsetName(scanned, 'DejaVuSans'),
  });
  const bold = await doc.embedFont(dejaVu('DejaVuSans-Bold.ttf'), {
    subset: true,
    customName: subsetName(scanned, 'DejaVuSans-Bold'),
  });
  const boldSet = new Set(bold.getCharacterSet());
  const common = new Set(regular.getCharacterSet().filter((cp) => boldSet.has(cp)));
  return { regular, bold, embedded: true, printable: printableWith(common) };
}
