/**
 * One drawing surface for the layouts, with two backends: pdfkit (a PDF with a text layer) and @napi-rs/canvas
 * (pixels, for scans). Coordinates are PDF points on a US-letter page, y down, text positioned by its top.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import type { Random } from './random';

export type FontFamily = 'sans' | 'serif' | 'mono';
export interface TextStyle {
  family: FontFamily;
  size: number;
  bold?: boolean;
  italic?: boolean;
}

export interface Painter {
  readonly width: number;
  readonly height: number;
  text(s: string, x: number, y: number, style: TextStyle): void;
  widthOf(s: string, style: TextStyle): number;
  line(x1: number, y1: number, x2: number, y2: number, width?: number): void;
  /** A filled rectangle; `gray` 0 (black) … 1 (white). */
  fillRect(x: number, y: number, w: number, h: number, gray: number): void;
  addPage(): void;
}

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
/** pdfkit's default is `new Date()`: a fixed date keeps the bytes (and the file id) the same on every run. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const PDF_FONTS: Record<FontFamily, [string, string, string, string]> = {
  sans: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  serif: ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  mono: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};

function pdfFont(style: TextStyle): string {
  const i = (style.bold ? 1 : 0) + (style.italic ? 2 : 0);
  return PDF_FONTS[style.family][i] as string;
}

export class PdfPainter implements Painter {
  readonly width = PAGE_WIDTH;
  readonly height = PAGE_HEIGHT;
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(title = 'Laboratory Report') {
    this.doc = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      info: {
        Title: title,
        Producer: 'Meridian corpus',
        Creator: 'Meridian corpus',
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
    this.doc.font(pdfFont(style)).fontSize(style.size).fillColor('black').text(s, x, y, { lineBreak: false });
  }

  widthOf(s: string, style: TextStyle): number {
    return this.doc.font(pdfFont(style)).fontSize(style.size).widthOfString(s);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor('black').stroke();
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    const g = Math.round(gray * 255);
    this.doc.rect(x, y, w, h).fillColor([g, g, g]).fill();
    this.doc.fillColor('black');
  }

  addPage(): void {
    this.doc.addPage({ size: 'LETTER', margin: 0 });
  }

  /** Embeds a full-page image (a scan) on the current page. */
  image(jpeg: Buffer): void {
    this.doc.image(jpeg, 0, 0, { width: PAGE_WIDTH, height: PAGE_HEIGHT });
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** Measures like `base` but draws nothing (pagination dry runs). */
export function measuringPainter(base: Painter): Painter {
  return {
    width: base.width,
    height: base.height,
    text: () => undefined,
    widthOf: (s, style) => base.widthOf(s, style),
    line: () => undefined,
    fillRect: () => undefined,
    addPage: () => undefined,
  };
}

const CANVAS_FONTS: Record<FontFamily, string> = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
};

function cssFont(style: TextStyle, scale: number): string {
  return `${style.italic ? 'italic ' : ''}${style.bold ? 'bold ' : ''}${(style.size * scale).toFixed(2)}px "${
    CANVAS_FONTS[style.family]
  }"`;
}

export interface ScanOptions {
  dpi: number;
  /** Page rotation in degrees (a skewed scan). */
  rotation: number;
  /** Gaussian-ish noise amplitude on 0–255 grey levels. */
  noise: number;
  /** Share of pixels turned into dark specks. */
  specks: number;
  /** Blur radius in pixels (0 = none). */
  blur: number;
  /** Ink grey level (0 = black). */
  ink: number;
  /** Paper grey level (255 = white). */
  paper: number;
}

export class CanvasPainter implements Painter {
  readonly width = PAGE_WIDTH;
  readonly height = PAGE_HEIGHT;
  readonly pages: Canvas[] = [];
  private ctx!: SKRSContext2D;
  private readonly scale: number;
  private readonly measure: SKRSContext2D;

  constructor(private readonly options: ScanOptions) {
    this.scale = options.dpi / 72;
    this.measure = createCanvas(10, 10).getContext('2d');
    this.addPage();
  }

  addPage(): void {
    const w = Math.round(PAGE_WIDTH * this.scale);
    const h = Math.round(PAGE_HEIGHT * this.scale);
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    const p = this.options.paper;
    ctx.fillStyle = `rgb(${p},${p},${p})`;
    ctx.fillRect(0, 0, w, h);
    ctx.translate(w / 2, h / 2);
    ctx.rotate((this.options.rotation * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
    ctx.scale(this.scale, this.scale);
    const ink = this.options.ink;
    ctx.fillStyle = `rgb(${ink},${ink},${ink})`;
    ctx.strokeStyle = `rgb(${ink},${ink},${ink})`;
    ctx.textBaseline = 'top';
    this.pages.push(canvas);
    this.ctx = ctx;
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    this.ctx.font = cssFont(style, 1);
    this.ctx.fillText(s, x, y);
  }

  widthOf(s: string, style: TextStyle): number {
    this.measure.font = cssFont(style, 1);
    return this.measure.measureText(s).width;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ctx.lineWidth = width;
    this.ctx.beginPath();
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
    this.ctx.stroke();
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    const saved = this.ctx.fillStyle;
    const g = Math.round(gray * 255);
    this.ctx.fillStyle = `rgb(${g},${g},${g})`;
    this.ctx.fillRect(x, y, w, h);
    this.ctx.fillStyle = saved;
  }

  /** Noise, specks and blur on every page; returns the degraded canvases. */
  degrade(random: Random): Canvas[] {
    return this.pages.map((page) => {
      const { width: w, height: h } = page;
      let canvas = page;
      if (this.options.blur > 0) {
        canvas = createCanvas(w, h);
        const ctx = canvas.getContext('2d');
        ctx.filter = `blur(${this.options.blur}px)`;
        ctx.drawImage(page, 0, 0);
      }
      const ctx = canvas.getContext('2d');
      const img = ctx.getImageData(0, 0, w, h);
      const data = img.data;
      const amp = this.options.noise;
      // A table of triangular (near-Gaussian) noise indexed by an inline xorshift: per-pixel calls to the seeded
      // generator would take most of the corpus build time.
      const table = new Float32Array(65536);
      for (let i = 0; i < table.length; i++) table[i] = (random.next() + random.next() - 1) * amp;
      let x = (random.int(1, 0x7fffffff) | 1) >>> 0;
      for (let i = 0; i < data.length; i += 4) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        let v = (data[i] as number) + (table[x & 0xffff] as number);
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        data[i] = v;
        data[i + 1] = v;
        data[i + 2] = v;
      }
      const specks = Math.round(this.options.specks * w * h);
      for (let k = 0; k < specks; k++) {
        const i = 4 * (random.int(0, w - 1) + w * random.int(0, h - 1));
        const v = random.between(0, 90);
        data[i] = v;
        data[i + 1] = v;
        data[i + 2] = v;
      }
      ctx.putImageData(img, 0, 0);
      return canvas;
    });
  }
}
