import { formatPredicate, parseQuery, queryToWire } from '../index';
import { BASE, SPEC_EXAMPLE, cq, issuesOf, monthOf, ok } from './helpers';

describe('spec example (§5)', () => {
  it('derives the documented schema and dependencies', () => {
    const { derived, query } = ok(SPEC_EXAMPLE);
    expect(derived.resourceDependencies).toEqual(['sleep']);
    expect(derived.resultTableSchema).toEqual({ 'group_key.0': 'datetime', 'mean.sleep_score': 'float64' });
    expect(Object.keys(derived.resultTableSchema)).toEqual(['group_key.0', 'mean.sleep_score']);
    expect(derived.fhirObservationMappers).toEqual([]);
    expect(query.source).toEqual({ kind: 'table', table: 'sleep' });
    expect(query.groupBy[0]).toMatchObject({
      kind: 'date_trunc',
      period: { unit: 'month', value: 1, loc: [...BASE, 'group_by', '0', 'date_trunc'] },
      arg: { kind: 'index_column', index: 'sleep', loc: [...BASE, 'group_by', '0', 'arg'] },
    });
    expect(query.select[1]).toMatchObject({
      kind: 'aggregate',
      func: 'mean',
      loc: [...BASE, 'select', '1'],
      arg: {
        kind: 'value_macro',
        macro: 'sleep_score',
        version: 'automatic',
        loc: [...BASE, 'select', '1', 'arg'],
      },
    });
  });

  it('is also a valid synchronous query', () => {
    expect(ok(SPEC_EXAMPLE, 'synchronous').derived.outputColumns.map((c) => c.name)).toEqual([
      'group_key.0',
      'mean.sleep_score',
    ]);
  });

  it('round-trips to its canonical wire form', () => {
    const wire = queryToWire(ok(SPEC_EXAMPLE).query);
    expect(wire).toEqual({
      select: [
        { group_key: '*' },
        { func: 'mean', arg: { value_macro: 'sleep_score', version: 'automatic' } },
      ],
      group_by: [{ date_trunc: { unit: 'month', value: 1 }, arg: { index: 'sleep' } }],
      where: null,
      align: null,
    });
    expect(ok(wire).derived.resultTableSchema).toEqual(ok(SPEC_EXAMPLE).derived.resultTableSchema);
  });
});

