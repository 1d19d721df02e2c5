import { loadOpenApiDocument } from '@meridian/platform';
import { SOURCE_TYPES, SUMMARY_KINDS, type SummaryKind } from '@meridian/domain';
import { DATA_API_OPENAPI_PATH } from '../../app';
import { SUMMARY_FIELDS } from './summary-fields';

/** The renderer's field lists and the response schemas in openapi/summaries.yaml must not drift apart. */
describe('summaries.yaml matches the summary renderer', () => {
  const doc = loadOpenApiDocument(DATA_API_OPENAPI_PATH) as {
    components: {
      schemas: Record<
        string,
        {
          enum?: unknown[];
          required?: string[];
          properties?: Record<string, unknown>;
          additionalProperties?: unknown;
        }
      >;
    };
  };
  const schemas = doc.components.schemas;
  const schemaOf: Record<SummaryKind, string> = {
    activity: 'Activity',
    body: 'Body',
    meal: 'Meal',
    profile: 'Profile',
    sleep: 'Sleep',
    workouts: 'Workout',
    sleep_cycle: 'SleepCycle',
    menstrual_cycle: 'MenstrualCycle',
    electrocardiogram: 'Electrocardiogram',
  };

  it.each(SUMMARY_KINDS)(
    '%s: every rendered key is required, in order, and nothing else is allowed',
    (kind) => {
      const schema = schemas[schemaOf[kind]]!;
      const rendered = [
        'id',
        'user_id',
        ...SUMMARY_FIELDS[kind].map((f) => f.name),
        'source',
        'created_at',
        'updated_at',
      ];
      expect(schema.required).toEqual(rendered);
      expect(Object.keys(schema.properties!)).toEqual(rendered);
      expect(schema.additionalProperties).toBe(false);
    },
  );

  it('SummarySourceType is the domain SourceType list', () => {
    expect(schemas.SummarySourceType!.enum).toEqual([...SOURCE_TYPES]);
  });
});
