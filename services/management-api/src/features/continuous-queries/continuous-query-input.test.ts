import { ValidationError, type ValidationIssue } from '@meridian/domain';
import { parseQuery } from '@meridian/query-language';
import { readContinuousQueryDefinition, readContinuousQueryPatch } from './continuous-query-input';
import { fhirObservationPreviews } from './fhir-observation-previews';

const SLEEP_VITALS = {
  group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'sleep' } }],
  select: [
    { group_key: '*' },
    { func: 'mean', arg: { sleep: 'respiratory_rate' } },
    { func: 'min', arg: { sleep: 'heart_rate_minimum' } },
    { func: 'stddev', arg: { sleep: 'heart_rate_mean' } },
  ],
};

function issuesOf(fn: () => unknown): ValidationIssue[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.issues;
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('continuous query input', () => {
  it('fills the defaults of a minimal definition', () => {
    const d = readContinuousQueryDefinition({ slug: 'a', title: '', query: SLEEP_VITALS });
    expect(d.queryConfig).toBeNull();
    expect(d.scheduling).toEqual({ minimum_gap_duration_second: null });
    expect(d.exports).toEqual({ data_events: { enabled: true }, fhir_observations: false });
    expect(d.wireQuery).toMatchObject({ where: null, align: null });
  });

  it('keeps a given config, even one without overrides', () => {
    const d = readContinuousQueryDefinition({ slug: 'a', title: 'A', query: SLEEP_VITALS, query_config: {} });
    expect(d.queryConfig).toEqual({ provider_priority_overrides: null });
  });

  it('collects every issue at once, the gap rule included when the validator is bypassed', () => {
    const issues = issuesOf(() =>
      readContinuousQueryDefinition({
        slug: 'UPPER',
        title: 'ok',
        query: { select: [] },
        scheduling_preferences: { minimum_gap_duration_second: 60 },
      }),
    );
    expect(issues.map((i) => i.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.slug', 'body.scheduling_preferences.minimum_gap_duration_second']),
    );
    expect(issues.some((i) => i.loc[1] === 'query')).toBe(true);
  });

  it.each(['a', 'a-b', 'x'.repeat(128), '0-9'])('accepts the slug %s', (slug) => {
    expect(() => readContinuousQueryDefinition({ slug, title: '', query: SLEEP_VITALS })).not.toThrow();
  });

  it.each(['', '-a', 'a-', 'a--b', 'A', 'a_b', 'x'.repeat(129)])('refuses the slug %j', (slug) => {
    expect(
      issuesOf(() => readContinuousQueryDefinition({ slug, title: '', query: SLEEP_VITALS }))[0],
    ).toMatchObject({ loc: ['body', 'slug'], type: 'string_pattern_mismatch', input: slug });
  });

  it('reads a patch: null or absent unchanged, a null gap cleared', () => {
    expect(readContinuousQueryPatch({})).toEqual({});
    expect(readContinuousQueryPatch({ title: null, scheduling_preferences: null })).toEqual({});
    expect(readContinuousQueryPatch({ scheduling_preferences: {} })).toEqual({});
    expect(
      readContinuousQueryPatch({ scheduling_preferences: { minimum_gap_duration_second: null } }),
    ).toEqual({
      scheduling: { minimum_gap_duration_second: null },
    });
    expect(readContinuousQueryPatch({ title: 'Été (2026)' })).toEqual({ title: 'Été (2026)' });
    expect(issuesOf(() => readContinuousQueryPatch({ title: 'a/b' }))[0]?.loc).toEqual(['body', 'title']);
  });
});

describe('FHIR observation previews', () => {
  it('maps each mapper to the value-preserving columns that feed it, in the mappers’ order', () => {
    const parsed = parseQuery(SLEEP_VITALS, { basePath: ['body', 'query'] });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const previews = fhirObservationPreviews(parsed.query, parsed.derived, new Date('2026-03-05T12:00:00Z'));
    if (previews === null) throw new Error('the sleep vitals query has mappers');
    expect(Object.keys(previews)).toEqual(parsed.derived.fhirObservationMappers);
    expect(Object.keys(previews)).toEqual([
      'vital-signs#8867-4#meridian-heart-rate-1',
      'vital-signs#9279-1#meridian-respiration-rate-1',
    ]);
    // stddev of a heart rate is not a heart rate.
    expect(previews['vital-signs#8867-4#meridian-heart-rate-1']!.value_columns).toEqual([
      'min.heart_rate_minimum',
    ]);
    expect(previews['vital-signs#9279-1#meridian-respiration-rate-1']).toEqual({
      value_columns: ['mean.respiratory_rate'],
      observation: expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: '9279-1' })] }),
        // The week holding 2026-03-05 (Thursday): Monday 2 March to Sunday 8 March.
        effectivePeriod: { start: '2026-03-02', end: '2026-03-08' },
        valueQuantity: expect.objectContaining({
          value: 14,
          system: 'http://unitsofmeasure.org',
          code: '/min',
        }),
      }),
    });
  });
});
