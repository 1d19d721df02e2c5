/**
 * Specimen labels on a US Letter label sheet (Avery 5160 layout: 3 × 10 labels of 2.625" × 1"): patient
 * name, date of birth, collection date, and the sample id as Code 128 barcode and text.
 */
import { drawCode128, encodeCode128 } from './barcode/code128';
import { formatDate, patientName } from './format';
import { documentDate, openDocument } from './layout/document';
import { LABEL_COUNT } from './layout/limits';
import { INK, LETTER } from './layout/page-flow';
import { fitWidth } from './layout/text';
import { LabDocumentInputError } from './lab-document-input-error';
import { type DocumentOptions, type DocumentOrder, type TeamBrand } from './types';

export interface LabelsInput {
  order: Pick<DocumentOrder, 'id' | 'sample_id' | 'patient_details' | 'created_at' | 'updated_at'>;
  /** The collection date printed on each label: `YYYY-MM-DD` or a date-time (required, §6.2). */
  collection_date: string;
  /** How many labels (default 3, at most 60). */
  number_of_labels?: number | null;
  brand?: TeamBrand | null;
}

/** Avery 5160 geometry in points. */
export const LABEL_SHEET = {
  columns: 3,
  rows: 10,
  width: 189,
  height: 72,
  top: 36,
  left: 13.5,
  pitchX: 198,
  pitchY: 72,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export async function labelsPdf(input: LabelsInput, options: DocumentOptions = {}): Promise<Uint8Array> {
  const count = input.number_of_labels ?? LABEL_COUNT.default;
  if (!Number.isInteger(count) || count < LABEL_COUNT.min || count > LABEL_COUNT.max) {
    throw new LabDocumentInputError(
      'invalid_number_of_labels',
      `number_of_labels must be an integer from ${LABEL_COUNT.min} to ${LABEL_COUNT.max}.`,
    );
  }
  const collection = input.collection_date.trim();
  if (!DATE.test(collection) || Number.isNaN(new Date(collection).getTime())) {
    throw new LabDocumentInputError(
      'invalid_collection_date',
      'collection_date must be a date (YYYY-MM-DD) or a date-time.',
    );
  }
  const { order } = input;
  if (!order.sample_id) {
    throw new LabDocumentInputError(
      'invalid_sample_id',
      'The order has no sample id yet, so no label can be printed.',
    );
  }
  const barcode = encodeCode128(order.sample_id);
  const name = patientName(order.patient_details);
  const dob = formatDate(order.patient_details?.dob);
  const collected = formatDate(collection.slice(0, 10));
  const { doc, fonts } = await openDocument({
    title: 'Specimen Labels',
    brand: input.brand,
    createdAt: documentDate(options.createdAt, order.updated_at, order.created_at),
    strings: [name, order.sample_id],
  });
  const perPage = LABEL_SHEET.columns * LABEL_SHEET.rows;
  const pad = 7;
  const inner = LABEL_SHEET.width - 2 * pad;
  const nameText = fitWidth(fonts.printable(name), fonts.bold, 8, inner);
  const detail = fitWidth(fonts.printable(`DOB ${dob}   Collected ${collected}`), fonts.regular, 6.5, inner);
  const idText = fitWidth(fonts.printable(barcode.text), fonts.regular, 7, inner);
  const idWidth = fonts.regular.widthOfTextAtSize(idText, 7);
  let page = doc.addPage([LETTER.width, LETTER.height]);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % perPage === 0) page = doc.addPage([LETTER.width, LETTER.height]);
    const slot = i % perPage;
    const x = LABEL_SHEET.left + (slot % LABEL_SHEET.columns) * LABEL_SHEET.pitchX + pad;
    const top = LETTER.height - LABEL_SHEET.top - Math.floor(slot / LABEL_SHEET.columns) * LABEL_SHEET.pitchY;
    page.drawText(nameText, { x, y: top - 12, size: 8, font: fonts.bold, color: INK });
    page.drawText(detail, { x, y: top - 21, size: 6.5, font: fonts.regular, color: INK });
    drawCode128(page, barcode, { x, y: top - 52, width: inner, height: 27 });
    page.drawText(idText, {
      x: x + (inner - idWidth) / 2,
      y: top - 61,
      size: 7,
      font: fonts.regular,
      color: INK,
    });
  }
  return doc.save({ useObjectStreams: true });
}
