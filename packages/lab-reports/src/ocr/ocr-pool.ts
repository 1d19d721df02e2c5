/**
 * A small pool of tesseract.js workers, created on first use and closed with the parser. Language data comes from
 * the `@tesseract.js-data/eng` package on disk; nothing is downloaded or cached.
 */
import path from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { checkNumbers, joinPowersOfTen } from './decimal-points';
import { prepareForOcr } from './prepare-image';
import { NUMBER_GLYPHS, rereadDoubtfulNumbers, type SheetLine } from './reread-numbers';
import { readUnreadInk } from './unread-ink';
import type { GreyImage } from './prepare-image';

/** A recognised word; pixel coordinates of the image, origin top-left. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0–100 */
  confidence: number;
}

export interface OcrPage {
  width: number;
  height: number;
  words: OcrWord[];
  /** Slope of the text baselines (radians); scans are rarely perfectly straight. */
  skew: number;
  /** Clockwise quarter turns the page was given before OCR (pages faxed or photographed on their side). */
  rotation?: number;
}

export interface OcrPool {
  /** OCR of one page image (PNG/JPEG bytes, or grey levels of a rendered PDF page), cleaned and straightened first. */
  recognize(image: Uint8Array | GreyImage): Promise<OcrPage>;
  close(): Promise<void>;
}

function englishDataPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

async function startWorker(): Promise<TesseractWorker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: englishDataPath(),
    cacheMethod: 'none',
    gzip: true,
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  await worker.setParameters({
    // One uniform block: table rows come out as whole lines instead of one block per column.
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '1',
    // Reports print dark text on light paper: skip the search for inverted (white-on-black) text.
    tessedit_do_invert: '0',
    // Tesseract's own diagnostics ("Image too small to scale!!") would go to the process output.
    debug_file: '/dev/null',
  });
  return worker;
}

