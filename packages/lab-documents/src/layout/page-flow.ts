/**
 * Top-to-bottom layout over as many pages as the content needs: every page gets the document header (brand,
 * title, patient line), tables repeat their column headers after a page break, and `finish` stamps each
 * footer with "Page n of m" once the page count is known.
 */
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { type BrandStyle } from './brand';
import { type FontSet } from './fonts';
import { LIMITS } from './limits';
import { fitWidth, wrap } from './text';

export const LETTER = { width: 612, height: 792 } as const;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.44);
export const RULE = rgb(0.78, 0.8, 0.83);

export interface PageHeader {
  title: string;
  /** One line under the title identifying whom the page is about (patient, date of birth, specimen). */
  subject: string;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
}

export interface TableColumn {
  header: string;
  /** Share of the table width; shares are normalised. */
  share: number;
  align?: 'left' | 'right';
}

export interface TableCell {
  text: string;
  bold?: boolean;
  color?: RGB;
}

export interface TableRow {
  cells: Array<string | TableCell>;
  /** Background of the row (abnormal / critical results). */
  fill?: RGB;
  /** A full-width line of small text under the row (a result's note). */
  note?: string;
}

const FOOTER_HEIGHT = 34;

export class PageFlow {
  readonly pages: PDFPage[] = [];
  private current!: PDFPage;
  /** The top of the next thing drawn, in PDF points from the bottom. */
  y = 0;
  private onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: FontSet,
    readonly brand: BrandStyle,
    private readonly header: PageHeader,
    readonly margin = 42,
  ) {
    this.addPage();
  }

  get page(): PDFPage {
    return this.current;
  }

  get left(): number {
    return this.margin;
  }

  get width(): number {
    return LETTER.width - 2 * this.margin;
  }

  private get bottom(): number {
    return this.margin + FOOTER_HEIGHT;
  }

  font(style: TextStyle = {}): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  addPage(): void {
    this.current = this.doc.addPage([LETTER.width, LETTER.height]);
    this.pages.push(this.current);
    this.y = this.drawHeader();
    this.onNewPage?.();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.addPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Draws one line of text at (x, baseline), cut with an ellipsis to `maxWidth`; returns its width. */
  drawText(text: string, x: number, baseline: number, maxWidth: number, style: TextStyle = {}): number {
    const size = style.size ?? 9;
    const font = this.font(style);
    const fitted = fitWidth(this.fonts.printable(text), font, size, maxWidth);
    this.current.drawText(fitted, { x, y: baseline, size, font, color: style.color ?? INK });
    return font.widthOfTextAtSize(fitted, size);
  }

  /** One line at the cursor. */
  line(text: string, style: TextStyle = {}, indent = 0): void {
    const size = style.size ?? 9;
    this.ensure(size * 1.45);
    this.drawText(text, this.left + indent, this.y - size, this.width - indent, style);
    this.y -= size * 1.45;
  }

  /** Wrapped text at the cursor, at most `maxLines` lines (then an ellipsis). */
  paragraph(text: string, style: TextStyle = {}, maxLines: number = LIMITS.noteLines, indent = 0): void {
    const size = style.size ?? 9;
    const font = this.font(style);
    const printable = text.split(/\r?\n/).map(this.fonts.printable).join('\n');
    const lines = wrap(printable, font, size, this.width - indent, maxLines);
    for (const l of lines) this.line(l, style, indent);
  }

  /** A section title with a rule in the brand colour; keeps `keepWith` points of what follows on its page. */
  section(title: string, keepWith = 40): void {
    this.gap(8);
    this.ensure(22 + keepWith);
    this.drawText(title.toUpperCase(), this.left, this.y - 10, this.width, {
      size: 10,
      bold: true,
      color: this.brand.ink,
    });
    this.current.drawLine({
      start: { x: this.left, y: this.y - 14 },
      end: { x: this.left + this.width, y: this.y - 14 },
      thickness: 0.8,
      color: this.brand.ink,
    });
    this.y -= 22;
  }

  /** Label/value pairs in `columns` columns over `width` points; a label above its value, `null` = a write-in line. */
  fields(pairs: ReadonlyArray<readonly [string, string | null]>, columns = 2, width = this.width): void {
    const columnWidth = width / columns;
    for (let i = 0; i < pairs.length; i += columns) {
      this.ensure(24);
      pairs.slice(i, i + columns).forEach(([label, value], c) => {
        const x = this.left + c * columnWidth;
        this.drawText(label, x, this.y - 7, columnWidth - 8, { size: 7, color: MUTED });
        if (value === null) {
          this.current.drawLine({
            start: { x, y: this.y - 19 },
            end: { x: x + columnWidth - 12, y: this.y - 19 },
            thickness: 0.6,
            color: INK,
          });
        } else {
          this.drawText(value === '' ? '—' : value, x, this.y - 17, columnWidth - 8, { size: 9.5 });
        }
      });
      this.y -= 24;
    }
  }

  /** A table with a header row repeated on every page it spans. */
  table(columns: readonly TableColumn[], rows: readonly TableRow[], size = 8): void {
    const total = columns.reduce((a, c) => a + c.share, 0);
    const widths = columns.map((c) => (c.share / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, w) => a + w, 0));
    const lineHeight = size * 1.3;
    const pad = 3;
    const drawHead = () => {
      const h = lineHeight + 2 * pad;
      this.current.drawRectangle({
        x: this.left,
        y: this.y - h,
        width: this.width,
        height: h,
        color: this.brand.color,
      });
      columns.forEach((c, i) =>
        this.cell(c.header, xs[i]!, widths[i]!, this.y - pad - size, size, c.align, {
          bold: true,
          color: this.brand.onColor,
        }),
      );
      this.y -= h;
    };
    this.ensure(2 * (lineHeight + 2 * pad) + 4);
    drawHead();
    this.onNewPage = drawHead;
    for (const row of rows) {
      const cells = row.cells.map((c) => (typeof c === 'string' ? { text: c } : c));
      const wrapped = cells.map((c, i) =>
        wrap(this.fonts.printable(c.text), this.font(c), size, widths[i]! - 2 * pad, 2),
      );
      const note = row.note
        ? wrap(this.fonts.printable(row.note), this.fonts.regular, size - 1, this.width - 4 * pad, 3)
        : [];
      const lines = Math.max(1, ...wrapped.map((w) => w.length));
      const h = lines * lineHeight + note.length * (size - 1) * 1.3 + 2 * pad;
      this.ensure(h);
      if (row.fill)
        this.current.drawRectangle({
          x: this.left,
          y: this.y - h,
          width: this.width,
          height: h,
          color: row.fill,
        });
      wrapped.forEach((ls, i) =>
        ls.forEach((l, n) =>
          this.cell(
            l,
            xs[i]!,
            widths[i]!,
            this.y - pad - size - n * lineHeight,
            size,
            columns[i]?.align,
            cells[i]!,
          ),
        ),
      );
      note.forEach((l, n) =>
        this.drawText(
          l,
          this.left + 3 * pad,
          this.y - pad - size - lines * lineHeight - n * (size - 1) * 1.3 + 1,
          this.width - 4 * pad,
          {
            size: size - 1,
            color: MUTED,
          },
        ),
      );
      this.current.drawLine({
        start: { x: this.left, y: this.y - h },
        end: { x: this.left + this.width, y: this.y - h },
        thickness: 0.4,
        color: RULE,
      });
      this.y -= h;
    }
    this.onNewPage = null;
    this.gap(4);
  }

  private cell(
    text: string,
    x: number,
    width: number,
    baseline: number,
    size: number,
    align: 'left' | 'right' | undefined,
    style: TextStyle,
  ): void {
    const inner = width - 6;
    if (align === 'right') {
      const font = this.font(style);
      const fitted = fitWidth(this.fonts.printable(text), font, size, inner);
      this.drawText(fitted, x + 3 + inner - font.widthOfTextAtSize(fitted, size), baseline, inner, {
        ...style,
        size,
      });
    } else {
      this.drawText(text, x + 3, baseline, inner, { ...style, size });
    }
  }

  private drawHeader(): number {
    const page = this.current;
    const top = LETTER.height - this.margin;
    page.drawRectangle({
      x: 0,
      y: LETTER.height - 8,
      width: LETTER.width,
      height: 8,
      color: this.brand.color,
    });
    const titleSize = 12;
    const titleWidth = this.font({ bold: true }).widthOfTextAtSize(
      this.fonts.printable(this.header.title),
      titleSize,
    );
    this.drawText(
      this.brand.name,
      this.left,
      top - 12,
      this.width - Math.min(titleWidth, this.width / 2) - 16,
      {
        size: 14,
        bold: true,
        color: this.brand.ink,
      },
    );
    const shownTitle = Math.min(titleWidth, this.width / 2);
    this.drawText(this.header.title, this.left + this.width - shownTitle, top - 12, this.width / 2, {
      size: titleSize,
      bold: true,
    });
    this.drawText(this.header.subject, this.left, top - 28, this.width, { size: 8.5, color: MUTED });
    page.drawLine({
      start: { x: this.left, y: top - 35 },
      end: { x: this.left + this.width, y: top - 35 },
      thickness: 0.6,
      color: RULE,
    });
    return top - 42;
  }

  /** Stamps every page's footer: `left` text and "Page n of m". */
  finish(left: string): void {
    const m = this.pages.length;
    this.pages.forEach((page, i) => {
      this.current = page;
      const y = this.margin;
      page.drawLine({
        start: { x: this.left, y: y + 14 },
        end: { x: this.left + this.width, y: y + 14 },
        thickness: 0.6,
        color: RULE,
      });
      const label = `Page ${i + 1} of ${m}`;
      const labelWidth = this.fonts.regular.widthOfTextAtSize(label, 8);
      this.drawText(left, this.left, y, this.width - labelWidth - 16, { size: 8, color: MUTED });
      this.drawText(label, this.left + this.width - labelWidth, y, labelWidth + 1, { size: 8, color: MUTED });
    });
  }
}
