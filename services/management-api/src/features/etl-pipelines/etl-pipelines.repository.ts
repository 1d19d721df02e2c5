import type { Knex } from '@meridian/db';
import type { Environment, Region } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { afterPosition, cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';
import type { AzureAmqpSettings, EtlPipelineConfig } from './etl-pipeline-config';

/**
 * An `etl_pipelines` row. Secrets live only in the `*_ciphertext` columns (sealed with the platform secret
 * box); the jsonb blocks hold the non-secret settings the event delivery reads.
 */
export interface EtlPipelineRow {
  team_id: string;
  environment: Environment;
  push_historical_data: boolean;
  provider_raw_data: boolean;
  preferences: EtlPipelineConfig['preferences'];
  azure_amqp: AzureAmqpSettings | null;
  azure_connection_string_ciphertext: string | null;
  cloud_pubsub: EtlPipelineConfig['cloud_pubsub'];
  rabbitmq: { exchange: string } | null;
  rabbitmq_uri_ciphertext: string | null;
  webhook: EtlPipelineConfig['webhook'];
  event_type_prefixes: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export type NewEtlPipeline = EtlPipelineRow;

/** Where pipelines live: teams of an org in one region, and one environment. */
export interface EtlPipelinePlace {
  orgId: string;
  environment: Environment;
  region: Region;
}

export interface EtlPipelineListFilter {
  teamId?: string;
  /** Only pipelines of these teams (a Team Management Key's bindings); undefined = every team. */
  reachableTeamIds?: string[];
  after?: KeysetPosition;
}

const JSONB_COLUMNS = ['preferences', 'azure_amqp', 'cloud_pubsub', 'rabbitmq', 'webhook'] as const;
/** Columns an upsert replaces; `created_at` stays, so a pipeline keeps its place in the list. */
const REPLACED_COLUMNS = [
  'push_historical_data',
  'provider_raw_data',
  ...JSONB_COLUMNS,
  'azure_connection_string_ciphertext',
  'rabbitmq_uri_ciphertext',
  'event_type_prefixes',
  'updated_at',
] as const;

function toDbValues(pipeline: NewEtlPipeline): Record<string, unknown> {
  const values: Record<string, unknown> = { ...pipeline };
  for (const column of JSONB_COLUMNS) {
    const value = pipeline[column];
    values[column] = value === null ? null : JSON.stringify(value);
  }
  return values;
}

export function createEtlPipelinesRepository(db: Knex) {
  const teamsIn = (place: EtlPipelinePlace) =>
    db('teams as t').where({ 't.org_id': place.orgId, 't.region': place.region });
  const pipelinesIn = (place: EtlPipelinePlace) =>
    db('etl_pipelines as p')
      .join('teams as t', 't.id', 'p.team_id')
      .where({ 't.org_id': place.orgId, 't.region': place.region, 'p.environment': place.environment });

  return {
    /**
     * The teams of the place among `teamIds`, or every team of the place when `teamIds` is undefined
     * (narrowed to `reachableTeamIds` when given), ordered by creation.
     */
    async teamIds(
      place: EtlPipelinePlace,
      teamIds: readonly string[] | undefined,
      reachableTeamIds?: readonly string[],
    ): Promise<string[]> {
      let q = teamsIn(place)
        .select('t.id')
        .orderBy([{ column: 't.created_on' }, { column: 't.id' }]);
      if (teamIds !== undefined) q = q.whereIn('t.id', teamIds);
      if (reachableTeamIds !== undefined) q = q.whereIn('t.id', reachableTeamIds);
      return ((await q) as { id: string }[]).map((r) => r.id);
    },

    async list(
      place: EtlPipelinePlace,
      filter: EtlPipelineListFilter,
      limit: number,
    ): Promise<Page<EtlPipelineRow & KeysetRow>> {
      let q = pipelinesIn(place)
        .select('p.*', 'p.team_id as id', cursorColumn(db, 'p.created_at'))
        .orderBy([{ column: 'p.created_at' }, { column: 'p.team_id' }])
        .limit(limit + 1);
      if (filter.teamId !== undefined) q = q.where('p.team_id', filter.teamId);
      if (filter.reachableTeamIds) q = q.whereIn('p.team_id', filter.reachableTeamIds);
      q = afterPosition(q, 'p.created_at', 'p.team_id', filter.after);
      return toPage((await q) as (EtlPipelineRow & KeysetRow)[], limit);
    },

    /** Inserts or replaces each team's pipeline of that environment; rows come back in input order. */
    async upsert(pipelines: readonly NewEtlPipeline[]): Promise<EtlPipelineRow[]> {
      if (pipelines.length === 0) return [];
      const rows = (await db('etl_pipelines')
        .insert(pipelines.map(toDbValues))
        .onConflict(['team_id', 'environment'])
        .merge([...REPLACED_COLUMNS])
        .returning('*')) as EtlPipelineRow[];
      const byTeam = new Map(rows.map((r) => [r.team_id, r]));
      return pipelines.map((p) => byTeam.get(p.team_id)!);
    },

    /** Deletes the environment's pipelines of `teamIds` and returns them, ordered by creation. */
    async delete(environment: Environment, teamIds: readonly string[]): Promise<EtlPipelineRow[]> {
      if (teamIds.length === 0) return [];
      const rows = (await db('etl_pipelines')
        .where({ environment })
        .whereIn('team_id', teamIds)
        .delete()
        .returning('*')) as EtlPipelineRow[];
      // the list's order: creation time, then team id (uuid order is the order of its lowercase text)
      const key = (r: EtlPipelineRow) => `${r.created_at.toISOString()},${r.team_id}`;
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    },
  };
}

export type EtlPipelinesRepository = ReturnType<typeof createEtlPipelinesRepository>;
