import { parseQueryBatch, parseQueryConfig } from '../index';
import { SPEC_EXAMPLE } from './helpers';

const timeframe = { type: 'relative', anchor: '2025-03-01', past: { unit: 'month', value: 3 } };
const weeklySteps = {
  group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'activity' } }],
  select: [{ group_key: 0 }, { func: 'sum', arg: { activity: 'steps' } }],
};

describe('parseQueryBatch', () => {
  it('reads timeframe, synchronous queries and config', () => {
    const r = parseQueryBatch(
      {
        timeframe,
        queries: [SPEC_EXAMPLE, weeklySteps],
        config: { provider_priority_overrides: ['oura', 'quest'] },
      },
      { basePath: ['body'] },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.batch.timeframe).toMatchObject({
      kind: 'relative',
      anchor: '2025-03-01',
      past: { unit: 'month', value: 3 },
    });
    expect(r.batch.queries.map((q) => q.derived.resultTableSchema)).toEqual([
      { 'group_key.0': 'datetime', 'mean.sleep_score': 'float64' },
      { 'group_key.0': 'datetime', 'sum.steps': 'int64' },
    ]);
    expect(r.batch.queries[1]!.query.loc).toEqual(['body', 'queries', '1']);
    expect(r.batch.config.providerPriorityOverrides).toEqual(['oura', 'quest']);
  });

  it('accepts a placeholder timeframe and no config', () => {
    const r = parseQueryBatch(
      { timeframe: { placeholder: true }, queries: [weeklySteps] },
      { basePath: ['body'] },
    );
    expect(r.ok && r.batch.timeframe.kind).toBe('placeholder');
    expect(r.ok && r.batch.config.providerPriorityOverrides).toBeNull();
  });

  it('applies synchronous rules (no group_key "*" needed, at most one date_trunc)', () => {
    const two = {
      ...weeklySteps,
      group_by: [...weeklySteps.group_by, { date_trunc: { unit: 'day' }, arg: { index: 'activity' } }],
    };
    const r = parseQueryBatch({ timeframe, queries: [weeklySteps, two] }, { basePath: ['body'] });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
      ['body.queries.1.group_by.1', 'date_trunc_count'],
    ]);
  });

  const bad: [string, unknown, string, string][] = [
    ['body not an object', [], 'body', 'dict_type'],
    ['timeframe missing', { queries: [weeklySteps] }, 'body.timeframe', 'missing'],
    [
      'timeframe type',
      { timeframe: { type: 'absolute' }, queries: [weeklySteps] },
      'body.timeframe.type',
      'enum',
    ],
    [
      'anchor not a date',
      { timeframe: { ...timeframe, anchor: '2025-02-30' }, queries: [weeklySteps] },
      'body.timeframe.anchor',
      'date_parsing',
    ],
    [
      'past missing',
      { timeframe: { type: 'relative', anchor: '2025-01-01' }, queries: [weeklySteps] },
      'body.timeframe.past',
      'missing',
    ],
    [
      'past unit',
      { timeframe: { ...timeframe, past: { unit: 'decade' } }, queries: [weeklySteps] },
      'body.timeframe.past.unit',
      'enum',
    ],
    ['queries missing', { timeframe }, 'body.queries', 'missing'],
    ['queries empty', { timeframe, queries: [] }, 'body.queries', 'too_short'],
    ['queries too many', { timeframe, queries: Array(17).fill(weeklySteps) }, 'body.queries', 'too_long'],
    ['query invalid', { timeframe, queries: [{ select: [] }] }, 'body.queries.0.select', 'too_short'],
    [
      'unknown provider',
      { timeframe, queries: [weeklySteps], config: { provider_priority_overrides: ['oura', 'nope'] } },
      'body.config.provider_priority_overrides.1',
      'enum',
    ],
    [
      'duplicate provider',
      { timeframe, queries: [weeklySteps], config: { provider_priority_overrides: ['oura', 'oura'] } },
      'body.config.provider_priority_overrides.1',
      'value_error',
    ],
    [
      'overrides not an array',
      { timeframe, queries: [weeklySteps], config: { provider_priority_overrides: 'oura' } },
      'body.config.provider_priority_overrides',
      'list_type',
    ],
  ];
  it.each(bad)('%s', (_t, body, loc, type) => {
    const r = parseQueryBatch(body, { basePath: ['body'] });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.some((i) => i.loc.join('.') === loc && i.type === type)).toBe(true);
  });
});

describe('parseQueryConfig', () => {
  it('reads query_config of a continuous query', () => {
    expect(
      parseQueryConfig(
        { provider_priority_overrides: ['withings', 'fitbit'] },
        { basePath: ['body', 'query_config'] },
      ),
    ).toEqual({
      ok: true,
      config: { providerPriorityOverrides: ['withings', 'fitbit'] },
    });
    expect(parseQueryConfig(null, { basePath: ['body', 'query_config'] })).toEqual({
      ok: true,
      config: { providerPriorityOverrides: null },
    });
    const r = parseQueryConfig({ provider_priority_overrides: [1] }, { basePath: ['body', 'query_config'] });
    expect(!r.ok && r.issues[0]!.loc).toEqual(['body', 'query_config', 'provider_priority_overrides', '0']);
  });
});
