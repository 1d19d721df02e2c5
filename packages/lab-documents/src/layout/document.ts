/** Creating and saving a document: fonts chosen for its text, fixed metadata dates, no random ids. */
import { PDFDocument } from 'pdf-lib';
import { type TeamBrand } from '../types';
import { type BrandStyle, brandStyle } from './brand';
import { embedFonts, type FontSet } from './fonts';
import { type PageHeader, PageFlow } from './page-flow';
import { clip } from './text';

export interface DocumentSetup {
  title: string;
  brand: TeamBrand | null | undefined;
  header: PageHeader;
  createdAt: Date;
  /** Every string the document may print, so the fonts can cover them. */
  strings: readonly string[];
}

export interface OpenDocument {
  doc: PDFDocument;
  fonts: FontSet;
  brand: BrandStyle;
}

/** A new document with fonts for `strings` and fixed metadata. */
export async function openDocument(
  setup: Omit<DocumentSetup, 'header'>,
  extra: readonly string[] = [],
): Promise<OpenDocument> {
  // updateMetadata: false keeps pdf-lib from stamping the clock's time and its own producer into the file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const brand = brandStyle(setup.brand);
  const fonts = await embedFonts(doc, [...setup.strings, ...extra, setup.title, brand.name]);
  doc.setTitle(setup.title);
  doc.setAuthor(brand.name);
  doc.setCreator('Meridian');
  doc.setProducer('Meridian lab-documents');
  doc.setLanguage('en-US');
  doc.setCreationDate(setup.createdAt);
  doc.setModificationDate(setup.createdAt);
  return { doc, fonts, brand };
}

/** A new document laid out top to bottom with headers on every page. */
export async function startDocument(setup: DocumentSetup): Promise<PageFlow> {
  const { doc, fonts, brand } = await openDocument(setup, [setup.header.subject]);
  return new PageFlow(doc, fonts, brand, setup.header);
}

/** Stamps the footers and serialises; the same input gives the same bytes. */
export async function finishDocument(flow: PageFlow, footer: string): Promise<Uint8Array> {
  flow.finish(clip(footer, 140));
  return flow.page.doc.save({ useObjectStreams: true });
}

/** `value` as a date, else the first valid fallback, else the Unix epoch (never the clock). */
export function documentDate(
  value: Date | string | null | undefined,
  ...fallbacks: Array<string | null | undefined>
): Date {
  for (const candidate of [value, ...fallbacks]) {
    if (candidate === null || candidate === undefined) continue;
    const date = candidate instanceof Date ? candidate : new Date(candidate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return new Date(0);
}

/** Every string inside `value` (objects, arrays), for font selection; bounded in count. */
export function stringsOf(value: unknown, out: string[] = [], limit = 20_000): string[] {
  if (out.length >= limit) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out, limit);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) stringsOf(v, out, limit);
  return out;
}