describe('expression forms: output names and result types', () => {
  const sub = (select: unknown, unnest: unknown, where?: string) => ({ select, from: { unnest }, where });
  const mcFlow = { menstrual_cycle: 'menstrual_flow' };
  const noteTags = { timeseries: 'note', field: 'tags' };
  const cases: [string, string, unknown, string, string][] = [
    // [title, index, select item, output name, type]
    [
      'aggregate of a value macro',
      'sleep',
      { func: 'mean', arg: { value_macro: 'sleep_score' } },
      'mean.sleep_score',
      'float64',
    ],
    [
      'newest chronotype',
      'sleep',
      { func: 'newest', arg: { value_macro: 'chronotype' } },
      'newest.chronotype',
      'string',
    ],
    [
      'min asleep_at',
      'sleep',
      { func: 'min', arg: { value_macro: 'asleep_at' } },
      'min.asleep_at',
      'datetime',
    ],
    ['max awake_at', 'sleep', { func: 'max', arg: { value_macro: 'awake_at' } }, 'max.awake_at', 'datetime'],
    [
      'sum awakenings (int)',
      'sleep',
      { func: 'sum', arg: { value_macro: 'awakenings' } },
      'sum.awakenings',
      'int64',
    ],
    ['sum of an int column', 'activity', { func: 'sum', arg: { activity: 'steps' } }, 'sum.steps', 'int64'],
    [
      'sum of a float column',
      'activity',
      { func: 'sum', arg: { activity: 'distance_meter' } },
      'sum.distance_meter',
      'float64',
    ],
    [
      'count of strings',
      'workout',
      { func: 'count', arg: { workout: 'sport_slug' } },
      'count.sport_slug',
      'int64',
    ],
    [
      'median',
      'body',
      { func: 'median', arg: { body: 'weight_kilogram' } },
      'median.weight_kilogram',
      'float64',
    ],
    ['stddev', 'meal', { func: 'stddev', arg: { meal: 'calories' } }, 'stddev.calories', 'float64'],
    [
      'oldest keeps type',
      'profile',
      { func: 'oldest', arg: { profile: 'birth_date' } },
      'oldest.birth_date',
      'date',
    ],
    [
      'bool min',
      'activity',
      { func: 'max', arg: { activity: 'wheelchair_use' } },
      'max.wheelchair_use',
      'bool',
    ],
    [
      'derived readiness',
      'derived_readiness',
      { func: 'mean', arg: { derived_readiness: 'recovery_score' } },
      'mean.recovery_score',
      'float64',
    ],
    [
      'timeseries value',
      'timeseries',
      { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } },
      'mean.heartrate.value',
      'float64',
    ],
    [
      'count timeseries → int',
      'timeseries',
      { func: 'sum', arg: { timeseries: 'steps', field: 'value' } },
      'sum.steps.value',
      'int64',
    ],
    [
      'blood pressure field',
      'timeseries',
      { func: 'max', arg: { timeseries: 'blood_pressure', field: 'systolic' } },
      'max.blood_pressure.systolic',
      'float64',
    ],
    ['count of index rows', 'sleep', { func: 'count', arg: { index: 'sleep' } }, 'count.timestamp', 'int64'],
    [
      'newest index timestamp',
      'workout',
      { func: 'newest', arg: { index: 'workout' } },
      'newest.timestamp',
      'datetime',
    ],
    [
      'aggregate over a count subquery',
      'menstrual_cycle',
      { func: 'sum', arg: sub({ func: 'count' }, mcFlow) },
      'sum.count.menstrual_flow',
      'int64',
    ],
    [
      'aggregate over a field subquery',
      'menstrual_cycle',
      { func: 'max', arg: sub({ func: 'max', arg: { menstrual_flow: 'date' } }, mcFlow) },
      'max.max.menstrual_flow.date',
      'date',
    ],
    [
      'subquery with field_for and WHERE',
      'menstrual_cycle',
      {
        func: 'sum',
        arg: sub(
          { func: 'count', arg: { field_for: 'menstrual_cycle', menstrual_flow: 'flow' } },
          mcFlow,
          "flow = 'heavy'",
        ),
      },
      'sum.count.menstrual_flow.flow',
      'int64',
    ],
    [
      'bbt mean subquery',
      'menstrual_cycle',
      {
        func: 'mean',
        arg: sub(
          { func: 'mean', arg: { basal_body_temperature: 'value' } },
          { menstrual_cycle: 'basal_body_temperature' },
        ),
      },
      'mean.mean.basal_body_temperature.value',
      'float64',
    ],
    [
      'element subquery over note tags',
      'timeseries',
      { func: 'sum', arg: sub({ func: 'count', arg: { element: true } }, noteTags, "element = 'food'") },
      'sum.count.note.tags.element',
      'int64',
    ],
    [
      'placeholder select counts rows',
      'menstrual_cycle',
      { func: 'sum', arg: sub({ placeholder: true }, mcFlow) },
      'sum.count.menstrual_flow',
      'int64',
    ],
  ];
  it.each(cases)('%s', (_t, index, item, name, type) => {
    const { derived } = ok(cq(index, [item], index === 'timeseries' ? {} : {}), 'continuous');
    expect(derived.resultTableSchema[name]).toBe(type);
    expect(derived.outputColumns.map((c) => c.name)).toEqual(['group_key.0', name]);
  });

  const groupCases: [string, unknown, string, string][] = [
    ['date_part', { date_part: 'weekday', arg: { index: 'sleep' } }, 'group_key.1', 'int64'],
    ['source column', { source: 'source_provider' }, 'group_key.1', 'string'],
    ['table column', { sleep: 'type' }, 'group_key.1', 'string'],
    ['value macro', { value_macro: 'chronotype' }, 'group_key.1', 'string'],
    ['date_part on a placeholder', { date_part: 'hour', arg: { placeholder: true } }, 'group_key.1', 'int64'],
  ];
  it.each(groupCases)('group_by %s gives its group key a type', (_t, item, name, type) => {
    const { derived } = ok({ group_by: [monthOf('sleep'), item], select: [{ group_key: '*' }] });
    expect(derived.resultTableSchema).toEqual({ 'group_key.0': 'datetime', [name]: type });
  });

  it('timeseries group_by fields are typed', () => {
    const { derived } = ok({
      group_by: [monthOf('timeseries'), { timeseries: 'insulin_injection', field: 'delivery_mode' }],
      select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'insulin_injection', field: 'value' } }],
    });
    expect(derived.resultTableSchema).toEqual({
      'group_key.0': 'datetime',
      'group_key.1': 'string',
      'sum.insulin_injection.value': 'float64',
    });
    expect(derived.resourceDependencies).toEqual(['insulin_injection']);
  });

  it('numbered group keys (integer and digit string) select single keys', () => {
    const { derived } = ok(
      {
        group_by: [monthOf('sleep'), { source: 'source_type' }],
        select: [{ group_key: '1' }, { group_key: 0 }, { func: 'count', arg: { sleep: 'id' } }],
      },
      'synchronous',
    );
    expect(derived.outputColumns.map((c) => [c.name, c.type, c.groupKey])).toEqual([
      ['group_key.1', 'string', 1],
      ['group_key.0', 'datetime', 0],
      ['count.id', 'int64', null],
    ]);
  });

  it('row-level synchronous query: plain columns, index timestamp, source, timeseries', () => {
    const { derived } = ok(
      {
        select: [
          { index: 'timeseries' },
          { timeseries: 'note', field: 'content' },
          { timeseries: 'note', field: 'tags' },
          { source: 'source_sport' },
          {
            select: { func: 'count', arg: { element: true } },
            from: { unnest: { timeseries: 'note', field: 'tags' } },
          },
        ],
      },
      'synchronous',
    );
    expect(derived.resultTableSchema).toEqual({
      timestamp: 'datetime',
      'note.content': 'string',
      'note.tags': 'list<string>',
      source_sport: 'string',
      'count.note.tags.element': 'int64',
    });
    expect(derived.resourceDependencies).toEqual(['note']);
  });

  it('ALIGN carry modes parse with their limits', () => {
    for (const [mode, key] of [
      ['carry_forward', 'max_age'],
      ['carry_backward', 'max_age'],
      ['carry_nearest', 'span'],
    ] as const) {
      const { query } = ok(
        cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], {
          align: { carry: { mode, [key]: { unit: 'month', value: 2 } } },
        }),
      );
      expect(query.align).toMatchObject({ kind: 'align', mode, limit: { unit: 'month', value: 2 } });
      const bare = ok(
        cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], { align: { carry: { mode } } }),
      );
      expect(bare.query.align).toMatchObject({ mode, limit: null });
    }
  });
});

