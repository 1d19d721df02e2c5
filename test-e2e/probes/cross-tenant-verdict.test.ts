/**
 * The cross-tenant probe's judge (support/cross-tenant.ts `verdict`), on answers the management API gave
 * before issue 10's last fixes: a bulk delete that sorted another team's id into `failure` (telling a Team
 * Management Key that the id exists) and list reads that answered an empty 200 for another org's team id.
 */
import { verdict, type Attempt, type Credential } from './support/cross-tenant';
import type { Operation } from './support/openapi-operations';
import type { RawResponse } from './support/raw-http';

const VICTIM_ID = '97682acc-9a27-46a5-8ced-4d2cde32a856';
const ORG = '8816aa5a-5448-4458-8c44-8085e1fb6f8f';

function attempt(
  op: Pick<Operation, 'method' | 'path' | 'operationId'>,
  query: string,
  credential: Credential,
): Attempt {
  const path = op.path.replace('{org_id}', ORG).replace('{env}', 'sandbox').replace('{region}', 'us');
  return {
    api: 'management',
    op: { ...op, api: 'management', parameters: [], security: ['managementKey'], responses: new Map() },
    attacker: 'probe',
    target: 'victim',
    request: { method: op.method.toUpperCase(), path: `${path}?${query}`, headers: {} },
    forbidden: [VICTIM_ID],
    credential,
  };
}

const answer = (status: number, body: unknown): RawResponse => ({
  status,
  headers: {},
  body: Buffer.from(JSON.stringify(body)),
  ms: 1,
});

const bulkDelete = attempt(
  {
    method: 'delete',
    path: '/v1/org/{org_id}/team_api_keys/{env}/{region}',
    operationId: 'revokeTeamApiKeys',
  },
  `api_key_id=${VICTIM_ID}`,
  'team_management_key',
);

describe('cross-tenant verdict', () => {
  it('refusals are refusals', () => {
    for (const status of [401, 403, 404]) expect(verdict(bulkDelete, answer(status, {}))).toBe('refused');
  });

  it('a bulk delete answers a victim id only as not_found, the answer for an id that does not exist', () => {
    const result = (lists: Partial<Record<'success' | 'failure' | 'not_found', string[]>>) =>
      verdict(bulkDelete, answer(200, { success: [], failure: [], not_found: [], ...lists }));
    expect(result({ not_found: [VICTIM_ID] })).toBe('filtered');
    // `failure` tells the caller that the id exists: a leak, even though nothing was deleted.
    expect(result({ failure: [VICTIM_ID] })).toBe('breach');
    expect(result({ success: [VICTIM_ID] })).toBe('breach');
    expect(result({})).toBe('breach');
    expect(verdict(bulkDelete, answer(200, { deleted: true }))).toBe('breach');
  });

  it('a list read filtered by an id the caller cannot reach must be refused, as the single read is', () => {
    const lists = [
      ['/v1/org/{org_id}/team', 'listTeams', 'org_management_key', { teams: [], next_cursor: null }],
      ['/v1/org/{org_id}/management_key', 'listManagementKeys', 'org_management_key', { data: [] }],
      [
        '/v1/org/{org_id}/team_api_keys/{env}/{region}',
        'listTeamApiKeys',
        'org_management_key',
        { api_keys: [], next_cursor: null },
      ],
    ] as const;
    for (const [path, operationId, credential, body] of lists) {
      const read = attempt({ method: 'get', path, operationId }, `team_id=${VICTIM_ID}`, credential);
      expect({ operationId, verdict: verdict(read, answer(200, body)) }).toEqual({
        operationId,
        verdict: 'breach',
      });
      expect(verdict(read, answer(404, { detail: { error_type: 'not_found' } }))).toBe('refused');
    }
  });

  it('documented filtered lists may answer their own empty list, never with the victim in it', () => {
    const teams = attempt(
      { method: 'get', path: '/v1/org/{org_id}/team', operationId: 'listTeams' },
      `team_id=${VICTIM_ID}`,
      'team_management_key',
    );
    expect(verdict(teams, answer(200, { teams: [], next_cursor: null }))).toBe('filtered');
    expect(verdict(teams, answer(200, { teams: [{ id: VICTIM_ID }], next_cursor: null }))).toBe('breach');
    const audit = attempt(
      { method: 'get', path: '/v1/org/{org_id}/audit_events', operationId: 'listAuditEvents' },
      `user_id=${VICTIM_ID}`,
      'org_management_key',
    );
    expect(verdict(audit, answer(200, { audit_events: [], next_cursor: null }))).toBe('filtered');
  });
});
