import type { Knex } from '@meridian/db';
import { NotFoundError, type SummaryKind, type TeamScope } from '@meridian/domain';
import { createUsersRepository } from '../users/users.repository';
import { USER_NOT_FOUND } from '../users/users.service';
import { createSummariesRepository, type SummaryRecord } from './summaries.repository';
import { calendarDateRange } from './summary-range';

/** Summary reads of one user of the caller's team environment. */

export type RangedSummaryKind = Exclude<SummaryKind, 'profile'>;

export interface SummaryRangeQuery {
  startDate: unknown;
  endDate: unknown;
  /** Provider slug; empty = every provider. */
  provider: string;
}

export function createSummariesService(deps: { db: Knex }) {
  const users = createUsersRepository(deps.db);
  const summaries = createSummariesRepository(deps.db);

  async function requireUser(scope: TeamScope, userId: string): Promise<void> {
    if (!(await users.findActiveById(scope, userId))) throw new NotFoundError(USER_NOT_FOUND);
  }

  return {
    async list(
      scope: TeamScope,
      userId: string,
      kind: RangedSummaryKind,
      query: SummaryRangeQuery,
    ): Promise<SummaryRecord[]> {
      // Validation (422) before lookup (404): api-shapes §2.4.
      const range = calendarDateRange(query.startDate, query.endDate);
      await requireUser(scope, userId);
      return summaries.listInRange(userId, kind, range, query.provider);
    },

    async latestProfile(scope: TeamScope, userId: string, provider: string): Promise<SummaryRecord> {
      await requireUser(scope, userId);
      const profile = await summaries.latest(userId, 'profile', provider);
      if (!profile) throw new NotFoundError('This user has no profile (from this provider).');
      return profile;
    },
  };
}
