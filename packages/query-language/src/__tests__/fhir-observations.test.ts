import {
  buildFhirObservations,
  fhirObservationIssues,
  fhirObservationPlan,
  parseQuery,
  type FhirObservation,
} from '../index';

function planOf(query: unknown) {
  const parsed = parseQuery(query, { basePath: ['query'], mode: 'continuous' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return fhirObservationPlan(parsed.query, parsed.derived);
}

const USER = '6f1c1a52-3c1e-4f57-9d0b-6a8a3a1f2b10';
const QUERY = '0b8f7a0e-8a4c-4a55-8f4e-93d5c6f1a001';
const ctx = (issuedAt: string, timeZone: string | null = null) => ({
  queryId: QUERY,
  userId: USER,
  issuedAt: new Date(issuedAt),
  timeZone,
});

const VITALS_BY_WEEK = {
  group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'sleep' } }],
  select: [
    { group_key: '*' },
    { func: 'mean', arg: { sleep: 'respiratory_rate' } },
    { func: 'min', arg: { sleep: 'heart_rate_minimum' } },
    { func: 'stddev', arg: { sleep: 'heart_rate_mean' } },
  ],
};

describe('FHIR observations from result tables', () => {
  it('maps value-preserving columns to mappers (mapper order), the date_trunc key to the period', () => {
    expect(planOf(VITALS_BY_WEEK)).toEqual({
      columns: [
        { mapper: 'vital-signs#8867-4#meridian-heart-rate-1', column: 'min.heart_rate_minimum' },
        { mapper: 'vital-signs#9279-1#meridian-respiration-rate-1', column: 'mean.respiratory_rate' },
      ],
      period: { column: 'group_key.0', unit: 'week', value: 1 },
      partitionColumns: [],
    });
  });

  it('builds one valid Observation per row and value column, skipping missing values', () => {
    const table = {
      'group_key.0': ['2025-02-17T00:00:00', '2025-02-24T00:00:00', '2025-03-03T00:00:00'],
      'mean.respiratory_rate': [14.25, null, 15],
      'min.heart_rate_minimum': [48, 51, null],
      'stddev.heart_rate_mean': [3.2, 2.1, 4],
    };
    const out = buildFhirObservations(planOf(VITALS_BY_WEEK), table, ctx('2025-03-05T08:00:00Z'));
    expect(out).toHaveLength(4);
    for (const o of out) expect(fhirObservationIssues(o)).toEqual([]);
    const heart = out.filter((o) => o.code.coding[0]!.code === '8867-4');
    expect(heart.map((o) => [o.effectivePeriod, o.valueQuantity.value, o.status])).toEqual([
      [{ start: '2025-02-17', end: '2025-02-23' }, 48, 'final'],
      [{ start: '2025-02-24', end: '2025-03-02' }, 51, 'final'],
    ]);
    const resp = out.filter((o) => o.code.coding[0]!.code === '9279-1');
    // The week of 3 March is not over on 5 March.
    expect(resp.map((o) => [o.effectivePeriod.start, o.valueQuantity.value, o.status])).toEqual([
      ['2025-02-17', 14.25, 'final'],
      ['2025-03-03', 15, 'preliminary'],
    ]);
    expect(resp[0]).toMatchObject({
      resourceType: 'Observation',
      meta: {
        profile: [
          'http://hl7.org/fhir/StructureDefinition/vitalsigns',
          'http://hl7.org/fhir/StructureDefinition/resprate',
        ],
      },
      category: [
        {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' },
          ],
        },
      ],
      code: { coding: [{ system: 'http://loinc.org', code: '9279-1', display: 'Respiratory rate' }] },
      subject: { reference: `Patient/${USER}` },
      issued: '2025-03-05T08:00:00.000Z',
      valueQuantity: { unit: 'breaths/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    expect(resp[0]!.extension).toBeUndefined();
  });

  it('gives each (query, user, mapper, column, bucket) a stable id of its own', () => {
    const table = {
      'group_key.0': ['2025-02-17T00:00:00'],
      'mean.respiratory_rate': [14],
      'min.heart_rate_minimum': [50],
    };
    const a = buildFhirObservations(planOf(VITALS_BY_WEEK), table, ctx('2025-03-05T08:00:00Z'));
    const b = buildFhirObservations(
      planOf(VITALS_BY_WEEK),
      { ...table, 'mean.respiratory_rate': [16] },
      ctx('2025-04-01T00:00:00Z'),
    );
    expect(a.map((o) => o.id)).toEqual(b.map((o) => o.id));
    expect(new Set(a.map((o) => o.id)).size).toBe(2);
    const otherUser = buildFhirObservations(planOf(VITALS_BY_WEEK), table, {
      ...ctx('2025-03-05T08:00:00Z'),
      userId: 'another',
    });
    expect(otherUser[0]!.id).not.toBe(a[0]!.id);
  });

  it('writes months and multi-day buckets as inclusive date periods', () => {
    const monthly = planOf({
      group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'body' } }],
      select: [{ group_key: '*' }, { func: 'newest', arg: { body: 'weight_kilogram' } }],
    });
    const out = buildFhirObservations(
      monthly,
      {
        'group_key.0': ['2024-02-01T00:00:00', '2024-12-01T00:00:00'],
        'newest.weight_kilogram': [71.2, 70.4],
      },
      ctx('2025-01-10T00:00:00Z'),
    );
    expect(out.map((o) => o.effectivePeriod)).toEqual([
      { start: '2024-02-01', end: '2024-02-29' }, // leap year
      { start: '2024-12-01', end: '2024-12-31' },
    ]);
    expect(out[0]!.valueQuantity).toEqual({
      value: 71.2,
      unit: 'kg',
      system: 'http://unitsofmeasure.org',
      code: 'kg',
    });
    const threeDays = planOf({
      group_by: [{ date_trunc: { unit: 'day', value: 3 }, arg: { index: 'timeseries' } }],
      select: [{ group_key: '*' }, { func: 'max', arg: { timeseries: 'weight', field: 'value' } }],
    });
    const [o] = buildFhirObservations(
      threeDays,
      { 'group_key.0': ['2025-01-30T00:00:00'], 'max.weight.value': [80] },
      ctx('2025-03-01T00:00:00Z'),
    );
    expect(o!.effectivePeriod).toEqual({ start: '2025-01-30', end: '2025-02-01' });
    expect(fhirObservationIssues(o)).toEqual([]);
  });

  it('writes hourly buckets as date-times with the user’s offset (DST included), UTC without a zone', () => {
    const hourly = planOf({
      group_by: [
        { date_trunc: { unit: 'hour' }, arg: { index: 'timeseries' } },
        { source: 'source_provider' },
      ],
      select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
    });
    const table = {
      'group_key.0': ['2025-03-30T01:00:00', '2025-07-01T10:00:00'],
      'group_key.1': ['garmin', 'oura'],
      'mean.heartrate.value': [58.5, 72],
    };
    const berlin = buildFhirObservations(hourly, table, ctx('2025-08-01T00:00:00Z', 'Europe/Berlin'));
    // Before the spring-forward at 02:00 Berlin is +01:00; in July +02:00.
    expect(berlin.map((o) => o.effectivePeriod)).toEqual([
      { start: '2025-03-30T01:00:00+01:00', end: '2025-03-30T02:00:00+01:00' },
      { start: '2025-07-01T10:00:00+02:00', end: '2025-07-01T11:00:00+02:00' },
    ]);
    for (const o of berlin) expect(fhirObservationIssues(o)).toEqual([]);
    expect(berlin[1]!.extension).toEqual([
      {
        url: 'urn:meridian:fhir:group-key',
        extension: [
          { url: 'column', valueString: 'group_key.1' },
          { url: 'value', valueString: 'oura' },
        ],
      },
    ]);
    // Partitions are part of the identity.
    expect(berlin[0]!.id).not.toBe(berlin[1]!.id);
    const utc = buildFhirObservations(hourly, table, ctx('2025-08-01T00:00:00Z', 'Not/AZone'));
    expect(utc[0]!.effectivePeriod.start).toBe('2025-03-30T01:00:00+00:00');
    const ny = buildFhirObservations(hourly, table, ctx('2025-08-01T00:00:00Z', 'America/New_York'));
    expect(ny[1]!.effectivePeriod.start).toBe('2025-07-01T10:00:00-04:00');
  });

  it('produces nothing for a query without mappers, and the check finds broken resources', () => {
    const steps = planOf({
      group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
      select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'steps', field: 'value' } }],
    });
    expect(steps.columns).toEqual([]);
    expect(
      buildFhirObservations(
        steps,
        { 'group_key.0': ['2025-01-01T00:00:00'], 'sum.steps.value': [100] },
        ctx('2025-02-01T00:00:00Z'),
      ),
    ).toEqual([]);
    const [good] = buildFhirObservations(
      planOf(VITALS_BY_WEEK),
      { 'group_key.0': ['2025-02-17T00:00:00'], 'mean.respiratory_rate': [14] },
      ctx('2025-03-05T08:00:00Z'),
    );
    const broken: Partial<FhirObservation> & Record<string, unknown> = {
      ...good!,
      effectivePeriod: { start: '2025-02-17T00:00:00', end: '2025-02-23' },
      valueQuantity: { ...good!.valueQuantity, system: 'http://example.org', code: 'kg' },
      subject: { reference: 'User/1' },
    };
    expect(fhirObservationIssues(broken)).toEqual([
      'valueQuantity.system must be UCUM',
      'valueQuantity.code must be the mapper’s UCUM unit',
      'effectivePeriod.start must be a dateTime',
      'subject must reference a Patient',
    ]);
  });
});
