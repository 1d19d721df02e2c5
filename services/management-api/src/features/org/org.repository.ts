import type { Knex } from '@meridian/db';

export interface OrgRow {
  id: string;
  name: string;
  expires_at: Date | null;
}

const COLUMNS = ['id', 'name', 'expires_at'] as const;

export function createOrgRepository(db: Knex) {
  return {
    async findById(orgId: string): Promise<OrgRow | undefined> {
      return db('organizations')
        .where({ id: orgId })
        .first(...COLUMNS);
    },

    async rename(orgId: string, name: string): Promise<OrgRow | undefined> {
      const [row] = await db('organizations')
        .where({ id: orgId })
        .update({ name })
        .returning([...COLUMNS]);
      return row as OrgRow | undefined;
    },
  };
}

export type OrgRepository = ReturnType<typeof createOrgRepository>;
