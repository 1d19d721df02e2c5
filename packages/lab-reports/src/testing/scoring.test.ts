import type { ParsedLabReport, ReportResult } from '@meridian/domain';
import { LOINC_CATALOG } from '../loinc';
import { describeDocumentScore, normaliseTestName, scoreCorpus, withinOcrTolerance } from './scoring';
import type { CorpusDocument, CorpusOutcome, ExpectedResult } from './types';

const metadata = {
  patient_first_name: 'MAREN',
  patient_last_name: 'CALLOWAY',
  dob: '1975-03-14',
  lab_name: 'Ambervale Clinical Laboratories',
  date_reported: '2024-03-06',
  date_collected: '2024-03-04',
  specimen_number: 'AV24-0031877',
  gender: 'female' as const,
};

const expected: ExpectedResult[] = [
  {
    test_name: 'Glucose',
    value: '92',
    type: 'numeric',
    units: 'mg/dL',
    min_reference_range: 70,
    max_reference_range: 99,
    interpretation: 'normal',
    is_above_max_range: false,
    is_below_min_range: false,
    source_panel_name: 'Chemistry',
    loinc_code: '2345-7',
  },
  {
    test_name: 'Carbon Dioxide, Total',
    value: '17',
    type: 'numeric',
    units: 'mmol/L',
    min_reference_range: 20,
    max_reference_range: 29,
    interpretation: 'abnormal',
    is_above_max_range: false,
    is_below_min_range: true,
    source_panel_name: 'Chemistry',
    loinc_code: '2028-9',
  },
];

function result(e: ExpectedResult, over: Partial<ReportResult> = {}): ReportResult {
  const { loinc_code, ...rest } = e;
  return {
    ...rest,
    loinc_matches: loinc_code
      ? [{ loinc_code, loinc_name: 'x', display_name: '', aliases: [], confidence_score: 0.9 }]
      : [],
    sample_type: 'serum_plasma_blood',
    measurement_kind: 'direct',
    sensitivity: 'unknown',
    loinc_match_status: 'auto_match',
    ...over,
  };
}

const report = (results: ReportResult[], meta = metadata): CorpusOutcome => ({
  status: 'completed',
  report: { metadata: meta, results } satisfies ParsedLabReport,
});

const docs: CorpusDocument[] = [
  {
    id: 'a',
    description: '',
    tags: [],
    files: [],
    expected: { status: 'completed', metadata, results: expected },
    pageCount: 1,
    scanned: false,
  },
  {
    id: 'b',
    description: '',
    tags: [],
    files: [],
    expected: { status: 'failed', failureReason: 'not_english' },
    pageCount: 1,
    scanned: false,
  },
  {
    id: 'c',
    description: '',
    tags: ['corrupt'],
    files: [],
    expected: { status: 'failed', failureReason: 'invalid_input' },
    pageCount: 0,
    scanned: false,
  },
];

