/**
 * Which §5 elements the engine cannot back with stored data (README "Not supported"), found at validation
 * time with their `loc`, and when provider priority can be left out.
 */
import { parseQuery, TABLE_NAMES, tableColumns, type QueryAst } from '@meridian/query-language';
import { assertSupported, NotSupportedError, prioritisationNeeded, unsupportedIssues } from '../index';

const parse = (json: unknown, base: string[] = ['body', 'queries', '0']): QueryAst => {
  const parsed = parseQuery(json, { basePath: base, mode: 'synchronous' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.query;
};

/** What ingestion never stores (its payload keys), by table. */
const NOT_STORED: Record<string, string[]> = {
  sleep: ['stage_unknown_second', 'heart_rate_maximum', 'hrv_mean_sdnn', 'time_zone'],
  activity: ['duration_active_second', 'intensity_sedentary_second'],
  workout: ['heart_rate_minimum', 'power_source', 'time_zone'],
  body: ['time_zone'],
  meal: `sodium_milligram potassium_milligram calcium_milligram phosphorus_milligram magnesium_milligram
    iron_milligram zinc_milligram fluoride_milligram chloride_milligram vitamin_a_milligram vitamin_b1_milligram
    riboflavin_milligram niacin_milligram pantothenic_acid_milligram vitamin_b6_milligram biotin_microgram
    vitamin_b12_microgram vitamin_c_milligram vitamin_d_microgram vitamin_e_milligram vitamin_k_microgram
    folic_acid_microgram chromium_microgram copper_milligram iodine_microgram manganese_milligram
    molybdenum_microgram selenium_microgram`.split(/\s+/),
  profile: [],
  menstrual_cycle: [],
};

describe('unsupportedIssues', () => {
  it('flags exactly the columns Meridian does not store, at the select item', () => {
    const flagged: Record<string, string[]> = {};
    for (const table of TABLE_NAMES.filter((t) => t !== 'derived_readiness')) {
      flagged[table] = [];
      for (const column of tableColumns(table).keys()) {
        const parsed = parseQuery(
          { select: [{ [table]: column }] },
          { basePath: ['body', 'queries', '0'], mode: 'synchronous' },
        );
        if (!parsed.ok) continue; // a list column: only read through a subquery
        const issues = unsupportedIssues(parsed.query);
        if (issues.length === 0) continue;
        expect(issues).toEqual([
          {
            loc: ['body', 'queries', '0', 'select', '0'],
            msg: expect.stringContaining(`${table}.${column}`),
            type: 'not_supported',
            input: null,
            ctx: {},
          },
        ]);
        flagged[table].push(column);
      }
    }
    expect(flagged).toEqual(NOT_STORED);
  });

  it('finds columns in aggregates, group_by and WHERE (loc at the WHERE, column in msg)', () => {
    const query = parse({
      group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'sleep' } }],
      select: [{ group_key: '*' }, { func: 'max', arg: { sleep: 'heart_rate_maximum' } }],
      where: 'hrv_mean_sdnn > 20 AND score > 50',
    });
    const issues = unsupportedIssues(query);
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'queries', '0', 'select', '1', 'arg'],
      ['body', 'queries', '0', 'where'],
    ]);
    expect(issues[1]!.msg).toContain('sleep.hrv_mean_sdnn');
  });

  it('reports the derived_readiness index once, and nothing for a stored query', () => {
    expect(
      unsupportedIssues(
        parse({ select: [{ derived_readiness: 'recovery_score' }, { derived_readiness: 'date' }] }),
      ),
    ).toMatchObject([
      { loc: ['body', 'queries', '0', 'select', '0'], msg: expect.stringContaining('derived_readiness') },
    ]);
    expect(
      unsupportedIssues(
        parse({
          group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'activity' } }],
          select: [{ group_key: '*' }, { func: 'sum', arg: { activity: 'intensity_high_second' } }],
          where: "source_provider != 'x'",
        }),
      ),
    ).toEqual([]);
  });

  it('assertSupported throws one NotSupportedError for every query of a batch', () => {
    const first = parse({ select: [{ sleep: 'time_zone' }] }, ['body', 'queries', '0']);
    const second = parse({ select: [{ body: 'time_zone' }] }, ['body', 'queries', '1']);
    expect(() => assertSupported([parse({ select: [{ sleep: 'score' }] })])).not.toThrow();
    let thrown: unknown;
    try {
      assertSupported([first, second]);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(NotSupportedError);
    expect((thrown as NotSupportedError).issues.map((i) => i.loc[2])).toEqual(['0', '1']);
  });
});

describe('prioritisationNeeded', () => {
  const pair = (provider: string, source_type: string) => ({ provider, source_type });
  const weekly = (extra: unknown[] = []) =>
    parse({
      group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } }, ...extra],
      select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
    });

  it('only when two pairs can meet in one ranking partition', () => {
    expect(prioritisationNeeded(weekly(), [])).toBe(false);
    expect(prioritisationNeeded(weekly(), [pair('oura', 'ring')])).toBe(false);
    expect(prioritisationNeeded(weekly(), [pair('oura', 'ring'), pair('garmin', 'watch')])).toBe(true);
    expect(prioritisationNeeded(weekly(), [pair('apple', 'watch'), pair('apple', 'phone')])).toBe(true);
    // Grouped by provider: ranking within each provider.
    const byProvider = weekly([{ source: 'source_provider' }]);
    expect(prioritisationNeeded(byProvider, [pair('oura', 'ring'), pair('garmin', 'watch')])).toBe(false);
    expect(prioritisationNeeded(byProvider, [pair('apple', 'watch'), pair('apple', 'phone')])).toBe(true);
    // Grouped by both: never.
    const byBoth = weekly([{ source: 'source_provider' }, { source: 'source_type' }]);
    expect(prioritisationNeeded(byBoth, [pair('apple', 'watch'), pair('apple', 'phone')])).toBe(false);
  });
});
