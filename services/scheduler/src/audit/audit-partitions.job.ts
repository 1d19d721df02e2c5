import { dropAuditPartitionsBefore, ensureAuditPartitions, type Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

/** HIPAA keeps its required documentation six years (45 CFR 164.316(b)(2)): the default retention. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 2190;

export interface AuditPartitionsOptions {
  /** `AUDIT_RETENTION_DAYS`: audit events are kept at least this long (default 2190, six years). */
  retentionDays?: number;
  /** Months created ahead of the current one (default 2), so writers never wait on a CREATE. */
  monthsAhead?: number;
}

const DAY_MS = 86_400_000;

function monthsLater(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
}

/**
 * The audit trail's partitions: creates the current and coming months, and drops each month once every event
 * in it is older than the retention (so an event is kept between `retentionDays` and one month more).
 */
export function createAuditPartitionsJob(deps: {
  db: Knex;
  logger: Logger;
  options?: AuditPartitionsOptions;
}): ScheduledJob {
  const retentionDays = deps.options?.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  const monthsAhead = deps.options?.monthsAhead ?? 2;
  return {
    name: 'audit_trail_partitions',
    async run(now) {
      const created = await ensureAuditPartitions(deps.db, now, monthsLater(now, monthsAhead));
      const dropped = await dropAuditPartitionsBefore(
        deps.db,
        new Date(now.getTime() - retentionDays * DAY_MS),
      );
      if (created > 0 || dropped.length > 0) {
        deps.logger.info('audit trail partitions maintained', {
          created,
          dropped,
          retention_days: retentionDays,
        });
      }
    },
  };
}
