import { connectorFor } from '@meridian/connectors';
import type { Knex } from '@meridian/db';
import { createIngestion, DATA_EVENT_RESOURCES } from '@meridian/ingestion';
import { createConnectionsRepository } from './connections.repository';
import type { SyncRun } from './sync-run';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * When the last stream of a connection finishes its history, one `historical.data.<resource>.created` per
 * resource pulled (only resources with data events). The connection row is locked first, so two streams
 * finishing at once are serialised and exactly one of them sees no historical stream left.
 */
export async function completeConnectionHistory(run: SyncRun, trx: Knex.Transaction): Promise<string[]> {
  const { connection } = run;
  await createConnectionsRepository(trx).find(connection.id, { forUpdate: true });
  const streams = createSyncStreamsRepository(trx);
  if ((await streams.remainingHistorical(connection.id)) > 0) return [];
  const span = await streams.span(connection.id);
  if (!span) return [];
  const names = new Set((await streams.listForConnection(connection.id)).map((s) => s.stream));
  const connector = connectorFor(connection.provider);
  const resources = new Set<string>();
  for (const spec of connector?.streams ?? []) {
    if (!names.has(spec.name)) continue;
    for (const r of spec.resources) if (run.enabled.has(r) && DATA_EVENT_RESOURCES.has(r)) resources.add(r);
  }
  if (resources.size === 0) return [];
  return createIngestion({ db: trx, clock: run.deps.clock }).completeHistoricalPull({
    userId: connection.userId,
    provider: connection.provider,
    resources: [...resources],
    rangeStart: span.start,
    rangeEnd: span.end,
  });
}