describe('resource_dependencies', () => {
  const cases: [string, unknown, string[]][] = [
    ['sleep', { func: 'mean', arg: { sleep: 'score' } }, ['sleep']],
    ['activity', { func: 'sum', arg: { activity: 'steps' } }, ['activity']],
    ['workout → workouts', { func: 'sum', arg: { workout: 'calories' } }, ['workouts']],
    ['body', { func: 'mean', arg: { body: 'fat_mass_percentage' } }, ['body']],
    ['meal', { func: 'sum', arg: { meal: 'protein_gram' } }, ['meal']],
    ['profile', { func: 'newest', arg: { profile: 'height_centimeter' } }, ['profile']],
    ['menstrual_cycle', { func: 'count', arg: { menstrual_cycle: 'period_start' } }, ['menstrual_cycle']],
    [
      'derived_readiness → activity + sleep (sorted)',
      { func: 'mean', arg: { derived_readiness: 'strain_score' } },
      ['activity', 'sleep'],
    ],
    ['weight timeseries', { func: 'mean', arg: { timeseries: 'weight', field: 'value' } }, ['weight']],
    ['fat timeseries', { func: 'mean', arg: { timeseries: 'fat', field: 'value' } }, ['fat']],
  ];
  it.each(cases)('%s', (_t, item, deps) => {
    const arg = (item as { arg: Record<string, unknown> }).arg;
    const index = 'timeseries' in arg ? 'timeseries' : Object.keys(arg)[0]!;
    expect(ok(cq(index, [item])).derived.resourceDependencies).toEqual(deps);
  });
});

describe('fhir_observation_mappers', () => {
  const W = 'vital-signs#29463-7#meridian-body-weight-1';
  const HR = 'vital-signs#8867-4#meridian-heart-rate-1';
  const RR = 'vital-signs#9279-1#meridian-respiration-rate-1';
  const cases: [string, string, unknown[], string[]][] = [
    [
      'weight timeseries',
      'timeseries',
      [{ func: 'mean', arg: { timeseries: 'weight', field: 'value' } }],
      [W],
    ],
    ['body weight column', 'body', [{ func: 'newest', arg: { body: 'weight_kilogram' } }], [W]],
    [
      'heart rate timeseries',
      'timeseries',
      [{ func: 'max', arg: { timeseries: 'heartrate', field: 'value' } }],
      [HR],
    ],
    [
      'sleep heart rate + respiratory rate',
      'sleep',
      [
        { func: 'mean', arg: { sleep: 'respiratory_rate' } },
        { func: 'min', arg: { sleep: 'heart_rate_minimum' } },
      ],
      [HR, RR],
    ],
    [
      'respiratory rate timeseries',
      'timeseries',
      [{ func: 'median', arg: { timeseries: 'respiratory_rate', field: 'value' } }],
      [RR],
    ],
    [
      'a count is not an observation',
      'timeseries',
      [{ func: 'count', arg: { timeseries: 'heartrate', field: 'value' } }],
      [],
    ],
    [
      'other fields are not',
      'timeseries',
      [{ func: 'newest', arg: { timeseries: 'heartrate', field: 'source_provider' } }],
      [],
    ],
    ['unrelated column', 'activity', [{ func: 'sum', arg: { activity: 'steps' } }], []],
  ];
  it.each(cases)('%s', (_t, index, items, mappers) => {
    expect(ok(cq(index, items)).derived.fhirObservationMappers).toEqual(mappers);
  });
});

