import { loadOpenApiDocument } from '@meridian/platform';
import { API_DOCUMENTS } from './openapi-documents';
import {
  countSchemas,
  EDGE_RESPONSES,
  operationsMissingEdgeResponses,
  PG_INTEGER_MAX,
  unboundedValues,
} from './openapi-bounds';

type Node = Record<string, unknown>;

/** The node a local JSON pointer names. */
function at(doc: Node, pointer: string): Node {
  let node: unknown = doc;
  for (const part of pointer.replace(/^#\//, '').split('/')) {
    node = (node as Node | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`nothing at ${pointer}`);
  return node as Node;
}

/** PostgreSQL refuses a btree index entry over 2,704 bytes; UTF-8 takes at most 4 bytes a character. */
const BTREE_ENTRY_MAX_BYTES = 2704;

const documents = API_DOCUMENTS.map((api) => ({ ...api, doc: loadOpenApiDocument(api.document) }));
const byService = (service: string) => documents.find((d) => d.service === service)!.doc;

describe('bounds in the OpenAPI documents', () => {
  it.each(documents.map((d) => [d.service, d.doc] as const))(
    '%s: every integer and string is bounded, and requests fit the storage',
    (_service, doc) => {
      const counts = countSchemas(doc);
      // The walk saw the document (not an empty tree): both documents hold many of each.
      expect(counts.integer).toBeGreaterThan(10);
      expect(counts.string).toBeGreaterThan(100);
      expect(unboundedValues(doc)).toEqual([]);
    },
  );

  it.each(documents.map((d) => [d.service, d.doc] as const))(
    '%s: every operation documents 400, 413, 414, 431 and 500 with the JSON error bodies',
    (_service, doc) => {
      expect(operationsMissingEdgeResponses(doc)).toEqual([]);
      for (const [status, name] of Object.entries(EDGE_RESPONSES)) {
        const response = at(doc, `#/components/responses/${name}`);
        const schema = at(response, 'content/application~1json/schema');
        expect([status, schema.$ref]).toEqual([
          status,
          status === '500'
            ? '#/components/schemas/InternalErrorEnvelope'
            : '#/components/schemas/ErrorEnvelope',
        ]);
      }
      const internal = at(doc, '#/components/schemas/InternalErrorEnvelope/properties/detail');
      expect(internal.required).toEqual(['error_type', 'error_message', 'request_id']);
      expect(internal.additionalProperties).toBe(false);
    },
  );

  it('integers written to integer columns stay within a PostgreSQL integer', () => {
    const mgmt = byService('management-api');
    for (const schema of ['CreateWebhook', 'PatchWebhook']) {
      const rateLimit = at(mgmt, `#/components/schemas/${schema}/properties/rate_limit`);
      expect(rateLimit.maximum).toBeLessThanOrEqual(PG_INTEGER_MAX);
      expect(rateLimit.minimum).toBe(1);
    }
  });

  it('strings kept in a btree index fit an index entry', () => {
    const indexed = [
      // users_client_user_id_uq, users_deleted_client_user_id_idx
      ['data-api', '#/components/schemas/UserCreate/properties/client_user_id'],
      ['data-api', '#/components/schemas/UserPatch/properties/client_user_id'],
      ['data-api', '#/components/schemas/UndoDeleteRequest/properties/client_user_id'],
      ['data-api', '#/paths/~1v2~1user~1resolve~1{client_user_id}/get/parameters/0/schema'],
      ['data-api', '#/paths/~1v2~1user~1undo_delete/post/parameters/1/schema'],
      // teams_integration_team_id_uq
      ['management-api', '#/components/schemas/CreateTeam/properties/integration_team_id'],
      ['management-api', '#/components/schemas/UpdateTeam/properties/integration_team_id'],
      ['management-api', '#/components/schemas/ResolveTeam/properties/integration_team_id'],
      // org_invites_email_uq
      ['management-api', '#/components/schemas/CreateInvite/properties/email'],
    ] as const;
    const entryBytes = indexed.map(([service, pointer]) => {
      const schema = at(byService(service), pointer);
      return { pointer, type: schema.type, bytes: (schema.maxLength as number) * 4 };
    });
    for (const entry of entryBytes) {
      expect(entry).toEqual({ pointer: entry.pointer, type: 'string', bytes: expect.any(Number) });
      // Well under the limit: the index entry also holds the other key columns.
      expect({ pointer: entry.pointer, fits: entry.bytes <= BTREE_ENTRY_MAX_BYTES / 2 }).toEqual({
        pointer: entry.pointer,
        fits: true,
      });
    }
  });
});

describe('the bounds walk', () => {
  const doc = {
    paths: {
      '/things': {
        parameters: [{ name: 'ratio', in: 'query', schema: { type: 'number' } }],
        get: {
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
            { name: 'big', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 3_000_000_000 } },
            {
              name: 'ids',
              in: 'query',
              schema: { type: 'array', items: { type: 'string', format: 'uuid' } },
            },
          ],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/In' } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        In: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            id: { type: 'string', format: 'uuid' },
            kind: { type: 'string', enum: ['a', 'b'] },
            email: { type: 'string', format: 'email' },
            // A property called `default` is a schema, not a default value.
            default: { type: 'integer', maximum: 5 },
            tags: { type: 'array', maxItems: 10, items: { type: 'string', enum: ['x'] } },
            names: { type: 'array', items: { type: 'string', enum: ['x'] } },
            labels: { type: 'object', additionalProperties: { type: 'boolean' } },
            flags: { type: 'object', maxProperties: 5, additionalProperties: { type: 'boolean' } },
          },
        },
        Out: {
          type: 'object',
          properties: {
            score: { type: 'number' },
            label: { type: 'string', maxLength: 9 },
            // Responses may hold any number of items: only what a request carries is bounded in size.
            items: { type: 'array', items: { type: 'boolean' } },
          },
        },
      },
    },
  };

  it('reports each unbounded value where it is, and accepts enums, uuids and response numbers', () => {
    expect(unboundedValues(doc)).toEqual(
      expect.arrayContaining([
        {
          at: '#/paths/~1things/get/parameters/0/schema',
          problem: 'integer without both minimum and maximum',
        },
        { at: '#/components/schemas/In/properties/name', problem: expect.stringContaining('maxLength') },
        { at: '#/components/schemas/In/properties/email', problem: expect.stringContaining('maxLength') },
        { at: '#/components/schemas/In/properties/default', problem: expect.stringContaining('integer') },
        {
          at: '#/paths/~1things/parameters/0/schema',
          problem: 'request number without both minimum and maximum',
        },
        {
          at: '#/paths/~1things/get/parameters/1/schema',
          problem: 'request integer bounds exceed a PostgreSQL integer',
        },
        { at: '#/paths/~1things/get/parameters/2/schema', problem: 'request array without maxItems' },
        { at: '#/components/schemas/In/properties/names', problem: 'request array without maxItems' },
        { at: '#/components/schemas/In/properties/labels', problem: 'request map without maxProperties' },
      ]),
    );
    expect(unboundedValues(doc)).toHaveLength(9);
  });

  it('reports operations that leave out an edge status', () => {
    expect(operationsMissingEdgeResponses(doc)).toEqual(
      ['400', '413', '414', '431', '500'].map((status) => `#/paths/~1things/get ${status}`),
    );
  });
});