interface Baseline {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function medianSkew(baselines: Baseline[]): number {
  const slopes = baselines
    .filter((b) => b.x1 - b.x0 > 100)
    .map((b) => Math.atan2(b.y1 - b.y0, b.x1 - b.x0))
    .sort((a, b) => a - b);
  if (slopes.length === 0) return 0;
  return slopes[Math.floor(slopes.length / 2)] ?? 0;
}

const LABEL = /^[A-Z][A-Za-z.']{3,}:$/;

/**
 * Whether a word is plainly worth keeping; the others (what tesseract makes of leftover specks and rule fragments:
 * `i`, `)`, `Co`, `©` at low confidence) are doubtful. `checkNumbers` keeps a doubtful number — a two-digit day, a
 * range bound read at 30 % — when its characters pair up with the ink under it, and drops the rest.
 */
function isWordWorthKeeping(text: string, confidence: number): boolean {
  // A field label (`Received:`, `Released:`) that tesseract read right but scored near 0 next to a speck of dust:
  // without it the date beside it belongs to no field.
  if (LABEL.test(text)) return true;
  if (!text || confidence < 10) return false;
  if (confidence < 45 && text.length <= 2) return false;
  return confidence >= 60 || /[A-Za-z0-9%<>]/.test(text);
}

/** Stray quote marks and bars that tesseract attaches to words at cell edges. */
const cleanWord = (text: string): string => text.replace(/^[‘’“”'"`|]+|[‘’“”'"`|]+$/g, '');

/** The lines of a sheet of cut-out crops (see `cropSheet`), read with only the glyphs of `allowed` (all when ''). */
async function readSheet(worker: TesseractWorker, sheet: Buffer, allowed: string): Promise<SheetLine[]> {
  if (allowed) await worker.setParameters({ tessedit_char_whitelist: allowed });
  try {
    const { data } = await worker.recognize(sheet, {}, { blocks: true, text: false });
    return (data.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) =>
        p.lines.map((l) => ({ text: l.text.trim(), y0: l.bbox.y0, y1: l.bbox.y1 })),
      ),
    );
  } finally {
    if (allowed) await worker.setParameters({ tessedit_char_whitelist: '' });
  }
}

/**
 * Below this share of blank rows between the first and last line of ink, a page is taken for noise (see
 * `PreparedImage.lineGapShare`). Measured on the development part of corpus v2: readable scans 0.40–0.83, the
 * `unreadable` family ≈ 0.002; set well below the readable range.
 */
const MIN_LINE_GAP_SHARE = 0.1;

export function createOcrPool(size: number): OcrPool {
  const idle: TesseractWorker[] = [];
  const waiting: ((worker: TesseractWorker) => void)[] = [];
  const all: Promise<TesseractWorker>[] = [];
  let closed = false;

  async function acquire(): Promise<TesseractWorker> {
    const free = idle.pop();
    if (free) return free;
    if (all.length < size) {
      const starting = startWorker();
      all.push(starting);
      return starting;
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(worker: TesseractWorker): void {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  }

  return {
    async recognize(image) {
      if (closed) throw new Error('the OCR pool is closed');
      // One page at a time per worker, preparation included: a decoded page takes tens of MB.
      const worker = await acquire();
      try {
        const prepared = await prepareForOcr(image);
        // Pure noise: nothing to read, and tesseract would spend a long time (tens of seconds) finding that out.
        // Text leaves blank rows between its lines; noise and smudge spread over the whole page do not.
        if (prepared.darkShare > 0.3 || prepared.lineGapShare < MIN_LINE_GAP_SHARE) {
          return { width: prepared.width, height: prepared.height, words: [], skew: 0 };
        }
        const { data } = await worker.recognize(prepared.image, {}, { blocks: true, text: false });
        const read: (OcrWord & { doubtful: boolean; lastGlyphX?: number })[] = [];
        const baselines: Baseline[] = [];
        for (const block of data.blocks ?? []) {
          for (const paragraph of block.paragraphs) {
            for (const line of paragraph.lines) {
              baselines.push(line.baseline);
              for (const word of line.words) {
                const text = cleanWord(word.text.trim());
                if (!text) continue;
                const { x0, y0, x1, y1 } = word.bbox;
                const k = prepared.imageScale;
                const lastGlyph = word.symbols.at(-1);
                read.push({
                  text,
                  x0: x0 / k,
                  y0: y0 / k,
                  x1: x1 / k,
                  y1: y1 / k,
                  confidence: word.confidence,
                  doubtful: !isWordWorthKeeping(text, word.confidence),
                  lastGlyphX: lastGlyph ? lastGlyph.bbox.x0 / k : undefined,
                });
              }
            }
          }
        }
        const reread = await rereadDoubtfulNumbers(prepared.image, prepared.imageScale, read, (sheet) =>
          readSheet(worker, sheet, NUMBER_GLYPHS),
        );
        // Cells tesseract skipped beside words it read (a unit, a range): read from their ink.
        const recovered = await readUnreadInk(
          prepared.image,
          prepared.imageScale,
          reread,
          prepared.glyphs,
          (sheet) => readSheet(worker, sheet, ''),
        );
        // What tesseract made of that ink, if anything, was a speck reading (`1079/L` at 0 %): the new word replaces it.
        const kept = reread.filter(
          (w) =>
            !w.doubtful || !recovered.some((r) => w.x0 < r.x1 && w.x1 > r.x0 && w.y0 < r.y1 && w.y1 > r.y0),
        );
        kept.push(...recovered.map((w) => ({ ...w, doubtful: false })));
        const words = joinPowersOfTen(
          checkNumbers(kept, (w) => w.doubtful, prepared.glyphs, prepared.decimalPoints).map(
            ({ doubtful: _, lastGlyphX: __, ...w }): OcrWord => w,
          ),
        );
        return {
          width: prepared.width,
          height: prepared.height,
          words,
          skew: medianSkew(baselines),
          rotation: prepared.rotation,
        };
      } finally {
        release(worker);
      }
    },
    async close() {
      closed = true;
      const workers = await Promise.allSettled(all);
      await Promise.allSettled(
        workers.map((w) => (w.status === 'fulfilled' ? w.value.terminate() : Promise.resolve())),
      );
    },
  };
}
