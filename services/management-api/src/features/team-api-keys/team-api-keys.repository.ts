import type { Knex } from '@meridian/db';
import type { Environment, Region } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

/** A team API key as listed: the hint (prefix and last four characters), never the hash or the key. */
export interface TeamApiKeyRow {
  id: string;
  team_id: string;
  label: string;
  key_hint: string;
  created_at: Date;
}

export interface NewTeamApiKey extends TeamApiKeyRow {
  environment: Environment;
  region: Region;
  key_hash: string;
}

/** Where a key lives: org (through its team), environment and region. */
export interface TeamApiKeyPlace {
  orgId: string;
  environment: Environment;
  region: Region;
}

export interface TeamApiKeyListFilter {
  teamId?: string;
  /** Only keys of these teams (a Team Management Key's bindings); undefined = every team of the org. */
  reachableTeamIds?: string[];
  after?: KeysetPosition;
}

const COLUMNS = ['k.id', 'k.team_id', 'k.label', 'k.key_hint', 'k.created_at'] as const;

export function createTeamApiKeysRepository(db: Knex) {
  /** Keys that are not revoked, of teams of the org, in one environment and region. */
  const activeIn = (place: TeamApiKeyPlace) =>
    db('team_api_keys as k')
      .join('teams as t', 't.id', 'k.team_id')
      .where({ 't.org_id': place.orgId, 'k.environment': place.environment, 'k.region': place.region })
      .whereNull('k.revoked_at');
  return {
    async list(
      place: TeamApiKeyPlace,
      filter: TeamApiKeyListFilter,
      limit: number,
    ): Promise<Page<TeamApiKeyRow & KeysetRow>> {
      let q = activeIn(place)
        .select(...COLUMNS, cursorColumn(db, 'k.created_at'))
        .orderBy([{ column: 'k.created_at' }, { column: 'k.id' }])
        .limit(limit + 1);
      if (filter.teamId !== undefined) q = q.where('k.team_id', filter.teamId);
      if (filter.reachableTeamIds) q = q.whereIn('k.team_id', filter.reachableTeamIds);
      q = afterPosition(q, 'k.created_at', 'k.id', filter.after);
      return toPage((await q) as (TeamApiKeyRow & KeysetRow)[], limit);
    },

    async insert(key: NewTeamApiKey): Promise<TeamApiKeyRow> {
      const [row] = await db('team_api_keys')
        .insert(key)
        .returning(['id', 'team_id', 'label', 'key_hint', 'created_at']);
      return row as TeamApiKeyRow;
    },

    /** The keys among `keyIds` that are active in `place`, with their team. */
    async findActive(
      place: TeamApiKeyPlace,
      keyIds: readonly string[],
    ): Promise<{ id: string; team_id: string }[]> {
      if (keyIds.length === 0) return [];
      return activeIn(place).whereIn('k.id', keyIds).select('k.id', 'k.team_id');
    },

    async revoke(keyIds: readonly string[], at: Date): Promise<void> {
      if (keyIds.length === 0) return;
      await db('team_api_keys').whereIn('id', keyIds).whereNull('revoked_at').update({ revoked_at: at });
    },
  };
}

export type TeamApiKeysRepository = ReturnType<typeof createTeamApiKeysRepository>;