describe('WHERE on a query', () => {
  it('resolves columns, source columns and macros of the sleep index', () => {
    const { query } = ok(
      cq('sleep', [{ func: 'mean', arg: { sleep: 'score' } }], {
        where: "source_provider = 'oura' AND NOT (sleep_score < 50 OR type = 'acknowledged_nap')",
      }),
    );
    expect(formatPredicate(query.where!)).toBe(
      "(source_provider = 'oura' AND (NOT (sleep_score < 50 OR type = 'acknowledged_nap')))",
    );
    const and = query.where as Extract<typeof query.where, { kind: 'and' }>;
    const not = and.operands[1] as Extract<typeof query.where, { kind: 'not' }>;
    const or = not.operand as Extract<typeof query.where, { kind: 'or' }>;
    expect(or.operands[0]).toMatchObject({
      kind: 'comparison',
      left: {
        kind: 'column',
        name: 'sleep_score',
        type: 'int64',
        ref: { kind: 'value_macro', macro: 'sleep_score' },
      },
      loc: [...BASE, 'where'],
    });
  });

  it('resolves timeseries fields', () => {
    const { query } = ok(
      cq('timeseries', [{ func: 'mean', arg: { timeseries: 'glucose', field: 'value' } }], {
        where: "value > 3.9 and source_type != 'manual_scan'",
      }),
    );
    expect(formatPredicate(query.where!)).toBe("(value > 3.9 AND source_type != 'manual_scan')");
  });

  it('blank WHERE is no WHERE', () => {
    expect(ok(cq('sleep', [], { where: '   ' })).query.where).toBeNull();
    expect(ok(cq('sleep', [], { where: null })).query.where).toBeNull();
  });
});

