import type { OutboxEvent } from '@meridian/db';
import type { Knex } from 'knex';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { WrittenBatch } from '../write-batch';
import { batchEvents } from './batch-events';

/**
 * `push_historical_data` (api-shapes §7.4): when the user's team environment has an Azure Event Hubs
 * pipeline that asks for historical data, a historical chunk also writes its `daily.data.*` events,
 * marked ETL-only so webhooks and the events feed skip them. Otherwise a historical chunk writes none.
 */
export async function historicalEtlEvents(
  trx: Knex.Transaction,
  user: IngestionUser,
  written: WrittenBatch,
): Promise<OutboxEvent[]> {
  const pipeline: { team_id: string } | undefined = await trx('etl_pipelines')
    .where({ team_id: user.teamId, environment: user.environment, push_historical_data: true })
    .whereNotNull('azure_amqp')
    .whereRaw(`preferences->'enabled' @> ?::jsonb`, [JSON.stringify(['azure_amqp'])])
    .first('team_id');
  if (!pipeline) return [];
  return batchEvents(user, written).map((event) => ({ ...event, etlOnly: true }));
}
