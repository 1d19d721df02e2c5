import type { CursorCodec } from '@meridian/platform';
import { ConflictError, newId, NotFoundError, type MemberRole } from '@meridian/domain';
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
import { isUniqueViolation } from '../shared/unique-violation';
import { toWireDateTime, toWireDateTimeOrNull } from '../shared/wire-time';
import type { InviteRow } from './invites.repository';

export interface Invite {
  id: string;
  email: string;
  invited_at: string;
  resent_at: string | null;
  creator: Creator;
  role: MemberRole;
  team_role_bindings: TeamRoleBinding[] | null;
}

export interface CreateInviteInput {
  email: string;
  role?: MemberRole;
  team_role_bindings?: TeamRoleBinding[] | null;
}

export type InviteStatus = 'invite_created' | 'invite_resent' | 'already_in_org';

function toInvite(row: InviteRow): Invite {
  return {
    id: row.id,
    email: row.email,
    invited_at: toWireDateTime(row.invited_at),
    resent_at: toWireDateTimeOrNull(row.resent_at),
    creator: row.creator,
    role: row.role,
    team_role_bindings: toBindings(row.team_ids),
  };
}

function sameTeams(a: readonly string[] | null, b: readonly string[] | null): boolean {
  const left = [...(a ?? [])].sort();
  const right = [...(b ?? [])].sort();
  return left.length === right.length && left.every((id, i) => id === right[i]);
}

const inviteConflict = () =>
  new ConflictError(
    'invite_conflict',
    'A pending invite for this e-mail has a different role or team bindings; delete it first.',
  );

export function createInvitesService(deps: {
  uow: UnitOfWork<'invites' | 'members' | 'teams'>;
  clock: () => Date;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow } = deps;
  return {
    async list(orgId: string, query: { searchQuery?: string; nextCursor?: string }) {
      const scope = listScope('invites', orgId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const page = await uow.read(({ invites }) =>
        invites.list(orgId, { searchQuery: query.searchQuery, after }, MANAGEMENT_PAGE_SIZE),
      );
      return {
        invites: page.items.map(toInvite),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    /**
     * A member with the e-mail → `already_in_org`; a pending invite with the same role and teams is resent;
     * with another role or teams → 409 `invite_conflict`; else a new invite.
     */
    async create(orgId: string, input: CreateInviteInput): Promise<{ status: InviteStatus }> {
      const role = input.role ?? 'org_admin';
      const teamIds = teamIdsForRole(role, input.team_role_bindings, ['body', 'team_role_bindings']);
      try {
        return await uow.write(async ({ invites, members, teams }) => {
          if (teamIds) {
            assertKnownTeams(input.team_role_bindings ?? [], await teams.idsInOrg(orgId, teamIds), [
              'body',
              'team_role_bindings',
            ]);
          }
          if (await members.findByEmail(orgId, input.email)) return { status: 'already_in_org' as const };
          const pending = await invites.findByEmail(orgId, input.email);
          if (pending) {
            if (pending.role !== role || !sameTeams(pending.team_ids, teamIds)) throw inviteConflict();
            await invites.markResent(orgId, pending.id, deps.clock());
            return { status: 'invite_resent' as const };
          }
          await invites.insert({
            id: newId(),
            org_id: orgId,
            email: input.email,
            role,
            team_ids: teamIds,
            creator: MANAGEMENT_KEY_CREATOR,
            invited_at: deps.clock(),
          });
          return { status: 'invite_created' as const };
        });
      } catch (err) {
        // Two concurrent invites for one e-mail: the loser answers as a conflict, never a 500.
        if (isUniqueViolation(err, 'org_invites_email_uq')) throw inviteConflict();
        throw err;
      }
    },

    async delete(orgId: string, inviteId: string): Promise<{ success: true }> {
      const deleted = await uow.write(({ invites }) => invites.delete(orgId, inviteId));
      if (!deleted) throw new NotFoundError('Invite not found.');
      return { success: true };
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
