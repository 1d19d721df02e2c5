/**
 * Drawing surfaces of any page size (US letter, A4, landscape) with two backends: pdfkit (a PDF with a text layer)
 * and @napi-rs/canvas (clean pixels, degraded later by scan-effects.ts). Coordinates are PDF points, y down, text
 * positioned by its top. Same fonts as the v1 corpus painter (standard PDF fonts; DejaVu / Liberation on canvas).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import type { FontFamily, Painter, TextStyle } from '../corpus/painter';

export type { FontFamily, TextStyle } from '../corpus/painter';

export interface PageSize {
  width: number;
  height: number;
}
export const LETTER: PageSize = { width: 612, height: 792 };
export const A4: PageSize = { width: 595, height: 842 };
export const landscape = (s: PageSize): PageSize => ({ width: s.height, height: s.width });

/** A Painter with a stroked rectangle and grey text (portal cards, badges). */
export interface Surface extends Painter {
  rect(x: number, y: number, w: number, h: number, lineWidth?: number): void;
  /** Text in a grey level 0 (black) … 1 (white). */
  greyText(s: string, x: number, y: number, style: TextStyle, gray: number): void;
}

const FIXED_DATE = new Date('2025-01-01T00:00:00Z');
const PDF_FONTS: Record<FontFamily, [string, string, string, string]> = {
  sans: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  serif: ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  mono: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};
const pdfFont = (st: TextStyle) => PDF_FONTS[st.family][(st.bold ? 1 : 0) + (st.italic ? 2 : 0)] as string;

export class PdfSurface implements Surface {
  readonly width: number;
  readonly height: number;
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    private readonly size: PageSize,
    title: string,
  ) {
    this.width = size.width;
    this.height = size.height;
    this.doc = new PDFDocument({
      size: [size.width, size.height],
      margin: 0,
      info: {
        Title: title,
        Producer: 'Meridian corpus v2',
        Creator: 'Meridian corpus v2',
        CreationDate: FIXED_DATE,
      },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    this.greyText(s, x, y, style, 0);
  }

  greyText(s: string, x: number, y: number, style: TextStyle, gray: number): void {
    const g = Math.round(gray * 255);
    this.doc
      .font(pdfFont(style))
      .fontSize(style.size)
      .fillColor([g, g, g])
      .text(s, x, y, { lineBreak: false });
    this.doc.fillColor('black');
  }

  widthOf(s: string, style: TextStyle): number {
    return this.doc.font(pdfFont(style)).fontSize(style.size).widthOfString(s);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor('black').stroke();
  }

  rect(x: number, y: number, w: number, h: number, lineWidth = 0.6): void {
    this.doc.rect(x, y, w, h).lineWidth(lineWidth).strokeColor([150, 150, 150]).stroke();
    this.doc.strokeColor('black');
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    const g = Math.round(gray * 255);
    this.doc.rect(x, y, w, h).fillColor([g, g, g]).fill();
    this.doc.fillColor('black');
  }

  addPage(): void {
    this.doc.addPage({ size: [this.size.width, this.size.height], margin: 0 });
  }

  /** A full-page image (a scan) on the current page. */
  image(bytes: Buffer): void {
    this.doc.image(bytes, 0, 0, { width: this.width, height: this.height });
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

export const CANVAS_FONTS: Record<'dejavu' | 'liberation', Record<FontFamily, string>> = {
  dejavu: { sans: 'DejaVu Sans', serif: 'DejaVu Serif', mono: 'DejaVu Sans Mono' },
  liberation: { sans: 'Liberation Sans', serif: 'Liberation Serif', mono: 'Liberation Mono' },
};

export class CanvasSurface implements Surface {
  readonly width: number;
  readonly height: number;
  readonly pages: Canvas[] = [];
  private ctx!: SKRSContext2D;
  private readonly scale: number;
  private readonly measure: SKRSContext2D;

  constructor(
    size: PageSize,
    dpi: number,
    private readonly fonts: 'dejavu' | 'liberation' = 'dejavu',
  ) {
    this.width = size.width;
    this.height = size.height;
    this.scale = dpi / 72;
    this.measure = createCanvas(10, 10).getContext('2d');
    this.addPage();
  }

  private css(style: TextStyle): string {
    return `${style.italic ? 'italic ' : ''}${style.bold ? 'bold ' : ''}${style.size.toFixed(2)}px "${
      CANVAS_FONTS[this.fonts][style.family]
    }"`;
  }

  addPage(): void {
    const canvas = createCanvas(Math.round(this.width * this.scale), Math.round(this.height * this.scale));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = 'rgb(255,255,255)';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(this.scale, this.scale);
    ctx.fillStyle = 'rgb(0,0,0)';
    ctx.strokeStyle = 'rgb(0,0,0)';
    ctx.textBaseline = 'top';
    this.pages.push(canvas);
    this.ctx = ctx;
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    this.greyText(s, x, y, style, 0);
  }

  greyText(s: string, x: number, y: number, style: TextStyle, gray: number): void {
    const g = Math.round(gray * 255);
    this.ctx.fillStyle = `rgb(${g},${g},${g})`;
    this.ctx.font = this.css(style);
    this.ctx.fillText(s, x, y);
    this.ctx.fillStyle = 'rgb(0,0,0)';
  }

  widthOf(s: string, style: TextStyle): number {
    this.measure.font = this.css(style);
    return this.measure.measureText(s).width;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ctx.lineWidth = width;
    this.ctx.beginPath();
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
    this.ctx.stroke();
  }

  rect(x: number, y: number, w: number, h: number, lineWidth = 0.6): void {
    this.ctx.strokeStyle = 'rgb(150,150,150)';
    this.ctx.lineWidth = lineWidth;
    this.ctx.strokeRect(x, y, w, h);
    this.ctx.strokeStyle = 'rgb(0,0,0)';
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    const g = Math.round(gray * 255);
    this.ctx.fillStyle = `rgb(${g},${g},${g})`;
    this.ctx.fillRect(x, y, w, h);
    this.ctx.fillStyle = 'rgb(0,0,0)';
  }
}

/** Measures like `base` but draws nothing (pagination dry runs). */
export function measuring(base: Surface): Surface {
  return {
    width: base.width,
    height: base.height,
    text: () => undefined,
    greyText: () => undefined,
    widthOf: (s, st) => base.widthOf(s, st),
    line: () => undefined,
    rect: () => undefined,
    fillRect: () => undefined,
    addPage: () => undefined,
  };
}
