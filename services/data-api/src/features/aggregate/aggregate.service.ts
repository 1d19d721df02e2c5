import type { Knex } from '@meridian/db';
import { runQueries, type AggregationResult } from '@meridian/query-engine';
import type { QueryBatchAst } from '@meridian/query-language';
import type { TeamPrincipal } from '../../auth/principal';

/** `POST /aggregate/v1/user/{user_id}/query`: a validated batch run for one user of the key's team environment. */
export function createAggregateService(deps: { db: Knex; clock: () => Date; statementTimeoutMs?: number }) {
  return {
    async query(
      principal: TeamPrincipal,
      userId: string,
      batch: QueryBatchAst,
    ): Promise<AggregationResult[]> {
      // runQueries answers 404 for a user outside the team environment (the same lookup scopes every statement).
      return runQueries(deps.db, {
        teamId: principal.teamId,
        environment: principal.environment,
        userId,
        queries: batch.queries,
        config: batch.config,
        timeframe: batch.timeframe,
        now: deps.clock(),
        statementTimeoutMs: deps.statementTimeoutMs,
      });
    },
  };
}
