import type { Knex } from '@meridian/db';
import type { MemberRole } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

export interface MemberRow {
  id: string;
  org_id: string;
  name: string;
  email: string;
  role: MemberRole;
  team_ids: string[] | null;
  created_on: Date;
}

export interface MemberListFilter {
  searchQuery?: string;
  after?: KeysetPosition;
}

export function createMembersRepository(db: Knex) {
  const members = () => db<MemberRow>('org_members');
  return {
    async list(orgId: string, filter: MemberListFilter, limit: number): Promise<Page<MemberRow & KeysetRow>> {
      let q = members()
        .where('org_id', orgId)
        .select('*', cursorColumn(db, 'created_on'))
        .orderBy([{ column: 'created_on' }, { column: 'id' }])
        .limit(limit + 1);
      if (filter.searchQuery) {
        const needle = filter.searchQuery;
        q = q.where((w) =>
          w
            .whereRaw('position(lower(?) in lower(name)) > 0', [needle])
            .orWhereRaw('position(lower(?) in lower(email)) > 0', [needle]),
        );
      }
      q = afterPosition(q, 'created_on', 'id', filter.after);
      return toPage((await q) as (MemberRow & KeysetRow)[], limit);
    },

    async findInOrg(orgId: string, memberId: string): Promise<MemberRow | undefined> {
      return members().where({ org_id: orgId, id: memberId }).first();
    },

    async findByEmail(orgId: string, email: string): Promise<MemberRow | undefined> {
      return members().where('org_id', orgId).whereRaw('lower(email) = lower(?)', [email]).first();
    },

    async updateRole(
      orgId: string,
      memberId: string,
      role: MemberRole,
      teamIds: string[] | null,
    ): Promise<MemberRow | undefined> {
      const [row] = await members()
        .where({ org_id: orgId, id: memberId })
        .update({ role, team_ids: teamIds })
        .returning('*');
      return row;
    },

    async delete(orgId: string, memberId: string): Promise<boolean> {
      return (await members().where({ org_id: orgId, id: memberId }).delete()) > 0;
    },

    /** Drops a deleted team from every member's bindings. */
    async unbindTeam(orgId: string, teamId: string): Promise<void> {
      await members()
        .where('org_id', orgId)
        .whereRaw('?::uuid = any(team_ids)', [teamId])
        .update({ team_ids: db.raw('array_remove(team_ids, ?::uuid)', [teamId]) });
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