describe('scoreCorpus', () => {
  it('scores a perfect run as 1 everywhere', () => {
    const s = scoreCorpus(docs, [
      report(expected.map((e) => result(e))),
      { status: 'failed', failureReason: 'not_english' },
      { status: 'rejected', code: 'invalid_file' },
    ]);
    expect(s.rows).toEqual({ expected: 2, found: 2, matched: 2, precision: 1, recall: 1, f1: 1 });
    expect(Object.values(s.fields).every((f) => f.rate === 1 && f.total === 2)).toBe(true);
    expect(s.metadata).toMatchObject({ correct: 8, total: 8, rate: 1 });
    expect(s.loincTop1).toEqual({ correct: 2, total: 2, rate: 1 });
    expect(s.failureReasons).toEqual({ correct: 2, total: 2, rate: 1 });
    expect(s.documents.every((d) => d.passed)).toBe(true);
  });

  it('matches rows by normalised name and counts misses, extras and wrong fields', () => {
    expect(normaliseTestName('Carbon Dioxide, Total')).toBe('carbondioxidetotal');
    const rows = [
      result(expected[1]!, { test_name: 'CARBON DIOXIDE TOTAL', units: 'mmol/l', loinc_matches: [] }),
      result(expected[0]!, { test_name: 'Page 1 of 2', value: '1' }),
    ];
    const s = scoreCorpus(docs, [
      report(rows, { ...metadata, dob: '1975-14-03' }),
      { status: 'failed', failureReason: 'invalid_input' },
      { status: 'failed', failureReason: 'invalid_input' },
    ]);
    expect(s.rows).toMatchObject({ expected: 2, found: 2, matched: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(s.fields.units).toEqual({ correct: 0, total: 1, rate: 0 });
    expect(s.fields.value).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.loincTop1).toEqual({ correct: 0, total: 1, rate: 0 });
    expect(s.metadata.byField.dob.rate).toBe(0);
    expect(s.metadata.correct).toBe(7);
    expect(s.failureReasons).toEqual({ correct: 1, total: 2, rate: 0.5 });
    const a = s.documents[0]!;
    expect(a.passed).toBe(false);
    expect(a.missingRows).toEqual(['Glucose']);
    expect(a.extraRows).toEqual(['Page 1 of 2']);
    expect(describeDocumentScore(a)).toContain(
      'Carbon Dioxide, Total.units: expected "mmol/L", got "mmol/l"',
    );
    expect(s.documents[1]!.failureReason).toEqual({
      expected: 'not_english',
      actual: 'invalid_input',
      correct: false,
    });
  });

  it('counts a failed report as all rows missing and rows of a document that must fail as false positives', () => {
    const s = scoreCorpus(docs, [
      { status: 'failed', failureReason: 'low_quality' },
      report(expected.map((e) => result(e))),
      { status: 'rejected', code: 'too_many_pages' },
    ]);
    expect(s.rows).toMatchObject({ expected: 2, found: 2, matched: 0, precision: 0, recall: 0, f1: 0 });
    expect(s.metadata.correct).toBe(0);
    expect(s.failureReasons.correct).toBe(0);
    expect(s.documents.map((d) => d.passed)).toEqual([false, false, false]);
  });

  it('passes a document whose only misses are scored-but-not-required fields', () => {
    const rows = expected.map((e) => result(e, { source_panel_name: null, type: 'comment' }));
    const s = scoreCorpus(docs.slice(0, 1), [report(rows)]);
    expect(s.fields.source_panel_name.rate).toBe(0);
    expect(s.documents[0]!.passed).toBe(true);
  });
});

describe('scoreCorpus: issue #15 figures', () => {
  const match = (code: string) => ({
    loinc_code: code,
    loinc_name: 'x',
    display_name: '',
    aliases: [],
    confidence_score: 0.5,
  });

  it('counts LOINC top-5 among the ranked matches and top-1 over catalogue codes only', () => {
    // A code outside the catalogue (the scorer only checks membership).
    const outside = 'not-in-catalogue';
    expect(LOINC_CATALOG.some((e) => e.code === outside)).toBe(false);
    const urea: ExpectedResult = { ...expected[0]!, test_name: 'Urea', units: 'mmol/L', loinc_code: outside };
    const doc: CorpusDocument = {
      ...docs[0]!,
      expected: { status: 'completed', metadata, results: [expected[0]!, expected[1]!, urea] },
    };
    const rows = [
      result(expected[0]!, { loinc_matches: [match('1558-6'), match('2339-0'), match('2345-7')] }),
      result(expected[1]!, { loinc_matches: [match('1963-8'), match('2075-0'), match('2951-2')] }),
      result(urea, { loinc_matches: [match('3094-0')] }),
    ];
    const s = scoreCorpus([doc], [report(rows)]);
    expect(s.loincTop1).toEqual({ correct: 0, total: 3, rate: 0 });
    expect(s.loincTop5).toEqual({ correct: 1, total: 3, rate: 1 / 3 });
    // Top-1 over catalogue codes counts the two other rows only.
    expect(s.loincTop1InCatalogue).toEqual({ correct: 0, total: 2, rate: 0 });
  });

  it('scores status and reason over every document: a refused report counts wrong', () => {
    const right = scoreCorpus(docs, [
      report(expected.map((e) => result(e))),
      { status: 'failed', failureReason: 'not_english' },
      { status: 'rejected', code: 'invalid_file' },
    ]);
    expect(right.statusAndReason).toEqual({ correct: 3, total: 3, rate: 1 });
    const refused = scoreCorpus(docs, [
      { status: 'failed', failureReason: 'invalid_input' },
      { status: 'failed', failureReason: 'not_english' },
      report([]),
    ]);
    expect(refused.statusAndReason).toEqual({ correct: 1, total: 3, rate: 1 / 3 });
  });

  it('treats the micro sign and the Greek mu in units as the same', () => {
    const micro: ExpectedResult = { ...expected[0]!, units: '\u00b5mol/L' };
    const doc: CorpusDocument = {
      ...docs[0]!,
      expected: { status: 'completed', metadata, results: [micro] },
    };
    expect(scoreCorpus([doc], [report([result(micro, { units: '\u03bcmol/L' })])]).fields.units.rate).toBe(1);
    expect(scoreCorpus([doc], [report([result(micro, { units: 'umol/L' })])]).fields.units.rate).toBe(0);
  });
});

describe('OCR tolerance of the per-document bar', () => {
  it('accepts exactly one substituted character in a specimen number, nothing else', () => {
    expect(withinOcrTolerance('specimen_number', 'AV8333448E', 'AVB333448E')).toBe(true);
    expect(withinOcrTolerance('specimen_number', 'AV8333448E', 'AVB33344BE')).toBe(false);
    expect(withinOcrTolerance('specimen_number', 'AV8333448E', 'AV8333448')).toBe(false);
    expect(withinOcrTolerance('specimen_number', 'AV8333448E', null)).toBe(false);
    expect(withinOcrTolerance('patient_last_name', 'Smith', 'Smlth')).toBe(false);
  });

  it('lets a scanned document pass with such a read, but still counts it wrong in metadata accuracy', () => {
    const scanned = { ...docs[0]!, scanned: true };
    const misread = { ...metadata, specimen_number: `${metadata.specimen_number.slice(0, -1)}#` };
    const s = scoreCorpus(
      [scanned],
      [
        report(
          expected.map((e) => result(e)),
          misread,
        ),
      ],
    );
    expect(s.documents[0]!.passed).toBe(true);
    expect(s.metadata.byField.specimen_number.correct).toBe(0);
    const text = scoreCorpus(
      [docs[0]!],
      [
        report(
          expected.map((e) => result(e)),
          misread,
        ),
      ],
    );
    expect(text.documents[0]!.passed).toBe(false);
  });
});
