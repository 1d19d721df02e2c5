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

    /**
     * The stream's pulls succeed, each with its distinct UTC days of stored data in [start, end) (samples'
     * days and summaries' dates), in one statement.
     */
    async markSuccess(input: {
      userId: string;
      provider: string;
      resources: readonly string[];
      start: Date;
      end: Date;
      now: Date;
    }): Promise<void> {
      const { userId, provider, resources, start, end, now } = input;
      if (resources.length === 0) return;
      await db.raw(
        `with days as (
           select r.resource, (
             select count(*) from (
               select (x.start_at at time zone 'UTC')::date as d
                 from sample_series s join samples x on x.user_id = s.user_id and x.series = s.id
                where s.user_id = ?::uuid and x.user_id = ?::uuid and s.provider = ? and s.resource = r.resource
                  and x.start_at >= ? and x.start_at < ?
               union
               select m.calendar_date from summaries m
                where m.user_id = ?::uuid and m.provider = ? and m.kind = r.resource
                  and m.calendar_date is not null
                  and m.calendar_date >= (?::timestamptz at time zone 'UTC')::date
                  and m.calendar_date <= (?::timestamptz at time zone 'UTC')::date
             ) x) as days
           from unnest(array[${resources.map(() => '?').join(', ')}]::text[]) as r(resource)
         )
         update historical_pulls p
            set status = 'success', ended_at = ?, days_with_data = days.days, error_details = null
           from days
          where p.user_id = ?::uuid and p.provider = ? and p.resource = days.resource
            and p.status <> 'success'`,
        [
          userId,
          userId,
          provider,
          start,
          end,
          userId,
          provider,
          start,
          end,
          ...resources,
          now,
          userId,
          provider,
        ],
      );
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
  };
}

export type HistoricalPullsRepository = ReturnType<typeof createHistoricalPullsRepository>;
