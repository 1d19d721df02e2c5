import type { Knex } from '@meridian/db';

/**
 * `historical_pulls` rows of real provider connections, one per (user, provider, resource) pulled
 * (api-shapes §9: scheduled → in_progress → success | failure | retrying; retrying → in_progress).
 */

export type PullProblemStatus = 'retrying' | 'failure';

export function createHistoricalPullsRepository(db: Knex | Knex.Transaction) {
  const of = (userId: string, provider: string, resources: readonly string[]) =>
    db('historical_pulls').where({ user_id: userId, provider }).whereIn('resource', resources);

  return {
    /** One `scheduled` pull per resource; a pull left from an earlier connection starts over. */
    async schedule(input: {
      userId: string;
      provider: string;
      resources: readonly string[];
      rangeStart: Date;
      rangeEnd: Date;
      now: Date;
      traceId: string | null;
    }): Promise<void> {
      if (input.resources.length === 0) return;
      await db('historical_pulls')
        .insert(
          input.resources.map((resource) => ({
            user_id: input.userId,
            provider: input.provider,
            resource,
            status: 'scheduled',
            range_start: input.rangeStart,
            range_end: input.rangeEnd,
            scheduled_at: input.now,
            started_at: null,
            ended_at: null,
            days_with_data: 0,
            trace_id: input.traceId,
            error_details: null,
          })),
        )
        .onConflict(['user_id', 'provider', 'resource'])
        .merge();
    },

    /** A reconnect: pulls stopped by an error wait for their stream again. */
    async reschedule(
      userId: string,
      provider: string,
      resources: readonly string[],
      now: Date,
    ): Promise<void> {
      if (resources.length === 0) return;
      await of(userId, provider, resources)
        .whereIn('status', ['failure', 'retrying'])
        .update({ status: 'scheduled', scheduled_at: now, ended_at: null, error_details: null });
    },

    async existing(userId: string, provider: string): Promise<string[]> {
      const rows = await db('historical_pulls')
        .where({ user_id: userId, provider })
        .select<{ resource: string }[]>('resource');
      return rows.map((r) => r.resource);
    },

    async markInProgress(
      userId: string,
      provider: string,
      resources: readonly string[],
      now: Date,
    ): Promise<void> {
      if (resources.length === 0) return;
      await of(userId, provider, resources)
        .whereIn('status', ['scheduled', 'retrying'])
        .update({
          status: 'in_progress',
          started_at: db.raw('coalesce(started_at, ?)', [now]),
          ended_at: null,
          error_details: null,
        });
    },

    async markSuccess(
      userId: string,
      provider: string,
      daysWithData: ReadonlyMap<string, number>,
      now: Date,
    ): Promise<void> {
      for (const [resource, days] of daysWithData) {
        await of(userId, provider, [resource])
          .whereNot('status', 'success')
          .update({ status: 'success', ended_at: now, days_with_data: days, error_details: null });
      }
    },

    async markProblem(
      userId: string,
      provider: string,
      resources: readonly string[],
      status: PullProblemStatus,
      errorDetails: string,
      now: Date,
    ): Promise<void> {
      if (resources.length === 0) return;
      await of(userId, provider, resources)
        .whereIn('status', ['scheduled', 'in_progress', 'retrying'])
        .update({ status, error_details: errorDetails, ended_at: status === 'failure' ? now : null });
    },

    /** Every unfinished pull of the provider fails for good (the connection lost its authorization). */
    async failUnfinished(userId: string, provider: string, errorDetails: string, now: Date): Promise<void> {
      await db('historical_pulls')
        .where({ user_id: userId, provider })
        .whereIn('status', ['scheduled', 'in_progress', 'retrying'])
        .update({ status: 'failure', error_details: errorDetails, ended_at: now });
    },

    /** Distinct UTC days with stored data of a resource in [start, end): samples' days and summaries' dates. */
    async daysWithData(
      userId: string,
      provider: string,
      resource: string,
      start: Date,
      end: Date,
    ): Promise<number> {
      const result = await db.raw<{ rows: { days: string }[] }>(
        `select count(*) as days from (
           select (start_at at time zone 'UTC')::date as d from timeseries_samples
            where user_id = ? and provider = ? and resource = ? and start_at >= ? and start_at < ?
           union
           select calendar_date from summaries
            where user_id = ? and provider = ? and kind = ? and calendar_date is not null
              and calendar_date >= (?::timestamptz at time zone 'UTC')::date
              and calendar_date <= (?::timestamptz at time zone 'UTC')::date
         ) x`,
        [userId, provider, resource, start, end, userId, provider, resource, start, end],
      );
      return Number(result.rows[0]?.days ?? 0);
    },
  };
}

export type HistoricalPullsRepository = ReturnType<typeof createHistoricalPullsRepository>;
