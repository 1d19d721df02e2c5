import { NotFoundError, type SummaryKind, type TeamScope } from '@meridian/domain';
import type { UnitOfWork } from '../unit-of-work';
import { USER_NOT_FOUND } from '../users/users.service';
import type { SummaryRecord } from './summaries.repository';
import { calendarDateRange } from './summary-range';

/** Summary reads of one user of the caller's team environment. */

export type RangedSummaryKind = Exclude<SummaryKind, 'profile'>;

export interface SummaryRangeQuery {
  startDate: unknown;
  endDate: unknown;
  /** Provider slug; empty = every provider. */
  provider: string;
}

export function createSummariesService(deps: { uow: UnitOfWork<'users' | 'summaries'> }) {
  const { uow } = deps;

  async function requireUser(scope: TeamScope, userId: string): Promise<void> {
    if (!(await uow.read(({ users }) => users.findActiveById(scope, userId)))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
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
      return uow.read(({ summaries }) => summaries.listInRange(userId, kind, range, query.provider));
    },

    async latestProfile(scope: TeamScope, userId: string, provider: string): Promise<SummaryRecord> {
      await requireUser(scope, userId);
      const profile = await uow.read(({ summaries }) => summaries.latest(userId, 'profile', provider));
      if (!profile) throw new NotFoundError('This user has no profile (from this provider).');
      return profile;
    },
  };
}
