import { NotFoundError, type Environment, type Region } from '@meridian/domain';
import type { CursorCodec, SecretBox } from '@meridian/platform';
import type { components } from '../../generated/openapi';
import type { ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import type { UnitOfWork } from '../shared/unit-of-work';
import { resolveEtlPipelineConfig, type UpsertEtlPipelinesInput } from './etl-pipeline-config';
import { assertSafeEventHubsEndpoint, type DestinationTargetRules } from './event-hubs-target';
import { redactStoredConnectionString } from './event-hubs-connection-string';
import { redactAmqpUri } from './rabbitmq-uri';
import type { EtlPipelinePlace, EtlPipelineRow } from './etl-pipelines.repository';

/** `EtlPipeline` (api-shapes §8.3): secrets redacted. */
export type EtlPipeline = components['schemas']['EtlPipeline'];

export interface EtlPipelineWhere {
  orgId: string;
  environment: Environment;
  region: Region;
}

export function createEtlPipelinesService(deps: {
  uow: UnitOfWork<'etlPipelines'>;
  region: Region;
  secretBox: SecretBox;
  clock: () => Date;
  /** The SSRF rules of webhooks, applied to the Event Hubs endpoint (as the delivery does before each send). */
  targetRules: DestinationTargetRules;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow, secretBox } = deps;

  /** A deployment serves one region (api-shapes §1): the other one is not found here. */
  function placeOf(where: EtlPipelineWhere): EtlPipelinePlace {
    if (where.region !== deps.region) {
      throw new NotFoundError(`This deployment does not serve region '${where.region}'.`);
    }
    return where;
  }

  /** Team Management Keys reach their bound teams; undefined = the whole org. */
  const reachableOf = (principal: ManagementPrincipal) =>
    principal.role === 'org_admin' ? undefined : principal.teamIds;

  const teamNotFound = () => new NotFoundError('Team not found in this region.');

  function toEtlPipeline(row: EtlPipelineRow): EtlPipeline {
    return {
      team_id: row.team_id,
      push_historical_data: row.push_historical_data,
      provider_raw_data: row.provider_raw_data,
      preferences: row.preferences,
      azure_amqp:
        row.azure_amqp && row.azure_connection_string_ciphertext
          ? {
              connection_string: redactStoredConnectionString(
                secretBox.open(row.azure_connection_string_ciphertext),
              ),
              default_event_hub: row.azure_amqp.default_event_hub,
              event_hub_matchers: row.azure_amqp.event_hub_matchers,
              compression: row.azure_amqp.compression,
            }
          : null,
      cloud_pubsub: row.cloud_pubsub,
      rabbitmq:
        row.rabbitmq && row.rabbitmq_uri_ciphertext
          ? {
              uri: redactAmqpUri(secretBox.open(row.rabbitmq_uri_ciphertext)),
              exchange: row.rabbitmq.exchange,
            }
          : null,
      webhook: row.webhook,
      event_type_prefixes: row.event_type_prefixes,
    };
  }

  return {
    async list(
      principal: ManagementPrincipal,
      where: EtlPipelineWhere,
      query: { teamId?: string; nextCursor?: string },
    ): Promise<{ pipelines: EtlPipeline[]; next_cursor: string | null }> {
      const place = placeOf(where);
      const scope = listScope('etl-pipelines', place.orgId, place.environment, place.region);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const page = await uow.read(async ({ etlPipelines }) => {
        if (query.teamId !== undefined && (await etlPipelines.teamIds(place, [query.teamId])).length === 0) {
          throw teamNotFound();
        }
        return etlPipelines.list(
          place,
          { teamId: query.teamId, reachableTeamIds: reachableOf(principal), after },
          MANAGEMENT_PAGE_SIZE,
        );
      });
      return {
        pipelines: page.items.map(toEtlPipeline),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    /** Writes one configuration to every named (or reachable) team, all or nothing. */
    async upsert(
      principal: ManagementPrincipal,
      where: EtlPipelineWhere,
      input: UpsertEtlPipelinesInput,
    ): Promise<EtlPipeline[]> {
      const place = placeOf(where);
      const config = resolveEtlPipelineConfig(input);
      if (config.azure_amqp) await assertSafeEventHubsEndpoint(config.azure_amqp.endpoint, deps.targetRules);
      const named = input.team_ids && [...new Set(input.team_ids.map((id) => id.toLowerCase()))];
      const now = deps.clock();
      const rows = await uow.write(async ({ etlPipelines }) => {
        const found = await etlPipelines.teamIds(place, named, reachableOf(principal));
        if (named && found.length !== named.length) throw teamNotFound();
        return etlPipelines.upsert(
          (named ?? found).map((teamId) => ({
            team_id: teamId,
            environment: place.environment,
            push_historical_data: config.push_historical_data,
            provider_raw_data: config.provider_raw_data,
            preferences: config.preferences,
            azure_amqp: config.azure_amqp?.settings ?? null,
            azure_connection_string_ciphertext: config.azure_amqp
              ? secretBox.seal(config.azure_amqp.connectionString)
              : null,
            cloud_pubsub: config.cloud_pubsub,
            rabbitmq: config.rabbitmq?.settings ?? null,
            rabbitmq_uri_ciphertext: config.rabbitmq ? secretBox.seal(config.rabbitmq.uri) : null,
            webhook: config.webhook,
            event_type_prefixes: config.event_type_prefixes,
            created_at: now,
            updated_at: now,
          })),
        );
      });
      return rows.map(toEtlPipeline);
    },

    /** Removes the environment's pipelines of the named (or every reachable) team; returns the removed ones. */
    async remove(
      principal: ManagementPrincipal,
      where: EtlPipelineWhere,
      teamIds: readonly string[] | undefined,
    ): Promise<EtlPipeline[]> {
      const place = placeOf(where);
      const named = teamIds && [...new Set(teamIds.map((id) => id.toLowerCase()))];
      const rows = await uow.write(async ({ etlPipelines }) => {
        const found = await etlPipelines.teamIds(place, named, reachableOf(principal));
        if (named && found.length !== named.length) throw teamNotFound();
        return etlPipelines.delete(place.environment, found);
      });
      return rows.map(toEtlPipeline);
    },
  };
}

export type EtlPipelinesService = ReturnType<typeof createEtlPipelinesService>;
