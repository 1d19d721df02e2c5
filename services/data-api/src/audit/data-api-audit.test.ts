import path from 'node:path';
import { loadOpenApiDocument } from '@meridian/platform';
import { isAuditedDataApiOperation } from './data-api-audit';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { name?: string }[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string; properties?: object } }> };
}

const doc = loadOpenApiDocument(path.join(__dirname, '..', '..', 'openapi.yaml')) as {
  paths: Record<string, Record<string, Operation>>;
};
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([route, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ route, method, op: item[method]! })),
);
const audited = (route: string, method: string) => isAuditedDataApiOperation({ path: route, method });

describe('which data API operations the audit trail records', () => {
  it('records every operation that names a user in its path or query', () => {
    const namesUser = operations.filter(
      ({ route, op }) =>
        route.includes('{user_id}') || (op.parameters ?? []).some((p) => p.name === 'user_id'),
    );
    expect(namesUser.length).toBeGreaterThan(90);
    expect(
      namesUser.filter(({ route, method }) => !audited(route, method)).map((o) => o.op.operationId),
    ).toEqual([]);
  });

  it('records user, lab report, event feed and link credential operations that carry the user elsewhere', () => {
    const ids = new Set(
      operations.filter(({ route, method }) => audited(route, method)).map((o) => o.op.operationId),
    );
    for (const id of [
      'listUsers',
      'createUser',
      'resolveUser',
      'undoUserDeletion',
      'listEvents',
      'introspectResources',
      'createLabReportParsingJob',
      'getLabReportParsingJob',
      'getSleepStream',
      'getWorkoutStream',
      'createLinkToken',
      'createLinkCode',
      'connectDemoProvider',
      'connectManualProvider',
      'startLinkSession',
      'startLinkAuth',
      'getLinkOAuthProvider',
      'linkPasswordProvider',
      'completeLinkPasswordMfa',
      'linkEmailProvider',
      'linkEmailProviderFromWidget',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('does not record the provider catalog, team settings, inbound provider webhooks or the widget pages', () => {
    const notAudited = operations
      .filter(({ route, method }) => !audited(route, method))
      .map((o) => o.op.operationId)
      .sort();
    expect(notAudited).toEqual(
      expect.arrayContaining([
        'listProviders',
        'listProviderCapabilities',
        'getTeam',
        'getTeamLinkConfig',
        'providerWebhookNotify',
        'providerTeamWebhookNotify',
        'listLinkProviders',
        'getLinkState',
        'linkOAuthCallback',
      ]),
    );
    // Everything left out is one of those families, or the patient's own booking page (its booking link's
    // creation is audited; the page's calls carry no team credential — decision in the OpenAPI document).
    for (const { route } of operations.filter(({ route, method }) => !audited(route, method))) {
      expect(route).toMatch(
        /^\/(v2\/(providers|team\/|provider_webhooks\/|link\/|sdk\/auth\/|sdk\/push\/)|v3\/lab_tests?(\/|$)|v3\/booking_page\/)/,
      );
    }
  });
});
