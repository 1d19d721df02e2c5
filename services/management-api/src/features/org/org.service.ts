import { NotFoundError } from '@meridian/domain';
import type { UnitOfWork } from '../shared/unit-of-work';
import { toWireDateTimeOrNull } from '../shared/wire-time';
import type { OrgRow } from './org.repository';

/** `{id, name, expires_at}` (api-shapes §8.2 Org). */
export interface Org {
  id: string;
  name: string;
  expires_at: string | null;
}

function toOrg(row: OrgRow): Org {
  return { id: row.id, name: row.name, expires_at: toWireDateTimeOrNull(row.expires_at) };
}

export function createOrgService(deps: { uow: UnitOfWork<'org'> }) {
  return {
    async get(orgId: string): Promise<Org> {
      const row = await deps.uow.read(({ org }) => org.findById(orgId));
      if (!row) throw new NotFoundError('Organization not found.');
      return toOrg(row);
    },

    async rename(orgId: string, name: string): Promise<Org> {
      const row = await deps.uow.write(({ org }) => org.rename(orgId, name));
      if (!row) throw new NotFoundError('Organization not found.');
      return toOrg(row);
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
