import { loadOpenApiDocument } from '@meridian/platform';
import { AUTH_TYPES, RESOURCES, SOURCE_KINDS } from '@meridian/domain';
import { DATA_API_OPENAPI_PATH } from '../../app';

/** The enums written out in openapi.yaml must not drift from the domain catalog. */
describe('openapi.yaml enums match the domain', () => {
  const doc = loadOpenApiDocument(DATA_API_OPENAPI_PATH) as {
    components: {
      schemas: Record<string, { enum?: unknown[]; properties?: Record<string, { enum?: unknown[] }> }>;
    };
  };
  const schemas = doc.components.schemas;

  it('Resource', () => {
    expect(schemas.Resource!.enum).toEqual([...RESOURCES]);
  });

  it('SourceKind', () => {
    expect(schemas.SourceKind!.enum).toEqual([...SOURCE_KINDS]);
  });

  it('AuthType, also inlined (nullable) in ProviderDetailed', () => {
    expect(schemas.AuthType!.enum).toEqual([...AUTH_TYPES]);
    expect(schemas.ProviderDetailed!.properties!.auth_type!.enum).toEqual([...AUTH_TYPES, null]);
  });
});