describe('validation rules (§5): loc and type of each violation', () => {
  const S = (...k: (string | number)[]) => [...BASE, ...k.map(String)];
  const meanScore = { func: 'mean', arg: { sleep: 'score' } };
  const cases: [string, unknown, 'continuous' | 'synchronous', string[], string, RegExp?][] = [
    ['not an object', [], 'continuous', S(), 'dict_type'],
    ['select missing', { group_by: [] }, 'continuous', S('select'), 'missing'],
    ['select empty', { select: [] }, 'continuous', S('select'), 'too_short'],
    ['select not an array', { select: {} }, 'continuous', S('select'), 'list_type'],
    [
      'group_by not an array',
      { select: [meanScore], group_by: 'x' },
      'synchronous',
      S('group_by'),
      'list_type',
    ],
    ['item matching no form', cq('sleep', [{ foo: 1 }]), 'continuous', S('select', 1), 'expression_form'],
    ['item not an object', cq('sleep', [7]), 'continuous', S('select', 1), 'dict_type'],
    [
      'two forms in one item',
      cq('sleep', [{ func: 'mean', group_key: '*', arg: { sleep: 'score' } }]),
      'continuous',
      S('select', 1),
      'expression_ambiguous',
    ],
    [
      'form not allowed in group_by',
      { select: [{ group_key: '*' }], group_by: [monthOf('sleep'), { group_key: 0 }] },
      'continuous',
      S('group_by', 1),
      'expression_form',
      /group key/,
    ],
    [
      'unknown func',
      cq('sleep', [{ func: 'avg', arg: { sleep: 'score' } }]),
      'continuous',
      S('select', 1, 'func'),
      'enum',
    ],
    [
      'aggregate arg missing',
      cq('sleep', [{ func: 'mean' }]),
      'continuous',
      S('select', 1, 'arg'),
      'missing',
    ],
    [
      'aggregate arg not allowed (source)',
      cq('sleep', [{ func: 'count', arg: { source: 'source_type' } }]),
      'continuous',
      S('select', 1, 'arg'),
      'expression_form',
    ],
    [
      'mean of a string',
      cq('sleep', [{ func: 'mean', arg: { sleep: 'type' } }]),
      'continuous',
      S('select', 1, 'arg'),
      'aggregate_type',
    ],
    [
      'sum of a datetime macro',
      cq('sleep', [{ func: 'sum', arg: { value_macro: 'asleep_at' } }]),
      'continuous',
      S('select', 1, 'arg'),
      'aggregate_type',
    ],
    [
      'unknown table column',
      cq('sleep', [{ func: 'mean', arg: { sleep: 'snoring' } }]),
      'continuous',
      S('select', 1, 'arg', 'sleep'),
      'enum',
    ],
    [
      'prototype key as column',
      cq('sleep', [{ func: 'mean', arg: { sleep: '__proto__' } }]),
      'continuous',
      S('select', 1, 'arg', 'sleep'),
      'enum',
    ],
    [
      'unknown index',
      { group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'steps' } }], select: [{ group_key: '*' }] },
      'continuous',
      S('group_by', 0, 'arg', 'index'),
      'enum',
    ],
    [
      'unknown value macro (parses, fails validation)',
      cq('sleep', [{ func: 'mean', arg: { value_macro: 'sleep_debt' } }]),
      'continuous',
      S('select', 1, 'arg', 'value_macro'),
      'unknown_value_macro',
    ],
    [
      'macro version other than automatic',
      cq('sleep', [{ func: 'mean', arg: { value_macro: 'sleep_score', version: 'v2' } }]),
      'continuous',
      S('select', 1, 'arg', 'version'),
      'enum',
    ],
    [
      'unknown timeseries',
      cq('timeseries', [{ func: 'mean', arg: { timeseries: 'heart_rate', field: 'value' } }]),
      'continuous',
      S('select', 1, 'arg', 'timeseries'),
      'enum',
    ],
    [
      'field not allowed for the timeseries',
      cq('timeseries', [{ func: 'mean', arg: { timeseries: 'heartrate', field: 'duration' } }]),
      'continuous',
      S('select', 1, 'arg', 'field'),
      'enum',
    ],
    [
      'blood pressure has no value',
      cq('timeseries', [{ func: 'mean', arg: { timeseries: 'blood_pressure', field: 'value' } }]),
      'continuous',
      S('select', 1, 'arg', 'field'),
      'enum',
    ],
    [
      'timeseries field missing',
      cq('timeseries', [{ func: 'mean', arg: { timeseries: 'steps' } }]),
      'continuous',
      S('select', 1, 'arg', 'field'),
      'missing',
    ],
    [
      'unknown source column',
      { select: [{ group_key: '*' }], group_by: [monthOf('sleep'), { source: 'source_device' }] },
      'continuous',
      S('group_by', 1, 'source'),
      'enum',
    ],
    [
      'source column the index lacks',
      { select: [{ group_key: '*' }], group_by: [monthOf('sleep'), { source: 'source_sport' }] },
      'continuous',
      S('group_by', 1, 'source'),
      'unknown_column',
    ],
    [
      'date_trunc arg not an index column',
      {
        select: [{ group_key: '*' }],
        group_by: [{ date_trunc: { unit: 'day' }, arg: { sleep: 'session_start' } }],
      },
      'continuous',
      S('group_by', 0, 'arg'),
      'expression_form',
    ],
    [
      'date_trunc arg missing',
      { select: [{ group_key: '*' }], group_by: [{ date_trunc: { unit: 'day' } }] },
      'continuous',
      S('group_by', 0, 'arg'),
      'missing',
    ],
    [
      'period unit unknown',
      {
        select: [{ group_key: '*' }],
        group_by: [{ date_trunc: { unit: 'quarter' }, arg: { index: 'sleep' } }],
      },
      'continuous',
      S('group_by', 0, 'date_trunc', 'unit'),
      'enum',
    ],
    [
      'period value 0',
      {
        select: [{ group_key: '*' }],
        group_by: [{ date_trunc: { unit: 'day', value: 0 }, arg: { index: 'sleep' } }],
      },
      'continuous',
      S('group_by', 0, 'date_trunc', 'value'),
      'greater_than_equal',
    ],
    [
      'period value fractional',
      {
        select: [{ group_key: '*' }],
        group_by: [{ date_trunc: { unit: 'day', value: 1.5 }, arg: { index: 'sleep' } }],
      },
      'continuous',
      S('group_by', 0, 'date_trunc', 'value'),
      'int_type',
    ],
    [
      'date_part unknown',
      {
        select: [{ group_key: '*' }],
        group_by: [monthOf('sleep'), { date_part: 'quarter', arg: { index: 'sleep' } }],
      },
      'continuous',
      S('group_by', 1, 'date_part'),
      'enum',
    ],
    [
      'placeholder not true',
      {
        select: [{ group_key: '*' }],
        group_by: [{ date_trunc: { unit: 'day' }, arg: { placeholder: 1 } }, { sleep: 'type' }],
      },
      'continuous',
      S('group_by', 0, 'arg', 'placeholder'),
      'value_error',
    ],
    [
      'group key out of range',
      cq('sleep', [{ group_key: 1 }]),
      'continuous',
      S('select', 1, 'group_key'),
      'group_key_out_of_range',
    ],
    [
      'group key negative',
      cq('sleep', [{ group_key: -1 }]),
      'continuous',
      S('select', 1, 'group_key'),
      'value_error',
    ],
    [
      'group key bad string',
      cq('sleep', [{ group_key: 'all' }]),
      'continuous',
      S('select', 1, 'group_key'),
      'value_error',
    ],
    [
      'continuous without date_trunc',
      { select: [{ group_key: '*' }], group_by: [{ sleep: 'type' }] },
      'continuous',
      S('group_by'),
      'date_trunc_count',
    ],
    [
      'continuous without group_by',
      { select: [{ group_key: '*' }, meanScore] },
      'continuous',
      S('group_by'),
      'date_trunc_count',
    ],
    [
      'continuous with two date_truncs',
      {
        select: [{ group_key: '*' }],
        group_by: [monthOf('sleep'), { date_trunc: { unit: 'day' }, arg: { index: 'sleep' } }],
      },
      'continuous',
      S('group_by', 1),
      'date_trunc_count',
    ],
    [
      'synchronous with two date_truncs',
      {
        select: [{ group_key: '*' }],
        group_by: [monthOf('sleep'), { date_trunc: { unit: 'day' }, arg: { index: 'sleep' } }],
      },
      'synchronous',
      S('group_by', 1),
      'date_trunc_count',
    ],
    [
      'continuous without group_key *',
      { select: [{ group_key: 0 }, meanScore], group_by: [monthOf('sleep')] },
      'continuous',
      S('select'),
      'group_key_star_required',
    ],
    [
      'mixed indexes',
      cq('sleep', [meanScore, { func: 'sum', arg: { activity: 'steps' } }]),
      'continuous',
      S('select', 2, 'arg'),
      'mixed_index',
    ],
    [
      'two timeseries',
      cq('timeseries', [
        { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } },
        { func: 'sum', arg: { timeseries: 'steps', field: 'value' } },
      ]),
      'continuous',
      S('select', 2, 'arg'),
      'mixed_index',
    ],
    [
      'macro on a non-sleep index',
      cq('activity', [{ func: 'mean', arg: { value_macro: 'sleep_score' } }]),
      'continuous',
      S('select', 1, 'arg'),
      'mixed_index',
    ],
    [
      'timeseries index naming no timeseries',
      { select: [{ group_key: '*' }], group_by: [monthOf('timeseries')] },
      'continuous',
      S('group_by', 0, 'arg'),
      'missing_index',
    ],
    [
      'no index at all',
      { select: [{ group_key: '*' }], group_by: [{ source: 'source_type' }] },
      'synchronous',
      S('select'),
      'missing_index',
    ],
    [
      'plain column in an aggregating query',
      cq('sleep', [{ sleep: 'score' }]),
      'continuous',
      S('select', 1),
      'not_grouped',
    ],
    [
      'aggregate mixed with plain column without group_by',
      { select: [meanScore, { sleep: 'type' }] },
      'synchronous',
      S('select', 1),
      'not_grouped',
    ],
    [
      'raw menstrual list in select',
      { select: [{ menstrual_cycle: 'menstrual_flow' }] },
      'synchronous',
      S('select', 0),
      'list_column',
    ],
    [
      'list as group_by item',
      {
        select: [{ group_key: '*' }],
        group_by: [monthOf('timeseries'), { timeseries: 'note', field: 'tags' }],
      },
      'continuous',
      S('group_by', 1),
      'list_column',
    ],
    [
      'duplicate output name',
      cq('sleep', [meanScore, { func: 'mean', arg: { sleep: 'score' } }]),
      'continuous',
      S('select', 2),
      'duplicate_column',
      /mean\.score/,
    ],
    [
      'duplicate group key',
      cq('sleep', [{ group_key: 0 }]),
      'continuous',
      S('select', 1),
      'duplicate_column',
      /group_key\.0/,
    ],
    // ALIGN
    [
      'align without date_trunc',
      {
        select: [{ group_key: '*' }, meanScore],
        group_by: [{ sleep: 'type' }],
        align: { carry: { mode: 'carry_forward' } },
      },
      'synchronous',
      S('align'),
      'align_requires_date_trunc',
    ],
    [
      'align max_age shorter than the period',
      cq('sleep', [meanScore], {
        align: { carry: { mode: 'carry_forward', max_age: { unit: 'day', value: 30 } } },
      }),
      'continuous',
      S('align', 'carry', 'max_age'),
      'align_period_too_short',
    ],
    [
      'align span shorter than the period',
      cq('sleep', [meanScore], {
        align: { carry: { mode: 'carry_nearest', span: { unit: 'week', value: 4 } } },
      }),
      'continuous',
      S('align', 'carry', 'span'),
      'align_period_too_short',
    ],
    [
      'align with date_part',
      {
        select: [{ group_key: '*' }, meanScore],
        group_by: [monthOf('sleep'), { date_part: 'weekday', arg: { index: 'sleep' } }],
        align: { carry: { mode: 'carry_backward' } },
      },
      'continuous',
      S('group_by', 1),
      'align_date_part',
    ],
    [
      'align with an unselected group_by item',
      {
        select: [{ group_key: 0 }, meanScore],
        group_by: [monthOf('sleep'), { sleep: 'type' }],
        align: { carry: { mode: 'carry_forward' } },
      },
      'synchronous',
      S('group_by', 1),
      'align_group_key_not_selected',
    ],
    [
      'align mode unknown',
      cq('sleep', [meanScore], { align: { carry: { mode: 'interpolate' } } }),
      'continuous',
      S('align', 'carry', 'mode'),
      'enum',
    ],
    [
      'align carry missing',
      cq('sleep', [meanScore], { align: {} }),
      'continuous',
      S('align', 'carry'),
      'missing',
    ],
    [
      'align span on carry_forward',
      cq('sleep', [meanScore], { align: { carry: { mode: 'carry_forward', span: { unit: 'year' } } } }),
      'continuous',
      S('align', 'carry', 'span'),
      'extra_forbidden',
    ],
    // subqueries
    [
      'subquery from placeholder',
      cq('menstrual_cycle', [
        { func: 'sum', arg: { select: { func: 'count' }, from: { placeholder: true } } },
      ]),
      'continuous',
      S('select', 1, 'arg', 'from'),
      'placeholder_not_allowed',
    ],
    [
      'subquery from missing',
      cq('menstrual_cycle', [{ func: 'sum', arg: { select: { func: 'count' } } }]),
      'continuous',
      S('select', 1, 'arg', 'from'),
      'missing',
    ],
    [
      'unnest of a non-list',
      cq('sleep', [
        { func: 'sum', arg: { select: { func: 'count' }, from: { unnest: { sleep: 'score' } } } },
      ]),
      'continuous',
      S('select', 1, 'arg', 'from', 'unnest'),
      'not_a_list',
    ],
    [
      'unnest of a macro (none is a list)',
      cq('sleep', [
        { func: 'sum', arg: { select: { func: 'count' }, from: { unnest: { value_macro: 'awakenings' } } } },
      ]),
      'continuous',
      S('select', 1, 'arg', 'from', 'unnest'),
      'not_a_list',
    ],
    [
      'subquery aggregate without arg',
      cq('menstrual_cycle', [
        {
          func: 'max',
          arg: { select: { func: 'max' }, from: { unnest: { menstrual_cycle: 'menstrual_flow' } } },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg'),
      'missing',
    ],
    [
      'field of another list',
      cq('menstrual_cycle', [
        {
          func: 'max',
          arg: {
            select: { func: 'max', arg: { cervical_mucus: 'quality' } },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg'),
      'list_field_mismatch',
    ],
    [
      'unknown list field',
      cq('menstrual_cycle', [
        {
          func: 'max',
          arg: {
            select: { func: 'max', arg: { menstrual_flow: 'volume' } },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg', 'menstrual_flow'),
      'enum',
    ],
    [
      'field_for other than menstrual_cycle',
      cq('menstrual_cycle', [
        {
          func: 'max',
          arg: {
            select: { func: 'max', arg: { field_for: 'sleep', menstrual_flow: 'date' } },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg', 'field_for'),
      'enum',
    ],
    [
      'element over a record list',
      cq('menstrual_cycle', [
        {
          func: 'sum',
          arg: {
            select: { func: 'count', arg: { element: true } },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg'),
      'element_not_allowed',
    ],
    [
      'mean of list strings',
      cq('timeseries', [
        {
          func: 'sum',
          arg: {
            select: { func: 'mean', arg: { element: true } },
            from: { unnest: { timeseries: 'note', field: 'tags' } },
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'select', 'arg'),
      'aggregate_type',
    ],
    [
      'subquery not aggregated in a grouped query',
      cq('menstrual_cycle', [
        { select: { func: 'count' }, from: { unnest: { menstrual_cycle: 'menstrual_flow' } } },
      ]),
      'continuous',
      S('select', 1),
      'not_grouped',
    ],
    [
      'subquery WHERE unknown field',
      cq('menstrual_cycle', [
        {
          func: 'sum',
          arg: {
            select: { func: 'count' },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
            where: "quality = 'dry'",
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'where'),
      'unknown_column',
      /'quality'/,
    ],
    [
      'element in a record-list WHERE',
      cq('menstrual_cycle', [
        {
          func: 'sum',
          arg: {
            select: { func: 'count' },
            from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
            where: "element = 'x'",
          },
        },
      ]),
      'continuous',
      S('select', 1, 'arg', 'where'),
      'element_not_allowed',
    ],
    // WHERE
    [
      'WHERE unknown column',
      cq('sleep', [meanScore], { where: 'score > 3 AND steps > 1000' }),
      'continuous',
      S('where'),
      'unknown_column',
      /'steps'/,
    ],
    [
      'WHERE macro on a non-sleep index',
      cq('activity', [{ func: 'sum', arg: { activity: 'steps' } }], { where: 'sleep_score > 3' }),
      'continuous',
      S('where'),
      'unknown_column',
      /'sleep_score'/,
    ],
    [
      'WHERE element outside a subquery',
      cq('sleep', [meanScore], { where: 'element = 1' }),
      'continuous',
      S('where'),
      'element_not_allowed',
    ],
    ['WHERE not a string', cq('sleep', [meanScore], { where: 5 }), 'continuous', S('where'), 'string_type'],
    [
      'WHERE syntax',
      cq('sleep', [meanScore], { where: 'score >' }),
      'continuous',
      S('where'),
      'predicate_syntax',
    ],
    [
      'WHERE type mismatch',
      cq('sleep', [meanScore], { where: "score = 'high'" }),
      'continuous',
      S('where'),
      'predicate_type',
      /score/,
    ],
    [
      'WHERE list column',
      cq('menstrual_cycle', [{ func: 'count', arg: { menstrual_cycle: 'period_start' } }], {
        where: "menstrual_flow = 'x'",
      }),
      'continuous',
      S('where'),
      'predicate_type',
      /menstrual_flow/,
    ],
    [
      'WHERE bad date literal',
      cq('activity', [{ func: 'sum', arg: { activity: 'steps' } }], { where: "date >= '2024-02-30'" }),
      'continuous',
      S('where'),
      'predicate_type',
    ],
  ];

  // A rest parameter: rows without a message must not turn the test into a `done` callback test.
  it.each(cases)('%s', (...row) => {
    const [, json, mode, loc, type, msg] = row;
    const issues = issuesOf(json, mode);
    const hit = issues.find((i) => i.type === type && JSON.stringify(i.loc) === JSON.stringify(loc));
    if (!hit) throw new Error(`no ${type} at ${JSON.stringify(loc)}; got ${JSON.stringify(issues, null, 1)}`);
    if (msg) expect(hit.msg).toMatch(msg);
    for (const i of issues) {
      expect(Object.keys(i).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
      expect(i.loc.every((k) => typeof k === 'string')).toBe(true);
    }
  });

  it('collects every issue of a query at once', () => {
    const issues = issuesOf(
      cq('sleep', [
        { func: 'avg', arg: { sleep: 'score' } },
        { func: 'mean', arg: { sleep: 'nope' } },
        { group_key: 9 },
      ]),
    );
    expect(issues.map((i) => [i.loc.slice(2).join('.'), i.type])).toEqual([
      ['select.1.func', 'enum'],
      ['select.2.arg.sleep', 'enum'],
      ['select.3.group_key', 'group_key_out_of_range'],
    ]);
  });

  it('does not pile rules about absent items on an item that failed to parse', () => {
    const issues = issuesOf({ select: [{ group_key: '**' }], group_by: [monthOf('sleep')] });
    expect(issues.map((i) => i.type)).toEqual(['value_error']);
    const noIndex = issuesOf({
      select: [{ group_key: '*' }],
      group_by: [{ date_trunc: { unit: 'aeon' }, arg: { index: 'sleep' } }],
    });
    expect(noIndex.map((i) => i.type)).toEqual(['enum']);
  });

  it('names every unknown WHERE column', () => {
    const issues = issuesOf(cq('sleep', [meanScore], { where: 'a > 1 OR (b < 2 AND NOT c = 3)' }));
    expect(issues.map((i) => i.ctx['column'])).toEqual(['a', 'b', 'c']);
    expect(issues.every((i) => JSON.stringify(i.loc) === JSON.stringify([...BASE, 'where']))).toBe(true);
  });

  it('ALIGN limits compare calendar and fixed periods safely', () => {
    const q = (limit: unknown, unit = 'month') => ({
      group_by: [{ date_trunc: { unit }, arg: { index: 'sleep' } }],
      select: [{ group_key: '*' }, meanScore],
      align: { carry: { mode: 'carry_forward', max_age: limit } },
    });
    expect(parseQuery(q({ unit: 'day', value: 31 }), { basePath: BASE }).ok).toBe(true);
    expect(parseQuery(q({ unit: 'day', value: 30 }), { basePath: BASE }).ok).toBe(false);
    expect(parseQuery(q({ unit: 'month', value: 1 }), { basePath: BASE }).ok).toBe(true);
    expect(parseQuery(q({ unit: 'year' }), { basePath: BASE }).ok).toBe(true);
    expect(parseQuery(q({ unit: 'month', value: 1 }, 'week'), { basePath: BASE }).ok).toBe(true);
    expect(parseQuery(q({ unit: 'month', value: 11 }, 'year'), { basePath: BASE }).ok).toBe(false);
  });

  it('ALIGN accepts a group_by item selected by number or by the same expression', () => {
    const base = {
      group_by: [monthOf('sleep'), { sleep: 'type' }],
      align: { carry: { mode: 'carry_forward' } },
    };
    expect(
      parseQuery(
        { ...base, select: [{ group_key: 0 }, { group_key: 1 }, meanScore] },
        { basePath: BASE, mode: 'synchronous' },
      ).ok,
    ).toBe(true);
    expect(
      parseQuery(
        { ...base, select: [{ group_key: 0 }, { sleep: 'type' }, meanScore] },
        { basePath: BASE, mode: 'synchronous' },
      ).ok,
    ).toBe(true);
  });

  it('a grouped query may select the grouped column itself', () => {
    const { derived } = ok({
      group_by: [monthOf('sleep'), { sleep: 'type' }],
      select: [{ group_key: '*' }, { sleep: 'type' }, meanScore],
    });
    expect(Object.keys(derived.resultTableSchema)).toEqual([
      'group_key.0',
      'group_key.1',
      'type',
      'mean.score',
    ]);
  });
});
