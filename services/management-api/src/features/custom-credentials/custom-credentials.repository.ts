import type { Knex } from '@meridian/db';
import type { Environment, Region } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

/**
 * A `team_custom_credentials` row: a team's own app for one provider in one environment. The client secret
 * and the details are sealed with the platform secret box; `client_secret_hash` is its SHA-256 (hex).
 */
export interface TeamCredentialRow {
  id: string;
  team_id: string;
  environment: Environment;
  provider: string;
  client_id: string | null;
  client_secret_sealed: string | null;
  client_secret_hash: string | null;
  details_sealed: string | null;
  app_url: string | null;
  redirect_url_override: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Where credentials live: teams of an org in one region, and one environment. */
export interface CredentialPlace {
  orgId: string;
  environment: Environment;
  region: Region;
}

export interface CredentialListFilter {
  teamIds?: readonly string[];
  provider?: string;
  /** Only credentials of these teams (a Team Management Key's bindings); undefined = every team. */
  reachableTeamIds?: readonly string[];
  after?: KeysetPosition;
}

/** Columns an upsert replaces; `id` and `created_at` stay, so a credential keeps its id and list place. */
const REPLACED_COLUMNS = [
  'client_id',
  'client_secret_sealed',
  'client_secret_hash',
  'details_sealed',
  'redirect_url_override',
  'updated_at',
] as const;

export function createCustomCredentialsRepository(db: Knex) {
  const credentialsIn = (place: CredentialPlace) =>
    db('team_custom_credentials as c')
      .join('teams as t', 't.id', 'c.team_id')
      .where({ 't.org_id': place.orgId, 't.region': place.region, 'c.environment': place.environment });

  return {
    /** The ids among `teamIds` that are teams of the org in the place's region. */
    async teamsOfPlace(place: CredentialPlace, teamIds: readonly string[]): Promise<string[]> {
      if (teamIds.length === 0) return [];
      const rows: { id: string }[] = await db('teams')
        .where({ org_id: place.orgId, region: place.region })
        .whereIn('id', teamIds)
        .select('id');
      return rows.map((r) => r.id);
    },

    /** The team's credential for the provider, locked for the rest of the transaction. */
    async findForUpdate(
      teamId: string,
      environment: Environment,
      provider: string,
    ): Promise<TeamCredentialRow | undefined> {
      return (await db('team_custom_credentials')
        .where({ team_id: teamId, environment, provider })
        .forUpdate()
        .first()) as TeamCredentialRow | undefined;
    },

    async list(
      place: CredentialPlace,
      filter: CredentialListFilter,
      limit: number,
    ): Promise<Page<TeamCredentialRow & KeysetRow>> {
      let q = credentialsIn(place)
        .select('c.*', cursorColumn(db, 'c.created_at'))
        .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
        .limit(limit + 1);
      if (filter.teamIds !== undefined) q = q.whereIn('c.team_id', filter.teamIds);
      if (filter.provider !== undefined) q = q.where('c.provider', filter.provider);
      if (filter.reachableTeamIds !== undefined) q = q.whereIn('c.team_id', filter.reachableTeamIds);
      q = afterPosition(q, 'c.created_at', 'c.id', filter.after);
      return toPage((await q) as (TeamCredentialRow & KeysetRow)[], limit);
    },

    /** Inserts the credential, or replaces the stored one of its team, environment and provider. */
    async upsert(row: TeamCredentialRow): Promise<TeamCredentialRow> {
      const [stored] = (await db('team_custom_credentials')
        .insert(row)
        .onConflict(['team_id', 'environment', 'provider'])
        .merge([...REPLACED_COLUMNS])
        .returning('*')) as TeamCredentialRow[];
      return stored!;
    },

    /** Which of `ids` are credentials of the place, with their team. */
    async findOwners(
      place: CredentialPlace,
      ids: readonly string[],
    ): Promise<{ id: string; team_id: string }[]> {
      if (ids.length === 0) return [];
      const owners: { id: string; team_id: string }[] = await credentialsIn(place)
        .whereIn('c.id', ids)
        .select('c.id', 'c.team_id');
      return owners;
    },

    async delete(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db('team_custom_credentials').whereIn('id', ids).delete();
    },
  };
}

export type CustomCredentialsRepository = ReturnType<typeof createCustomCredentialsRepository>;
