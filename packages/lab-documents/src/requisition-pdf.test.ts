import { PDFDocument } from 'pdf-lib';
import { encodeCode128 } from './barcode/code128';
import { LabDocumentInputError } from './lab-document-input-error';
import { requisitionPdf } from './requisition-pdf';
import { decodeCode128 } from './testing/code128-decoder';
import { brand, MARKERS, order } from './testing/fixtures';
import { barcodesOnPage } from './testing/pdf-bars';
import { pageTexts, readPdfText } from './testing/pdf-text';

describe('requisitionPdf', () => {
  it('prints patient, physician with NPI, tests with codes, ICD-10 codes, billing and the specimen id', async () => {
    const pdf = await requisitionPdf({ order: order(), brand });
    const [read] = await readPdfText(pdf);
    const text = pageTexts(read!).join('\n');
    for (const expected of [
      'Acme Health',
      'Laboratory Requisition',
      'Doe, Jane',
      '07/14/1988',
      'female',
      '12 Main Street, Apt 4',
      'Springfield, IL 62701',
      'Gregory House',
      '1234567893',
      'Metabolic Panel',
      'Quest Diagnostics',
      'At-home phlebotomy',
      'Serum (venous blood)',
      'Client bill',
      'E11.9, Z13.220',
      'MRD12345678',
      'Collection date',
      'Patient on metformin.',
      'Physician signature (Gregory House, NPI 1234567893)',
    ]) {
      expect(text).toContain(expected);
    }
    for (const m of MARKERS) expect(text).toMatch(new RegExp(`${m.provider_id} ${m.name} ${m.loinc}`));
    const pages = read!.pageCount;
    read!.pages.forEach((lines, i) =>
      expect(lines).toContain(`Requisition for order ${order().id} · Acme Health Page ${i + 1} of ${pages}`),
    );
  });

  it('draws the specimen id as a Code 128 barcode that decodes back to it', async () => {
    const pdf = await requisitionPdf({ order: order({ sample_id: 'MRD-2026-000042' }), brand });
    const symbols = await barcodesOnPage(pdf, 0);
    expect(symbols).toHaveLength(1);
    expect(symbols[0]).toEqual(encodeCode128('MRD-2026-000042').modules);
    expect(decodeCode128(symbols[0]!)).toBe('MRD-2026-000042');
  });

  it('prints no barcode before a sample id exists, and refuses one that cannot be a barcode', async () => {
    const pdf = await requisitionPdf({ order: order({ sample_id: null }) });
    expect(await barcodesOnPage(pdf, 0)).toEqual([]);
    expect(pageTexts((await readPdfText(pdf))[0]!).join('\n')).toContain('Assigned at collection');
    await expect(requisitionPdf({ order: order({ sample_id: 'Zoë\n1' }) })).rejects.toBeInstanceOf(
      LabDocumentInputError,
    );
  });

  it('prints names beyond WinAnsi: Latin accents, Vietnamese; CJK falls back to "?"', async () => {
    const base = order();
    const cases = [
      { first_name: 'Zoë', last_name: 'Ødegård', expected: 'Ødegård, Zoë' },
      { first_name: 'Văn', last_name: 'Nguyễn', expected: 'Nguyễn, Văn' },
      { first_name: '小龍', last_name: '李', expected: '?, ??' },
    ];
    const pdfs = await Promise.all(
      cases.map(({ first_name, last_name }) =>
        requisitionPdf({
          order: { ...base, patient_details: { ...base.patient_details!, first_name, last_name } },
        }),
      ),
    );
    const reads = await readPdfText(...pdfs);
    reads.forEach((read, i) => expect(pageTexts(read).join('\n')).toContain(cases[i]!.expected));
  });

  it('bounds huge inputs: a 10,000-character name, notes and thousands of markers and codes', async () => {
    const base = order();
    const huge = {
      ...base,
      patient_details: {
        ...base.patient_details!,
        first_name: 'A'.repeat(10_000),
        last_name: 'B'.repeat(10_000),
      },
      clinical_notes: 'note '.repeat(5_000),
      icd_codes: Array.from({ length: 1_000 }, (_, i) => `Z${i}`),
      lab_test: {
        ...base.lab_test,
        name: 'T'.repeat(10_000),
        markers: Array.from({ length: 5_000 }, (_, i) => ({
          id: i,
          name: `Marker ${i} ${'x'.repeat(500)}`,
          slug: `m${i}`,
          provider_id: String(i),
        })),
      },
    };
    const pdf = await requisitionPdf({ order: huge });
    expect(pdf.byteLength).toBeLessThan(400_000);
    const [read] = await readPdfText(pdf);
    expect(read!.pageCount).toBeLessThanOrEqual(10);
    const text = pageTexts(read!).join('\n');
    expect(text).toContain('…');
    expect(text).toContain('(+976 more)');
    expect(text).toContain('+4850 more markers not listed');
  });

  it('gives the same bytes for the same input, dated from the order', async () => {
    const a = await requisitionPdf({ order: order(), brand });
    const b = await requisitionPdf({ order: order(), brand });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await requisitionPdf({ order: order({ sample_id: 'OTHER1' }), brand });
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-03-02T14:30:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-03-02T14:30:00.000Z');
    expect(doc.getProducer()).toBe('Meridian lab-documents');
  });
});
