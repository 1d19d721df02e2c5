import { createOutboxRepository, withTransaction, type OutboxEvent } from '@meridian/db';
import { timeseriesBySlug } from '@meridian/domain';
import type { Knex } from 'knex';
import { DATA_EVENT_RESOURCES } from './events/data-event-resources';
import { userEvent } from './events/event-owner';
import { loadIngestionUser, type IngestionUser } from './storage/ingestion-user.repository';
import { checkProvider } from './validation/check-source';
import { IssueList } from './validation/issue-list';
import { formatDateTime } from './wire/format-date-time';

export interface HistoricalPullCompletion {
  userId: string;
  provider: string;
  /** Event resource names (`weight`) or timeseries slugs (`body_weight`); hypnogram is skipped. */
  resources: string[];
  rangeStart: Date;
  rangeEnd: Date;
}

/**
 * Once every chunk of a historical pull is ingested: one `historical.data.<resource>.created` per
 * resource, `{user_id, start_date, end_date, provider}` (`is_final` was removed on 2024-06-30). Returns the
 * outbox ids.
 */
export async function completeHistoricalPull(db: Knex, input: HistoricalPullCompletion): Promise<string[]> {
  return withTransaction(db, async (trx) => {
    const user = await loadIngestionUser(trx, input.userId);
    const issues = new IssueList();
    checkProvider(input.provider, ['provider'], issues);
    const validDate = (d: unknown) => d instanceof Date && !Number.isNaN(d.getTime());
    if (!validDate(input.rangeStart))
      issues.add(['rangeStart'], 'Input should be a valid date-time', 'datetime_type', input.rangeStart);
    if (!validDate(input.rangeEnd))
      issues.add(['rangeEnd'], 'Input should be a valid date-time', 'datetime_type', input.rangeEnd);
    else if (validDate(input.rangeStart) && input.rangeEnd < input.rangeStart) {
      issues.add(
        ['rangeEnd'],
        'rangeEnd must not be before rangeStart',
        'greater_than_equal',
        input.rangeEnd,
      );
    }
    const resources: string[] = [];
    (Array.isArray(input.resources) ? input.resources : []).forEach((r, i) => {
      const resource = typeof r === 'string' ? (timeseriesBySlug(r)?.resource ?? r) : '';
      if (resource === 'hypnogram') return;
      if (DATA_EVENT_RESOURCES.has(resource)) {
        if (!resources.includes(resource)) resources.push(resource);
      } else issues.add(['resources', i], 'Unknown data resource', 'enum', r);
    });
    issues.throwIfAny();
    return createOutboxRepository(trx).append(
      resources.map((resource) =>
        historicalPullEvent(user, {
          provider: input.provider,
          resource,
          rangeStart: input.rangeStart,
          rangeEnd: input.rangeEnd,
        }),
      ),
    );
  });
}

/**
 * The `historical.data.<resource>.created` event of `completeHistoricalPull`, for a caller that has read the
 * user (`ingestionUserColumns`) and checked its input (an event resource of `DATA_EVENT_RESOURCES`, a range
 * whose end is not before its start), and writes the event itself.
 */
export function historicalPullEvent(
  user: IngestionUser,
  input: { provider: string; resource: string; rangeStart: Date; rangeEnd: Date },
): OutboxEvent {
  return userEvent(user, `historical.data.${input.resource}.created`, {
    user_id: user.id,
    start_date: formatDateTime(input.rangeStart),
    end_date: formatDateTime(input.rangeEnd),
    provider: input.provider,
  });
}
