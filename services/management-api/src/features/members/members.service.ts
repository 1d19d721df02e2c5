import type { CursorCodec } from '@meridian/platform';
import { NotFoundError, type MemberRole } from '@meridian/domain';
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
import type { MemberRow } from './members.repository';

/** `OrgMember` (api-shapes §8.3). */
export interface OrgMember {
  id: string;
  name: string;
  email: string;
  created_on: string;
  role: MemberRole;
  team_role_bindings: TeamRoleBinding[] | null;
}

/** PATCH body: both keys required; null leaves that part as it is. */
export interface UpdateMemberInput {
  role: MemberRole | null;
  team_role_bindings: TeamRoleBinding[] | null;
}

function toOrgMember(row: MemberRow): OrgMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    created_on: toWireDateTime(row.created_on),
    role: row.role,
    team_role_bindings: toBindings(row.team_ids),
  };
}

export function createMembersService(deps: { uow: UnitOfWork<'members' | 'teams'>; cursors: CursorCodec }) {
  const { uow } = deps;
  return {
    async list(orgId: string, query: { searchQuery?: string; nextCursor?: string }) {
      const scope = listScope('members', orgId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const page = await uow.read(({ members }) =>
        members.list(orgId, { searchQuery: query.searchQuery, after }, MANAGEMENT_PAGE_SIZE),
      );
      return {
        members: page.items.map(toOrgMember),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    async update(orgId: string, memberId: string, input: UpdateMemberInput): Promise<OrgMember> {
      const row = await uow.write(async ({ members, teams }) => {
        const current = await members.findInOrg(orgId, memberId);
        if (!current) throw new NotFoundError('Member not found.');
        const role = input.role ?? current.role;
        const bindings =
          input.team_role_bindings ?? (role === 'team_admin' ? toBindings(current.team_ids) : null);
        const teamIds = teamIdsForRole(role, bindings, ['body', 'team_role_bindings']);
        if (teamIds && input.team_role_bindings) {
          assertKnownTeams(input.team_role_bindings, await teams.idsInOrg(orgId, teamIds), [
            'body',
            'team_role_bindings',
          ]);
        }
        return members.updateRole(orgId, memberId, role, teamIds);
      });
      if (!row) throw new NotFoundError('Member not found.');
      return toOrgMember(row);
    },

    async delete(orgId: string, memberId: string): Promise<{ success: true }> {
      const deleted = await uow.write(({ members }) => members.delete(orgId, memberId));
      if (!deleted) throw new NotFoundError('Member not found.');
      return { success: true };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
