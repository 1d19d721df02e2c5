import { RESOURCES } from '@meridian/domain';
import { loadOpenApiDocument } from '@meridian/platform';
import { API_DOCUMENTS } from './openapi-documents';

type Node = Record<string, unknown>;

const management = loadOpenApiDocument(API_DOCUMENTS.find((d) => d.service === 'management-api')!.document);

describe('enums of the OpenAPI documents that mirror the domain', () => {
  it("continuous queries' resource_dependencies are the spec's resources, all of them", () => {
    const schemas = (management.components as Node).schemas as Record<string, Node>;
    expect(schemas.ContinuousQueryResource?.enum).toEqual([...RESOURCES]);
    for (const name of ['ContinuousQuery', 'ContinuousQueryValidation']) {
      const items = ((schemas[name]?.properties as Node).resource_dependencies as Node).items as Node;
      expect(items.$ref).toBe('#/components/schemas/ContinuousQueryResource');
    }
  });
});
