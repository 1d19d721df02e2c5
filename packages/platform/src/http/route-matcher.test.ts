import { createRouteMatcher } from './route-matcher';

describe('route matcher', () => {
  const match = createRouteMatcher({
    paths: {
      '/v2/user/{user_id}': { get: { operationId: 'getUser' }, delete: { operationId: 'deleteUser' } },
      '/v2/user/resolve/{client_user_id}': { get: { operationId: 'resolve' } },
      '/v2/user/undo_delete': { post: { operationId: 'undo' } },
      '/v1/org/{org_id}/team/{team_id}': { get: { operationId: 'getTeam', 'x-meridian-access': 'team' } },
    },
  });

  it('prefers literal segments over parameters', () => {
    expect(match('POST', '/v2/user/undo_delete')?.operation.operationId).toBe('undo');
    expect(match('GET', '/v2/user/resolve/abc')?.operation.operationId).toBe('resolve');
    expect(match('GET', '/v2/user/resolve/abc')?.params).toEqual({ client_user_id: 'abc' });
  });

  it('extracts decoded path params and honours the method', () => {
    const m = match('get', '/v1/org/o1/team/t%201');
    expect(m?.params).toEqual({ org_id: 'o1', team_id: 't 1' });
    expect(m?.operation['x-meridian-access']).toBe('team');
    expect(match('PUT', '/v2/user/u1')).toBeUndefined();
    expect(match('GET', '/v2/nothing')).toBeUndefined();
  });
});
