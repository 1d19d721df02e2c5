/**
 * Code 128 barcodes drawn as vector bars. bwip-js (a port of Barcode Writer in Pure PostScript) encodes the
 * text, choosing code sets A/B/C itself, and answers the bar/space widths in modules; we draw the bars.
 */
import bwipjs from 'bwip-js';
import { type PDFPage, rgb } from 'pdf-lib';
import { LabDocumentInputError } from '../lab-document-input-error';

/** Specimen ids we print as barcodes: printable ASCII, as Code 128 set B carries them without escapes. */
const BARCODE_TEXT = /^[\x20-\x7e]{1,48}$/;

export interface Code128 {
  text: string;
  /** Bar, space, bar, ... widths in modules, from the start character to the stop pattern. */
  modules: number[];
  /** Total width in modules, without quiet zones. */
  width: number;
}

/** The Code 128 symbol for `text`; throws `LabDocumentInputError` for text a specimen id cannot be. */
export function encodeCode128(text: string): Code128 {
  if (!BARCODE_TEXT.test(text)) {
    throw new LabDocumentInputError(
      'invalid_sample_id',
      'A barcode needs 1 to 48 printable ASCII characters.',
    );
  }
  const [symbol] = bwipjs.raw('code128', text, {});
  if (symbol === undefined || !('sbs' in symbol)) {
    throw new Error('bwip-js returned no linear Code 128 symbol');
  }
  const modules = [...symbol.sbs];
  return { text, modules, width: modules.reduce((a, b) => a + b, 0) };
}

/** Quiet zone each side of the symbol, in modules (ISO/IEC 15417 asks for at least 10). */
export const QUIET_ZONE_MODULES = 10;

export interface BarcodeBox {
  x: number;
  y: number;
  /** Width available, quiet zones included; the symbol is scaled down to fit, never up past `maxModule`. */
  width: number;
  height: number;
  /** Widest module in points (default 1 pt ≈ 14 mil). */
  maxModule?: number;
}

/** Draws `code` as filled rectangles inside `box`; returns the width of one module in points. */
export function drawCode128(page: PDFPage, code: Code128, box: BarcodeBox): number {
  const module = Math.min(box.maxModule ?? 1, box.width / (code.width + 2 * QUIET_ZONE_MODULES));
  let x = box.x + QUIET_ZONE_MODULES * module;
  code.modules.forEach((w, i) => {
    // Even indexes are bars, odd ones spaces.
    if (i % 2 === 0) {
      page.drawRectangle({ x, y: box.y, width: w * module, height: box.height, color: rgb(0, 0, 0) });
    }
    x += w * module;
  });
  return module;
}
