import { resultFlag, resultsPdf } from './results-pdf';
import { biomarker, brand, order, results } from './testing/fixtures';
import { type DocumentBiomarkerResult } from './types';
import { pageContent as contentOf } from './testing/pdf-bars';
import { pageTexts, readPdfText } from './testing/pdf-text';

function markers(n: number, name = (i: number) => `Marker ${String(i).padStart(3, '0')}`) {
  return Array.from({ length: n }, (_, i) =>
    biomarker({
      name: name(i),
      slug: `marker-${i}`,
      value: i + 0.5,
      result: String(i + 0.5),
      loinc: `${1000 + i}-${i % 10}`,
    }),
  );
}

describe('resultsPdf', () => {
  it('prints the metadata block, every biomarker, flags, missing results and notes', async () => {
    const pdf = await resultsPdf({
      results: results(),
      order: order(),
      brand,
      notes: 'Reviewed by Dr. House.\nCall the patient.',
    });
    const [read] = await readPdfText(pdf);
    const text = pageTexts(read!).join('\n');
    for (const expected of [
      'Laboratory Report',
      'Patient: Doe, Jane',
      '05D0642827',
      'P-998',
      'A-17',
      'Gregory House',
      'Quest Diagnostics',
      'MRD12345678',
      '03/03/2026',
      '03/04/2026',
      '03/05/2026',
      'Final',
      'Metabolic Panel',
      'Overall interpretation: Critical',
      'Test Result Unit Reference range Flag',
      'Glucose 92 mg/dL 65-99',
      'Cholesterol, Total 245 mg/dL <200 H',
      'Potassium 6.8 mmol/L 3.5-5.3 CRITICAL H',
      'LOINC 2093-3 · Fasting specimen.',
      'Hemoglobin A1c Quantity not sufficient Insufficient specimen volume.',
      'Reviewed by Dr. House.\nCall the patient.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints long comment results in full under their row, and a performing lab other than the report lab', async () => {
    const comment = biomarker({
      name: 'Culture',
      slug: 'culture',
      type: 'comment',
      value: null,
      result: 'No growth after 48 hours of incubation.',
      unit: null,
      reference_range: null,
      performing_laboratory: 'Quest Diagnostics Nichols Institute',
    });
    const [read] = await readPdfText(await resultsPdf({ results: results({ results: [comment] }) }));
    const text = pageTexts(read!).join('\n');
    expect(text).toContain('Culture See below');
    expect(text).toContain(
      'Result: No growth after 48 hours of incubation. · LOINC 2345-7 · Performed by Quest Diagnostics Nichols Institute',
    );
  });

  it('highlights abnormal and critical rows, and only them', async () => {
    const flagged = await contentOf(await resultsPdf({ results: results(), brand }));
    expect(flagged).toContain('1 0.95 0.8 rg'); // abnormal fill
    expect(flagged).toContain('1 0.86 0.86 rg'); // critical fill
    const normal = await contentOf(
      await resultsPdf({ results: results({ results: [biomarker()], missing_results: null }), brand }),
    );
    expect(normal).not.toContain('1 0.95 0.8 rg');
    expect(normal).not.toContain('1 0.86 0.86 rg');
  });

  it('spreads a long report over pages with the header and columns repeated and "Page n of m"', async () => {
    const pdf = await resultsPdf({ results: results({ results: markers(34) }), order: order(), brand });
    const [read] = await readPdfText(pdf);
    expect(read!.pageCount).toBe(2);
    const [first, second] = pageTexts(read!);
    expect(first).toContain('Page 1 of 2');
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain('Laboratory Report');
    expect(second).toContain('Patient: Doe, Jane');
    expect(second).toContain('Test Result Unit Reference range Flag');
    // Every marker printed exactly once across the pages.
    const all = `${first}\n${second}`;
    for (let i = 0; i < 34; i++) expect(all.split(`Marker ${String(i).padStart(3, '0')} `)).toHaveLength(2);
  });

  it('keeps a 50-marker report under 200 KB, with an embedded font too', async () => {
    const plain = await resultsPdf({ results: results({ results: markers(50) }), order: order(), brand });
    expect(plain.byteLength).toBeLessThan(200_000);
    const unicode = await resultsPdf({
      results: results({ results: markers(50, (i) => `Маркер ${i} Nguyễn`) }),
      order: order(),
      brand,
    });
    expect(unicode.byteLength).toBeLessThan(200_000);
    const [read] = await readPdfText(unicode);
    expect(pageTexts(read!).join('\n')).toContain('Маркер 7 Nguyễn');
  });

  it('bounds huge inputs', async () => {
    const huge = results({
      metadata: { ...results().metadata, patient: 'P'.repeat(10_000) },
      results: markers(5_000, (i) => `${i} ${'y'.repeat(2_000)}`).map((r) => ({
        ...r,
        notes: 'n '.repeat(5_000),
      })),
      missing_results: Array.from({ length: 2_000 }, (_, i) => ({
        name: `Missing ${i}`,
        slug: `m${i}`,
        inferred_failure_type: 'internal_lab_failure',
        note: 'z'.repeat(10_000),
      })),
    });
    const pdf = await resultsPdf({ results: huge, notes: 'q'.repeat(100_000) });
    expect(pdf.byteLength).toBeLessThan(2_000_000);
    const [read] = await readPdfText(pdf);
    expect(read!.pageCount).toBeLessThanOrEqual(80);
    const text = pageTexts(read!).join('\n');
    expect(text).toContain('4600 further results are not printed; see the structured result.');
    expect(text).toContain('1600 further missing results are not printed.');
  });

  it('gives the same bytes for the same input', async () => {
    const make = () => resultsPdf({ results: results({ results: markers(40) }), order: order(), brand });
    const [a, b] = [await make(), await make()];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('resultFlag', () => {
  it.each<[Partial<DocumentBiomarkerResult>, string]>([
    [{ interpretation: 'normal' }, ''],
    [{ interpretation: 'abnormal', is_above_max_range: true }, 'H'],
    [{ interpretation: 'abnormal', is_below_min_range: true }, 'L'],
    [{ interpretation: 'abnormal' }, 'ABNORMAL'],
    [{ interpretation: 'critical', is_below_min_range: true }, 'CRITICAL L'],
    [{ interpretation: 'critical' }, 'CRITICAL'],
    [{ interpretation: 'unknown', is_above_max_range: true }, 'H'],
  ])('%p → %p', (overrides, flag) => {
    expect(resultFlag(biomarker(overrides))).toBe(flag);
  });
});
