import type { Knex } from '@meridian/db';
import { newId, type MemberRole } from '@meridian/domain';
import type { Express } from 'express';
import request from 'supertest';

/**
 * Rows the management API does not create over HTTP (members join through the dashboard), plus a
 * supertest client that sends a management key.
 */
export async function seedMember(
  knex: Knex,
  orgId: string,
  opts: { name?: string; email?: string; role?: MemberRole; teamIds?: string[]; createdOn?: Date } = {},
): Promise<string> {
  const id = newId();
  await knex('org_members').insert({
    id,
    org_id: orgId,
    name: opts.name ?? 'Ada Member',
    email: opts.email ?? `${id}@example.test`,
    role: opts.role ?? 'no_role',
    team_ids: opts.role === 'team_admin' ? (opts.teamIds ?? []) : null,
    created_on: opts.createdOn ?? new Date(),
  });
  return id;
}

export async function seedTeamRows(knex: Knex, orgId: string, names: string[]): Promise<string[]> {
  const rows = names.map((name) => ({ id: newId(), org_id: orgId, name, region: 'us' }));
  if (rows.length > 0) await knex('teams').insert(rows);
  return rows.map((r) => r.id);
}

type Method = 'get' | 'post' | 'patch' | 'delete';

/** `api(app, key).get(url)`: a request carrying `X-Management-Key` (or no header when key is undefined). */
export function api(app: Express, key: string | undefined, header = 'X-Management-Key') {
  const call = (method: Method, url: string) => {
    const req = request(app)[method](url);
    return key === undefined ? req : req.set(header, key);
  };
  return {
    get: (url: string) => call('get', url),
    post: (url: string) => call('post', url),
    patch: (url: string) => call('patch', url),
    delete: (url: string) => call('delete', url),
  };
}
