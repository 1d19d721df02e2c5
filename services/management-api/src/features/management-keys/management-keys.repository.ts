import type { Knex } from '@meridian/db';
import type { ManagementRole } from '@meridian/domain';
import type { Creator } from '../shared/creator';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

/** A management key without its hash: the hash never leaves this module. */
export interface ManagementKeyRow {
  id: string;
  org_id: string;
  label: string;
  role: ManagementRole;
  team_ids: string[] | null;
  creator: Creator;
  created_at: Date;
}

export interface NewManagementKey extends ManagementKeyRow {
  key_hash: string;
  key_hint: string;
}

export interface ManagementKeyListFilter {
  teamId?: string;
  role?: ManagementRole;
  after?: KeysetPosition;
}

export interface ManagementKeyChanges {
  label?: string;
  team_ids?: string[] | null;
}

const COLUMNS = ['id', 'org_id', 'label', 'role', 'team_ids', 'creator', 'created_at'] as const;

/** Only keys that are not revoked are visible: a revoked key is gone for every purpose but the audit row. */
export function createManagementKeysRepository(db: Knex) {
  const active = (orgId: string) => db('management_keys').where('org_id', orgId).whereNull('revoked_at');
  return {
    async list(
      orgId: string,
      filter: ManagementKeyListFilter,
      limit: number,
    ): Promise<Page<ManagementKeyRow & KeysetRow>> {
      let q = active(orgId)
        .select(...COLUMNS, cursorColumn(db, 'created_at'))
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(limit + 1);
      if (filter.teamId !== undefined) q = q.whereRaw('?::uuid = any(team_ids)', [filter.teamId]);
      if (filter.role !== undefined) q = q.where('role', filter.role);
      q = afterPosition(q, 'created_at', 'id', filter.after);
      return toPage((await q) as (ManagementKeyRow & KeysetRow)[], limit);
    },

    async findActive(orgId: string, keyId: string): Promise<ManagementKeyRow | undefined> {
      return active(orgId)
        .where('id', keyId)
        .first(...COLUMNS);
    },

    async insert(key: NewManagementKey): Promise<ManagementKeyRow> {
      const [row] = await db('management_keys')
        .insert({ ...key, creator: JSON.stringify(key.creator) })
        .returning([...COLUMNS]);
      return row as ManagementKeyRow;
    },

    async update(
      orgId: string,
      keyId: string,
      changes: ManagementKeyChanges,
    ): Promise<ManagementKeyRow | undefined> {
      const [row] = await active(orgId)
        .where('id', keyId)
        .update(changes)
        .returning([...COLUMNS]);
      return row as ManagementKeyRow | undefined;
    },

    /** Sets revoked_at; undefined when the key is unknown or already revoked. */
    async revoke(orgId: string, keyId: string, at: Date): Promise<ManagementKeyRow | undefined> {
      const [row] = await active(orgId)
        .where('id', keyId)
        .update({ revoked_at: at })
        .returning([...COLUMNS]);
      return row as ManagementKeyRow | undefined;
    },

    /** Drops a deleted team from every key's bindings. */
    async unbindTeam(orgId: string, teamId: string): Promise<void> {
      await db('management_keys')
        .where('org_id', orgId)
        .whereRaw('?::uuid = any(team_ids)', [teamId])
        .update({ team_ids: db.raw('array_remove(team_ids, ?::uuid)', [teamId]) });
    },
  };
}

export type ManagementKeysRepository = ReturnType<typeof createManagementKeysRepository>;
