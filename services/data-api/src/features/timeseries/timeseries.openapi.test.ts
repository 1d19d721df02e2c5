import { loadOpenApiDocument } from '@meridian/platform';
import { EXTRA_VALUES, LEGACY_TIMESERIES_SLUGS, SOURCE_TYPES, TIMESERIES } from '@meridian/domain';
import { DATA_API_OPENAPI_PATH } from '../../app';

/** timeseries.yaml is written out by hand: it must cover the domain catalog exactly. */

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  minimum?: number;
  maximum?: number;
}
interface Operation {
  operationId: string;
  deprecated?: boolean;
  'x-meridian-decision'?: string;
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
}

const doc = loadOpenApiDocument(DATA_API_OPENAPI_PATH) as {
  paths: Record<string, { get?: Operation }>;
  components: { schemas: Record<string, Schema> };
};
const schemas = doc.components.schemas;
const pascal = (slug: string) =>
  slug
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
const deref = (s: Schema): Schema => (s.$ref ? schemas[s.$ref.split('/').pop()!]! : s);
const ok = (op: Operation) => op.responses['200']!.content!['application/json'].schema;
const timeseriesPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/v2/timeseries/'));

describe('timeseries.yaml matches the timeseries catalog', () => {
  it('one grouped path per slug (plus the catch-all), nothing else under /grouped', () => {
    const grouped = timeseriesPaths.filter((p) => p.endsWith('/grouped'));
    expect(grouped.sort()).toEqual(
      [
        ...TIMESERIES.map((t) => `/v2/timeseries/{user_id}/${t.slug}/grouped`),
        '/v2/timeseries/{user_id}/{resource}/grouped',
      ].sort(),
    );
    expect(schemas.TsSlug!.enum).toEqual(TIMESERIES.map((t) => t.slug));
  });

  it.each(TIMESERIES.map((t) => [t.slug, t] as const))('%s: response and sample schema', (slug, t) => {
    const op = doc.paths[`/v2/timeseries/{user_id}/${slug}/grouped`]!.get!;
    expect(op.operationId).toBe(`getGrouped${pascal(slug)}`);
    expect(op.deprecated ?? false).toBe(t.deprecated ?? false);
    expect(op['x-meridian-decision']).toContain('10,000');
    expect(ok(op).$ref).toBe(`#/components/schemas/Grouped${pascal(slug)}Response`);
    const response = deref(ok(op));
    expect(response.required).toEqual(['groups', 'next_cursor', 'next']);
    const group = (response.properties!.groups!.additionalProperties as Schema).items!;
    expect(group.properties!.source!.$ref).toBe('#/components/schemas/Source');
    expect(group.properties!.data!.items!.$ref).toBe(`#/components/schemas/Ts${pascal(slug)}Sample`);

    const sample = schemas[`Ts${pascal(slug)}Sample`]!;
    const shapeKeys =
      t.shape === 'point'
        ? ['value']
        : t.shape === 'interval'
          ? ['start', 'end', 'value']
          : ['systolic', 'diastolic'];
    const keys = ['id', 'timezone_offset', 'type', 'unit', 'timestamp', ...shapeKeys, ...(t.extras ?? [])];
    expect(sample.required).toEqual(keys);
    expect(Object.keys(sample.properties!)).toEqual(keys);
    expect(sample.additionalProperties).toBe(false);
    const props = sample.properties!;
    expect(props.unit!.enum).toEqual([t.unit]);
    if (props.value) expect(props.value.type).toBe(t.textValue ? 'string' : 'number');
    // A numeric value is bounded by the canonical range ingestion enforces (the catalog's `range`).
    if (props.value && !t.textValue) {
      expect([props.value.minimum, props.value.maximum]).toEqual(t.range ?? [undefined, undefined]);
    }
    const type = deref(props.type!);
    if (!t.types) expect(type.nullable).toBe(true);
    else if (t.types.required) {
      expect(type.nullable ?? false).toBe(false);
      if (t.types.values) expect(type.enum).toEqual(t.types.values);
    } else expect(type.enum).toEqual([...t.types.values!, null]);
    for (const extra of t.extras ?? []) {
      const schema = deref(props[extra]!);
      if (extra === 'tags') expect(schema.items!.enum).toEqual(EXTRA_VALUES.tags);
      else expect(schema.enum).toEqual([...EXTRA_VALUES[extra], null]);
    }
  });

  it('Source lists the source types', () => {
    expect(schemas.Source!.properties!.type!.enum).toEqual([...SOURCE_TYPES]);
  });

  it('legacy paths: the legacy slugs and cholesterol/{type}, bare arrays of the slug samples', () => {
    const legacy = timeseriesPaths.filter(
      (p) => p.startsWith('/v2/timeseries/{user_id}/') && !p.endsWith('/grouped'),
    );
    const expected = [
      ...LEGACY_TIMESERIES_SLUGS,
      ...['triglycerides', 'total', 'ldl', 'hdl'].map((t) => `cholesterol/${t}`),
    ];
    expect(legacy.sort()).toEqual(expected.map((s) => `/v2/timeseries/{user_id}/${s}`).sort());
    for (const slug of expected) {
      const op = doc.paths[`/v2/timeseries/{user_id}/${slug}`]!.get!;
      expect(op['x-meridian-decision']).toContain('100,000');
      const schema = ok(op);
      expect(schema.type).toBe('array');
      expect(schema.items!.$ref).toBe(`#/components/schemas/Ts${pascal(slug.split('/')[0]!)}Sample`);
    }
  });

  it('stream paths', () => {
    expect(ok(doc.paths['/v2/timeseries/sleep/{sleep_id}/stream']!.get!).$ref).toBe(
      '#/components/schemas/SleepStream',
    );
    expect(ok(doc.paths['/v2/timeseries/workouts/{workout_id}/stream']!.get!).$ref).toBe(
      '#/components/schemas/WorkoutStream',
    );
  });
});
