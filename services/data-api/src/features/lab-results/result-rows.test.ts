import type { LabResultMessage } from '@meridian/lab-partners';
import { mergeReport, orderInterpretation, resultSlug, type OrderedMarker } from './result-rows';

const markers: OrderedMarker[] = [
  { id: 2001, name: 'Total cholesterol', slug: 'total-cholesterol', providerId: 'LBC-001', loinc: '2093-3' },
];

function obs(testCode: string, loinc: string, value: number, interpretation = 'normal' as const) {
  return {
    testCode,
    setId: 1,
    code: loinc,
    codeSystem: 'LN',
    name: `Lab name ${loinc}`,
    loinc,
    valueType: 'NM' as const,
    kind: 'numeric' as const,
    value,
    result: String(value),
    comparator: null,
    codedValue: null,
    unit: 'mg/dL',
    referenceRange: null,
    minRangeValue: null,
    maxRangeValue: null,
    isAboveMaxRange: null,
    isBelowMinRange: null,
    abnormalFlags: ['H', 'A'],
    interpretation,
    status: 'final' as const,
    observedAt: null,
    performingLaboratory: null,
    notes: ['one', 'two'],
  };
}

function message(tests: string[], results: ReturnType<typeof obs>[]): LabResultMessage {
  return {
    tests: tests.map((code) => ({ code })),
    results,
    missingResults: [],
    specimenId: 'S-1',
  } as unknown as LabResultMessage;
}

describe('result rows', () => {
  it('names a value after the ordered marker when it has one, else after the lab', () => {
    const { results } = mergeReport(
      { results: [], missing: [] },
      message(['A'], [obs('A', '2093-3', 180), obs('A', '2085-9', 50)]),
      markers,
    );
    expect(results[0]).toMatchObject({
      name: 'Total cholesterol',
      slug: 'total-cholesterol',
      provider_id: 'LBC-001',
      source_markers: [
        { marker_id: 2001, name: 'Total cholesterol', slug: 'total-cholesterol', provider_id: 'LBC-001' },
      ],
      loinc_slug: 'lab-name-2093-3',
      source_interpretation: 'H~A',
      notes: 'one\ntwo',
      source_sample_id: 'S-1',
      source_test_code: 'A',
    });
    expect(results[1]).toMatchObject({
      name: 'Lab name 2085-9',
      slug: 'lab-name-2085-9',
      provider_id: '2085-9',
    });
    expect(results[1]!.source_markers).toBeNull();
  });

  it('replaces the rows of the tests a report carries and keeps the others, in first-reported test order', () => {
    const first = mergeReport(
      { results: [], missing: [] },
      message(['A', 'B'], [obs('A', '2093-3', 1), obs('B', '2085-9', 2)]),
      markers,
    );
    const second = mergeReport(first, message(['A'], [obs('A', '2093-3', 3)]), markers);
    expect(second.results.map((r) => [r.source_test_code, r.value])).toEqual([
      ['A', 3],
      ['B', 2],
    ]);
  });

  it('interprets the order: critical > abnormal > normal, unknown when nothing is interpretable', () => {
    const of = (...values: string[]) =>
      orderInterpretation(values.map((v) => ({ interpretation: v as never })));
    expect(of('normal', 'critical', 'abnormal')).toBe('critical');
    expect(of('normal', 'abnormal', 'unknown')).toBe('abnormal');
    expect(of('unknown', 'normal')).toBe('normal');
    expect(of('unknown')).toBe('unknown');
    expect(of()).toBe('unknown');
  });

  it('slugs names', () => {
    expect(resultSlug('Vitamin D, 25-Hydroxy')).toBe('vitamin-d-25-hydroxy');
    expect(resultSlug('%%')).toBe('result');
  });
});
