/**
 * A user's data changed (a `daily.data.<R>.*` or `historical.data.<R>.created` event relayed from the
 * outbox): every active continuous query of the user's team environment that depends on `<R>` gets a
 * scheduled task for that user, handed to the run queue at once. A query that already has a scheduled task
 * for the user (not started yet, or deferred by the gap) is covered by it; so is a change whose ingest
 * transaction already scheduled a task through another of its events.
 */
import { withTransaction, type Knex } from '@meridian/db';
import { createContinuousQueryTasksRepository } from './continuous-query-tasks.repository';

const DATA_EVENT =
  /^(?:daily\.data\.([a-z0-9_]+)\.(?:created|updated)|historical\.data\.([a-z0-9_]+)\.created)$/;

/** Hypnograms (`sleep_cycle`) feed the sleep value macros, which depend on `sleep`. */
const ALSO_CHANGES: Readonly<Record<string, readonly string[]>> = { sleep_cycle: ['sleep'] };

/** The `resource_dependencies` values a data event type touches; empty for any other event type. */
export function dependenciesOfEventType(eventType: string): string[] {
  const m = DATA_EVENT.exec(eventType);
  const resource = m?.[1] ?? m?.[2];
  if (!resource) return [];
  return [resource, ...(ALSO_CHANGES[resource] ?? [])];
}

interface OutboxEventRow {
  user_id: string | null;
  event_type: string;
  created_at: Date;
}

/** Schedules the queries a relayed data event concerns; returns the new tasks to dispatch. */
export async function scheduleOnDataChange(db: Knex, eventId: string, now: Date): Promise<string[]> {
  const event = await db('outbox')
    .where({ id: eventId })
    .first<OutboxEventRow | undefined>('user_id', 'event_type', 'created_at');
  // Not in this database (pruned, or another deployment sharing the broker) or not a user's data: nothing.
  if (!event?.user_id) return [];
  const resources = dependenciesOfEventType(event.event_type);
  if (resources.length === 0) return [];
  const userId = event.user_id;
  return withTransaction(db, async (trx) => {
    const repo = createContinuousQueryTasksRepository(trx);
    const user = await repo.findLiveUser(userId);
    if (!user || user.deleted_at !== null || !user.feature_enabled) return [];
    const scheduled: string[] = [];
    for (const queryId of await repo.dependentQueryIds(user, resources)) {
      if (await repo.coversChange(queryId, userId, event.created_at)) continue;
      const taskId = await repo.schedule({
        queryId,
        userId,
        at: now,
        changedAt: event.created_at,
        dispatchedAt: now,
      });
      if (taskId) scheduled.push(taskId);
    }
    return scheduled;
  });
}
