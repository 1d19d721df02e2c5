import type { CursorCodec } from '@meridian/platform';
import { generateManagementKey, newId, NotFoundError, type ManagementRole } from '@meridian/domain';
import { MANAGEMENT_KEY_CREATOR, type Creator } from '../shared/creator';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import {
  assertKnownTeams,
  teamIdsForRole,
  toBindings,
  type TeamRoleBinding,
} from '../shared/team-role-bindings';
import type { UnitOfWork } from '../shared/unit-of-work';
import { toWireDateTime } from '../shared/wire-time';
import type { ManagementKeyRow } from './management-keys.repository';

/** `ManagementKey` (api-shapes §8.3): `org_admin` = Org Management Key, `team_admin` = Team Management Key. */
export interface ManagementKey {
  id: string;
  label: string;
  created_at: string;
  creator: Creator;
  role: ManagementRole;
  team_role_bindings: TeamRoleBinding[] | null;
}

export interface CreateManagementKeyInput {
  label: string;
  role: ManagementRole;
  team_role_bindings?: TeamRoleBinding[] | null;
}

export interface UpdateManagementKeyInput {
  label?: string;
  team_role_bindings?: TeamRoleBinding[] | null;
}

export interface ManagementKeyListQuery {
  teamId?: string;
  role?: ManagementRole;
  nextCursor?: string;
}

const BINDINGS_LOC = ['body', 'team_role_bindings'];

function toManagementKey(row: ManagementKeyRow): ManagementKey {
  return {
    id: row.id,
    label: row.label,
    created_at: toWireDateTime(row.created_at),
    creator: row.creator,
    role: row.role,
    team_role_bindings: toBindings(row.team_ids),
  };
}

const keyNotFound = () => new NotFoundError('Management key not found.');

export function createManagementKeysService(deps: {
  uow: UnitOfWork<'managementKeys' | 'teams'>;
  clock: () => Date;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow } = deps;
  return {
    async list(orgId: string, query: ManagementKeyListQuery) {
      const scope = listScope('management-keys', orgId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const page = await uow.read(async ({ managementKeys, teams }) => {
        // A team the org does not have is not found, as in the team's single read.
        if (query.teamId !== undefined && !(await teams.findInOrg(orgId, query.teamId))) {
          throw new NotFoundError('Team not found.');
        }
        return managementKeys.list(
          orgId,
          { teamId: query.teamId, role: query.role, after },
          MANAGEMENT_PAGE_SIZE,
        );
      });
      return {
        data: page.items.map(toManagementKey),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    /** The full key is in this response only: we keep its SHA-256 and a hint. */
    async create(orgId: string, input: CreateManagementKeyInput): Promise<ManagementKey & { key: string }> {
      const teamIds = teamIdsForRole(input.role, input.team_role_bindings, BINDINGS_LOC);
      const generated = generateManagementKey();
      const row = await uow.write(async ({ managementKeys, teams }) => {
        if (teamIds)
          assertKnownTeams(
            input.team_role_bindings ?? [],
            await teams.idsInOrg(orgId, teamIds),
            BINDINGS_LOC,
          );
        return managementKeys.insert({
          id: newId(),
          org_id: orgId,
          label: input.label,
          role: input.role,
          team_ids: teamIds,
          creator: MANAGEMENT_KEY_CREATOR,
          created_at: deps.clock(),
          key_hash: generated.hash,
          key_hint: generated.hint,
        });
      });
      return { ...toManagementKey(row), key: generated.value };
    },

    /** `team_role_bindings` omitted or null leaves the bindings as they are; the role never changes. */
    async update(orgId: string, keyId: string, input: UpdateManagementKeyInput): Promise<ManagementKey> {
      const row = await uow.write(async ({ managementKeys, teams }) => {
        const current = await managementKeys.findActive(orgId, keyId);
        if (!current) throw keyNotFound();
        let teamIds: string[] | null | undefined;
        if (input.team_role_bindings) {
          teamIds = teamIdsForRole(current.role, input.team_role_bindings, BINDINGS_LOC);
          if (teamIds)
            assertKnownTeams(input.team_role_bindings, await teams.idsInOrg(orgId, teamIds), BINDINGS_LOC);
        }
        const changes = {
          ...(input.label !== undefined ? { label: input.label } : {}),
          ...(teamIds !== undefined ? { team_ids: teamIds } : {}),
        };
        return Object.keys(changes).length > 0 ? managementKeys.update(orgId, keyId, changes) : current;
      });
      if (!row) throw keyNotFound();
      return toManagementKey(row);
    },

    /** Revokes at once (the guard ignores revoked keys); a key may revoke itself. */
    async revoke(orgId: string, keyId: string): Promise<ManagementKey> {
      const row = await uow.write(({ managementKeys }) => managementKeys.revoke(orgId, keyId, deps.clock()));
      if (!row) throw keyNotFound();
      return toManagementKey(row);
    },
  };
}

export type ManagementKeysService = ReturnType<typeof createManagementKeysService>;
