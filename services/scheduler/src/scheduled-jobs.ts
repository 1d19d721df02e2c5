import { purgeExpiredUsers, type Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';

/** Timed work the leader runs on each tick. Later features add their jobs here. */
export interface ScheduledJob {
  name: string;
  run(now: Date): Promise<void>;
}

export function createScheduledJobs(deps: { db: Knex; logger: Logger }): ScheduledJob[] {
  return [
    {
      name: 'purge_deleted_users',
      async run(now) {
        const purged = await purgeExpiredUsers(deps.db, now);
        if (purged > 0) deps.logger.info('purged users past their deletion grace period', { count: purged });
      },
    },
  ];
}
