/**
 * Rebuilds text lines from positioned items (y-clustering) and splits each line into cells at column gaps.
 */
import type { Cell, LayoutPage, Line, PositionedText } from './layout-types';

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const centre = (item: PositionedText): number => (item.y0 + item.y1) / 2;

function clusterRows(items: PositionedText[]): PositionedText[][] {
  const sorted = [...items].sort((a, b) => centre(a) - centre(b));
  const rows: { items: PositionedText[]; centre: number; height: number }[] = [];
  for (const item of sorted) {
    const height = item.y1 - item.y0;
    const row = rows[rows.length - 1];
    if (row && Math.abs(centre(item) - row.centre) <= Math.max(2, 0.45 * Math.min(height, row.height))) {
      row.items.push(item);
      row.centre = median(row.items.map(centre));
      row.height = median(row.items.map((it) => it.y1 - it.y0));
    } else {
      rows.push({ items: [item], centre: centre(item), height });
    }
  }
  return rows.map((row) => row.items);
}

/** A gap wider than this many line heights separates two columns. */
const COLUMN_GAP_EM = 0.9;

function splitCells(items: PositionedText[], height: number): Cell[] {
  const sorted = [...items].sort((a, b) => a.x0 - b.x0);
  const cells: Cell[] = [];
  let current: { parts: PositionedText[]; x0: number; x1: number } | null = null;
  for (const item of sorted) {
    if (current && item.x0 - current.x1 <= COLUMN_GAP_EM * height) {
      current.parts.push(item);
      current.x1 = Math.max(current.x1, item.x1);
    } else {
      if (current) cells.push(toCell(current));
      current = { parts: [item], x0: item.x0, x1: item.x1 };
    }
  }
  if (current) cells.push(toCell(current));
  return cells;
}

/** Joins items into one cell, with a space where they do not touch. */
export function toCell(group: { parts: PositionedText[]; x0: number; x1: number }): Cell {
  let text = '';
  let lastX1 = -Infinity;
  for (const part of group.parts) {
    const joined = part.x0 - lastX1 > 0.5 && text !== '' && !text.endsWith(' ') && !part.text.startsWith(' ');
    text += (joined ? ' ' : '') + part.text;
    lastX1 = part.x1;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), x0: group.x0, x1: group.x1, parts: group.parts };
}

/**
 * Splits a text run at runs of 2+ spaces: fixed-width printouts draw a whole table row as one string. Positions of
 * the pieces are estimated from the character count (exact for monospace fonts).
 */
function splitAtWideSpaces(item: PositionedText): PositionedText[] {
  if (!/\S\s{2,}\S/.test(item.text)) return [item];
  const charWidth = (item.x1 - item.x0) / Math.max(1, item.text.length);
  const pieces: PositionedText[] = [];
  const pattern = /\S+(?: \S+)*/g;
  for (let m = pattern.exec(item.text); m; m = pattern.exec(item.text)) {
    const x0 = item.x0 + m.index * charWidth;
    pieces.push({ ...item, text: m[0], x0, x1: x0 + m[0].length * charWidth });
  }
  return pieces;
}

/** Lines of one page, top to bottom, each split into cells left to right. */
export function buildLines(page: LayoutPage, pageIndex: number): Line[] {
  const items = page.items
    .filter((item) => item.text.trim() !== '' && item.y1 > item.y0)
    .flatMap(splitAtWideSpaces);
  return clusterRows(items)
    .map((row) => {
      const height = median(row.map((it) => it.y1 - it.y0));
      return {
        page: pageIndex,
        y0: Math.min(...row.map((it) => it.y0)),
        y1: Math.max(...row.map((it) => it.y1)),
        height,
        cells: splitCells(row, height).filter((cell) => cell.text !== ''),
      };
    })
    .filter((line) => line.cells.length > 0);
}

/** Rotates OCR word boxes by -skew around the origin so that tilted text lines come out horizontal. */
export function deskew(items: PositionedText[], skew: number): PositionedText[] {
  if (Math.abs(skew) < 0.001) return items;
  const cos = Math.cos(-skew);
  const sin = Math.sin(-skew);
  return items.map((item) => {
    const cx = (item.x0 + item.x1) / 2;
    const cy = (item.y0 + item.y1) / 2;
    const rx = cx * cos - cy * sin;
    const ry = cx * sin + cy * cos;
    const hw = (item.x1 - item.x0) / 2;
    const hh = (item.y1 - item.y0) / 2;
    return { ...item, x0: rx - hw, x1: rx + hw, y0: ry - hh, y1: ry + hh };
  });
}
