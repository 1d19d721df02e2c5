import type { Knex } from '@meridian/db';

/** Accepted `POST /v2/user/refresh` calls per user, for the hourly limit. Callers check tenancy first. */
export function createRefreshRequestsRepository(db: Knex | Knex.Transaction) {
  return {
    /** The times of the user's latest `limit` calls after `since`, newest first. */
    async latestSince(userId: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db('provider_refresh_requests')
        .where({ user_id: userId })
        .where('requested_at', '>', since)
        .orderBy('requested_at', 'desc')
        .limit(limit)
        .select<{ requested_at: Date }[]>('requested_at');
      return rows.map((r) => r.requested_at);
    },

    async record(userId: string, at: Date): Promise<void> {
      await db('provider_refresh_requests').insert({ user_id: userId, requested_at: at });
    },
  };
}

export type RefreshRequestsRepository = ReturnType<typeof createRefreshRequestsRepository>;
