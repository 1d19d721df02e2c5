/** A positioned piece of text on a page (a pdf.js text run or an OCR word); origin top-left, y down. */
export interface PositionedText {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** OCR confidence 0–100; absent for the PDF text layer. */
  confidence?: number;
}

export interface LayoutPage {
  width: number;
  height: number;
  items: PositionedText[];
}

/** Text of one column on one line: neighbouring items closer than a column gap. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  /** The items the cell was joined from, left to right (a table column boundary may fall between them). */
  parts: PositionedText[];
}

export interface Line {
  page: number;
  y0: number;
  y1: number;
  /** Median item height: the line's font size in page units. */
  height: number;
  cells: Cell[];
}
