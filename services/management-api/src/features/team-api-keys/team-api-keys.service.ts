import type { CursorCodec } from '@meridian/platform';
import { generateTeamApiKey, newId, NotFoundError, type Environment, type Region } from '@meridian/domain';
import { canReachTeam, type ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import type { UnitOfWork } from '../shared/unit-of-work';
import { toWireDateTime } from '../shared/wire-time';
import type { TeamApiKeyPlace, TeamApiKeyRow } from './team-api-keys.repository';

/** `TeamApiKey` (api-shapes §8.3); `value` is the full key only in the create response, else the hint. */
export interface TeamApiKey {
  id: string;
  label: string;
  value: string;
  team_id: string;
  created_at: string;
}

export interface TeamApiKeyRevocation {
  success: string[];
  failure: string[];
  not_found: string[];
}

/**
 * The key's prefix and last four characters, built here rather than trusted from the stored hint: a hint cut
 * at the last `_` can hold part of the random body (base64url contains `_`).
 */
function maskedKey(hint: string): string {
  const prefix = /^(?:sk|pk)_(?:us|eu)_/.exec(hint)?.[0] ?? '';
  return `${prefix}…${hint.slice(-4)}`;
}

function toTeamApiKey(row: TeamApiKeyRow, value: string = maskedKey(row.key_hint)): TeamApiKey {
  return {
    id: row.id,
    label: row.label,
    value,
    team_id: row.team_id,
    created_at: toWireDateTime(row.created_at),
  };
}

export function createTeamApiKeysService(deps: {
  uow: UnitOfWork<'teamApiKeys' | 'teams'>;
  region: Region;
  clock: () => Date;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow } = deps;
  const teamNotFound = () => new NotFoundError('Team not found in this region.');

  /** A deployment serves one region (api-shapes §1): the other one is not found here. */
  function placeOf(orgId: string, environment: Environment, region: Region): TeamApiKeyPlace {
    if (region !== deps.region) throw new NotFoundError(`This deployment does not serve region '${region}'.`);
    return { orgId, environment, region };
  }

  return {
    async list(
      principal: ManagementPrincipal,
      where: { orgId: string; environment: Environment; region: Region },
      query: { teamId?: string; nextCursor?: string },
    ) {
      const place = placeOf(where.orgId, where.environment, where.region);
      const scope = listScope('team-api-keys', place.orgId, place.environment, place.region);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const reachableTeamIds = principal.role === 'org_admin' ? undefined : principal.teamIds;
      const page = await uow.read(async ({ teams, teamApiKeys }) => {
        // A team_id that is no team of this org and region is not found, as when creating a key for it.
        if (query.teamId !== undefined) {
          const team = await teams.findInOrg(place.orgId, query.teamId);
          if (!team || team.region !== place.region) throw teamNotFound();
        }
        return teamApiKeys.list(
          place,
          { teamId: query.teamId, reachableTeamIds, after },
          MANAGEMENT_PAGE_SIZE,
        );
      });
      return {
        api_keys: page.items.map((row) => toTeamApiKey(row)),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    /** The full key is in this response only: we keep its SHA-256 and a hint. */
    async create(
      where: { orgId: string; environment: Environment; region: Region },
      input: { label: string; team_id: string },
    ): Promise<TeamApiKey> {
      const place = placeOf(where.orgId, where.environment, where.region);
      const generated = generateTeamApiKey(place.environment, place.region);
      const row = await uow.write(async ({ teams, teamApiKeys }) => {
        const team = await teams.findInOrg(place.orgId, input.team_id);
        if (!team || team.region !== place.region) throw teamNotFound();
        return teamApiKeys.insert({
          id: newId(),
          team_id: team.id,
          environment: place.environment,
          region: place.region,
          label: input.label,
          key_hash: generated.hash,
          key_hint: generated.hint,
          created_at: deps.clock(),
        });
      });
      return toTeamApiKey(row, generated.value);
    },

    /**
     * Revokes each named key; `not_found` when it is not an active key of this org, environment and region
     * that the calling key may reach. A key of a team a Team Management Key is not bound to is `not_found`
     * too, as for an id that does not exist: the answer must not tell it whether the id exists (it cannot
     * list it either). `failure` is part of the documented shape and stays empty.
     */
    async revoke(
      principal: ManagementPrincipal,
      where: { orgId: string; environment: Environment; region: Region },
      keyIds: readonly string[],
    ): Promise<TeamApiKeyRevocation> {
      const place = placeOf(where.orgId, where.environment, where.region);
      const ids = [...new Set(keyIds.map((id) => id.toLowerCase()))];
      return uow.write(async ({ teamApiKeys }) => {
        const teamOf = new Map((await teamApiKeys.findActive(place, ids)).map((k) => [k.id, k.team_id]));
        const result: TeamApiKeyRevocation = { success: [], failure: [], not_found: [] };
        for (const id of ids) {
          const teamId = teamOf.get(id);
          if (teamId !== undefined && canReachTeam(principal, teamId)) result.success.push(id);
          else result.not_found.push(id);
        }
        await teamApiKeys.revoke(result.success, deps.clock());
        return result;
      });
    },
  };
}

export type TeamApiKeysService = ReturnType<typeof createTeamApiKeysService>;
