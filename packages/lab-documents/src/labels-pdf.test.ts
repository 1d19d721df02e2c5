import { PDFDocument } from 'pdf-lib';
import { LabDocumentInputError } from './lab-document-input-error';
import { labelsPdf, LABEL_SHEET } from './labels-pdf';
import { decodeCode128 } from './testing/code128-decoder';
import { order } from './testing/fixtures';
import { barcodesOnPage } from './testing/pdf-bars';
import { pageTexts, readPdfText } from './testing/pdf-text';

describe('labelsPdf', () => {
  it('prints three labels by default, each with name, DOB, collection date and a decodable barcode', async () => {
    const pdf = await labelsPdf({ order: order(), collection_date: '2026-03-03' });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const symbols = await barcodesOnPage(pdf, 0);
    expect(symbols).toHaveLength(3);
    for (const s of symbols) expect(decodeCode128(s)).toBe('MRD12345678');
    const [read] = await readPdfText(pdf);
    const text = pageTexts(read!).join('\n');
    expect(text.match(/Doe, Jane/g)).toHaveLength(3);
    expect(text.match(/DOB 07\/14\/1988 Collected 03\/03\/2026/g)).toHaveLength(3);
    expect(text.match(/MRD12345678/g)).toHaveLength(3);
  });

  it('fills a sheet row by row and continues on a new sheet', async () => {
    const perSheet = LABEL_SHEET.columns * LABEL_SHEET.rows;
    const pdf = await labelsPdf({
      order: order(),
      collection_date: '2026-03-03T08:15:00Z',
      number_of_labels: perSheet + 2,
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    expect(await barcodesOnPage(pdf, 0)).toHaveLength(perSheet);
    expect(await barcodesOnPage(pdf, 1)).toHaveLength(2);
  });

  it('prints Unicode names and cuts a huge one to the label width', async () => {
    const base = order();
    const pdfs = await Promise.all([
      labelsPdf({
        order: {
          ...base,
          patient_details: { ...base.patient_details!, first_name: 'Văn', last_name: 'Nguyễn' },
        },
        collection_date: '2026-03-03',
      }),
      labelsPdf({
        order: { ...base, patient_details: { ...base.patient_details!, last_name: 'L'.repeat(10_000) } },
        collection_date: '2026-03-03',
        number_of_labels: 1,
      }),
    ]);
    const [unicode, huge] = await readPdfText(...pdfs);
    expect(pageTexts(unicode!).join('\n')).toContain('Nguyễn, Văn');
    expect(huge!.pageCount).toBe(1);
    expect(pageTexts(huge!).join('\n')).toMatch(/^L+…$/m);
  });

  it.each([
    ['no labels', { number_of_labels: 0 }, 'invalid_number_of_labels'],
    ['too many labels', { number_of_labels: 61 }, 'invalid_number_of_labels'],
    ['a fractional count', { number_of_labels: 2.5 }, 'invalid_number_of_labels'],
    ['a bad date', { collection_date: '03/03/2026' }, 'invalid_collection_date'],
    ['an impossible date', { collection_date: '2026-13-45' }, 'invalid_collection_date'],
  ])('refuses %s', async (_, overrides, errorType) => {
    const input = { order: order(), collection_date: '2026-03-03', ...overrides };
    await expect(labelsPdf(input)).rejects.toMatchObject({ errorType, kind: 'bad_request' });
  });

  it('refuses an order without a sample id', async () => {
    await expect(
      labelsPdf({ order: order({ sample_id: null }), collection_date: '2026-03-03' }),
    ).rejects.toBeInstanceOf(LabDocumentInputError);
  });

  it('is deterministic', async () => {
    const a = await labelsPdf({ order: order(), collection_date: '2026-03-03', number_of_labels: 5 });
    const b = await labelsPdf({ order: order(), collection_date: '2026-03-03', number_of_labels: 5 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
