/**
 * The corpus generator on its own (no parser): enough documents of every kind, deterministic bytes, internally
 * consistent ground truth, PDFs that pdf.js opens with the expected pages and text, scans without a text layer.
 */
import { createHash } from 'node:crypto';
import { loadImage } from '@napi-rs/canvas';
import { isValidLoincCode, LOINC_CATALOG } from '../loinc';
import { buildCorpus, type CorpusDocument } from './corpus';
import { readPdfTexts } from './pdf-text';
import { normaliseTestName } from './scoring';

jest.setTimeout(180_000);

let docs: CorpusDocument[];
beforeAll(async () => {
  docs = await buildCorpus();
});

const completed = () =>
  docs.flatMap((d) => (d.expected.status === 'completed' ? [{ doc: d, expected: d.expected }] : []));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('lab report corpus', () => {
  it('holds at least 30 documents of every required kind, 5+ of them scans', () => {
    expect(docs.length).toBeGreaterThanOrEqual(30);
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
    expect(docs.filter((d) => d.scanned).length).toBeGreaterThanOrEqual(6);
    const tags = new Set(docs.flatMap((d) => d.tags));
    for (const tag of [
      'quest',
      'labcorp',
      'flag-column',
      'two-column',
      'wrapped',
      'multi-page',
      'panels',
      'qualitative',
      'critical',
      'comments',
      'ranges',
      'png',
      'jpeg',
      'multi-image',
      'low-quality',
      'not-english',
      'non-lab',
      'corrupt',
      'too-many-pages',
    ]) {
      expect([tag, tags.has(tag)]).toEqual([tag, true]);
    }
    const reasons = docs.flatMap((d) => (d.expected.status === 'failed' ? [d.expected.failureReason] : []));
    expect(new Set(reasons)).toEqual(
      new Set(['invalid_input', 'low_quality', 'not_english', 'too_many_pages']),
    );
    const multiImage = docs.find((d) => d.tags.includes('multi-image'));
    expect(multiImage?.files.length).toBeGreaterThanOrEqual(2);
    expect(multiImage?.files.length).toBeLessThanOrEqual(3);
    const values = new Set(completed().flatMap(({ expected }) => expected.results.map((r) => r.value)));
    for (const v of ['Negative', 'Positive', 'Trace', 'Not Detected', 'Clear', 'Yellow']) {
      expect([v, values.has(v)]).toEqual([v, true]);
    }
    const interpretations = new Set(
      completed().flatMap(({ expected }) => expected.results.map((r) => r.interpretation)),
    );
    expect(interpretations).toEqual(new Set(['normal', 'abnormal', 'critical']));
  });

  it('is deterministic: a second build gives the same bytes', async () => {
    const again = await buildCorpus();
    const digest = (d: CorpusDocument[]) =>
      d.map(
        (doc) =>
          `${doc.id}:${doc.files.map((f) => createHash('sha256').update(f.bytes).digest('hex')).join(',')}`,
      );
    expect(digest(again)).toEqual(digest(docs));
    expect(again.map((d) => d.expected)).toEqual(docs.map((d) => d.expected));
  });

  it('has internally consistent ground truth', () => {
    for (const { doc, expected } of completed()) {
      const names = expected.results.map((r) => normaliseTestName(r.test_name));
      expect([doc.id, new Set(names).size]).toEqual([doc.id, names.length]);
      expect(expected.results.length).toBeGreaterThan(0);
      const m = expected.metadata;
      for (const date of [m.dob, m.date_collected, m.date_reported]) {
        expect(date).toMatch(ISO_DATE);
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      }
      expect((m.dob as string) < (m.date_collected as string)).toBe(true);
      expect((m.date_collected as string) <= (m.date_reported as string)).toBe(true);
      expect(m.patient_first_name && m.patient_last_name && m.lab_name && m.specimen_number).toBeTruthy();
      for (const r of expected.results) {
        const where = `${doc.id} / ${r.test_name}`;
        const outside = r.is_above_max_range === true || r.is_below_min_range === true;
        const numeric = ['numeric', 'percentage', 'duration'].includes(r.type);
        if (numeric && (r.min_reference_range !== null || r.max_reference_range !== null)) {
          // A flag is printed exactly when the value is outside its range (critical ones included).
          expect([where, r.interpretation !== 'normal']).toEqual([where, outside]);
        }
        if (!numeric)
          expect([where, r.is_above_max_range, r.is_below_min_range]).toEqual([where, null, null]);
        if (r.min_reference_range !== null && r.max_reference_range !== null) {
          expect(r.min_reference_range).toBeLessThan(r.max_reference_range);
        }
        expect([where, r.type === 'percentage']).toEqual([where, r.units === '%']);
        if (r.loinc_code !== null) expect([where, isValidLoincCode(r.loinc_code)]).toEqual([where, true]);
      }
    }
  });

  it('uses only LOINC codes that are in the catalog', () => {
    const catalog = new Set(LOINC_CATALOG.map((e) => e.code));
    const missing = new Set(
      completed().flatMap(({ expected }) =>
        expected.results.flatMap((r) =>
          r.loinc_code !== null && !catalog.has(r.loinc_code) ? [`${r.loinc_code} (${r.test_name})`] : [],
        ),
      ),
    );
    expect([...missing]).toEqual([]);
  });

  it('gives text PDFs that pdf.js opens with the expected page count and the printed text', async () => {
    const textDocs = docs.filter((d) => !d.scanned && !d.tags.includes('corrupt'));
    const reads = await readPdfTexts(textDocs.map((d) => d.files[0]!.bytes));
    for (const [i, doc] of textDocs.entries()) {
      const read = reads[i]!;
      if ('error' in read) throw new Error(`${doc.id}: ${read.error}`);
      expect([doc.id, read.pageCount]).toEqual([doc.id, doc.pageCount]);
      expect(read.pages.every((p) => !p.hasImage && p.lines.length > 5)).toBe(true);
      if (doc.expected.status !== 'completed') continue;
      const text = read.pages.flatMap((p) => p.lines).join('\n');
      const tokens = new Set(text.split(/\s+/));
      for (const r of doc.expected.results) {
        const where = `${doc.id} / ${r.test_name}`;
        for (const word of r.test_name.split(' '))
          expect([where, word, tokens.has(word)]).toEqual([where, word, true]);
        expect([where, r.value, text.includes(r.value)]).toEqual([where, r.value, true]);
        if (r.units) expect([where, r.units, text.includes(r.units)]).toEqual([where, r.units, true]);
        if (r.source_panel_name) {
          expect([where, text.includes(r.source_panel_name)]).toEqual([where, true]);
        }
      }
      const m = doc.expected.metadata;
      for (const v of [m.lab_name, m.specimen_number, m.patient_first_name, m.patient_last_name]) {
        expect([doc.id, v, text.includes(v as string)]).toEqual([doc.id, v, true]);
      }
      if (doc.pageCount > 1) expect(text).toContain(`of ${doc.pageCount}`);
    }
  });

  it('gives scans without a text layer: image-only PDFs, PNG and JPEG files', async () => {
    const scans = docs.filter((d) => d.scanned);
    const pdfs = scans.flatMap((d) => d.files.filter((f) => f.mediaType === 'application/pdf'));
    const reads = new Map((await readPdfTexts(pdfs.map((f) => f.bytes))).map((r, i) => [pdfs[i], r]));
    for (const doc of scans) {
      for (const file of doc.files) {
        if (file.mediaType === 'application/pdf') {
          const read = reads.get(file)!;
          if ('error' in read) throw new Error(`${doc.id}: ${read.error}`);
          expect([doc.id, read.pageCount]).toEqual([doc.id, doc.pageCount]);
          expect(read.pages.every((p) => p.hasImage && p.lines.length === 0)).toBe(true);
        } else {
          const magic = file.bytes.subarray(0, 4).toString('hex');
          expect([doc.id, magic.startsWith(file.mediaType === 'image/png' ? '89504e47' : 'ffd8ff')]).toEqual([
            doc.id,
            true,
          ]);
          const image = await loadImage(file.bytes);
          expect(image.width).toBeGreaterThanOrEqual(1200);
          expect(image.height / image.width).toBeCloseTo(11 / 8.5, 1);
        }
      }
    }
  });

  it('has a corrupt PDF that pdf.js refuses and a 31-page PDF', async () => {
    const corrupt = docs.find((d) => d.tags.includes('corrupt'));
    const long = docs.find((d) => d.tags.includes('too-many-pages'));
    const [read, longRead] = await readPdfTexts([corrupt!.files[0]!.bytes, long!.files[0]!.bytes]);
    expect(read).toEqual({ error: expect.any(String) });
    expect(corrupt!.files[0]!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(longRead && 'pageCount' in longRead && longRead.pageCount).toBe(31);
  });
});
