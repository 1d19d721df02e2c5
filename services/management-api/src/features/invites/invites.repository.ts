import type { Knex } from '@meridian/db';
import type { MemberRole } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';
import type { Creator } from '../shared/creator';

export interface InviteRow {
  id: string;
  org_id: string;
  email: string;
  role: MemberRole;
  team_ids: string[] | null;
  creator: Creator;
  invited_at: Date;
  resent_at: Date | null;
}

export interface NewInvite {
  id: string;
  org_id: string;
  email: string;
  role: MemberRole;
  team_ids: string[] | null;
  creator: Creator;
  invited_at: Date;
}

export interface InviteListFilter {
  searchQuery?: string;
  after?: KeysetPosition;
}

export function createInvitesRepository(db: Knex) {
  const invites = () => db<InviteRow>('org_invites');
  return {
    async list(orgId: string, filter: InviteListFilter, limit: number): Promise<Page<InviteRow & KeysetRow>> {
      let q = invites()
        .where('org_id', orgId)
        .select('*', cursorColumn(db, 'invited_at'))
        .orderBy([{ column: 'invited_at' }, { column: 'id' }])
        .limit(limit + 1);
      if (filter.searchQuery) q = q.whereRaw('position(lower(?) in lower(email)) > 0', [filter.searchQuery]);
      q = afterPosition(q, 'invited_at', 'id', filter.after);
      return toPage((await q) as (InviteRow & KeysetRow)[], limit);
    },

    async findByEmail(orgId: string, email: string): Promise<InviteRow | undefined> {
      return invites().where('org_id', orgId).whereRaw('lower(email) = lower(?)', [email]).first();
    },

    async insert(invite: NewInvite): Promise<void> {
      await invites().insert({ ...invite, creator: JSON.stringify(invite.creator) as unknown as Creator });
    },

    async markResent(orgId: string, inviteId: string, at: Date): Promise<void> {
      await invites().where({ org_id: orgId, id: inviteId }).update({ resent_at: at });
    },

    async delete(orgId: string, inviteId: string): Promise<boolean> {
      return (await invites().where({ org_id: orgId, id: inviteId }).delete()) > 0;
    },

    /** Drops a deleted team from every pending invite's bindings. */
    async unbindTeam(orgId: string, teamId: string): Promise<void> {
      await invites()
        .where('org_id', orgId)
        .whereRaw('?::uuid = any(team_ids)', [teamId])
        .update({ team_ids: db.raw('array_remove(team_ids, ?::uuid)', [teamId]) });
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
