import { ValidationError, type ValidationIssue } from '@meridian/domain';
import type { components } from '../../generated/openapi';
import { parseEventHubsConnectionString } from './event-hubs-connection-string';
import { isAmqpUri } from './rabbitmq-uri';

/** The request body (api-shapes §8.3 `UpsertEtlPipelines`), generated from the OpenAPI fragment. */
export type UpsertEtlPipelinesInput = components['schemas']['UpsertEtlPipelines'];
export type EtlDestination = components['schemas']['EtlDestination'];

/** The jsonb `azure_amqp` block: the non-secret settings the Event Hubs delivery reads. */
export interface AzureAmqpSettings {
  default_event_hub: string;
  event_hub_matchers: { event_type_prefix: string; event_hub: string }[] | null;
  compression: 'auto' | 'always';
}

/** One pipeline's configuration after validation, secrets still in clear (the service seals them). */
export interface EtlPipelineConfig {
  push_historical_data: boolean;
  provider_raw_data: boolean;
  preferences: { preferred: EtlDestination; enabled: EtlDestination[] };
  /** `endpoint`: the connection string's `sb://host[:port]/`, for the SSRF check of the upsert. */
  azure_amqp: { connectionString: string; endpoint: string; settings: AzureAmqpSettings } | null;
  cloud_pubsub: { project: string; topic: string; message_ordering: boolean } | null;
  rabbitmq: { uri: string; settings: { exchange: string } } | null;
  webhook: { regional: boolean } | null;
  event_type_prefixes: string[] | null;
}

/** Order in which a default `preferences` picks the preferred destination among the blocks given. */
const DESTINATIONS: readonly EtlDestination[] = ['azure_amqp', 'rabbitmq', 'cloud_pubsub', 'webhook'];

/** Stands in for secrets in 422 bodies: the caller sent them, but clients and proxies log error bodies. */
const REDACTED = '[redacted]';

function azureBlock(
  input: NonNullable<UpsertEtlPipelinesInput['azure_amqp']>,
  issues: ValidationIssue[],
): EtlPipelineConfig['azure_amqp'] {
  const loc = ['body', 'azure_amqp'];
  const parsed = parseEventHubsConnectionString(input.connection_string);
  if (!parsed.ok) {
    issues.push({
      loc: [...loc, 'connection_string'],
      msg: `Not an Event Hubs connection string: ${parsed.reason}`,
      type: 'value_error',
      input: REDACTED,
      ctx: { reason: parsed.reason },
    });
  }
  const matchers = input.event_hub_matchers ?? null;
  // a key scoped to one hub (EntityPath) cannot send to any other: the Azure SDK refuses the pair
  const entityPath = parsed.ok ? parsed.value.entityPath : null;
  if (entityPath !== null) {
    const hubs: [string[], string][] = [
      [[...loc, 'default_event_hub'], input.default_event_hub],
      ...(matchers ?? []).map((m, i): [string[], string] => [
        [...loc, 'event_hub_matchers', String(i), 'event_hub'],
        m.event_hub,
      ]),
    ];
    for (const [hubLoc, hub] of hubs) {
      if (hub !== entityPath) {
        issues.push({
          loc: hubLoc,
          msg: `The connection string is scoped to the event hub '${entityPath}' (EntityPath): it cannot send to '${hub}'`,
          type: 'value_error',
          input: hub,
          ctx: { entity_path: entityPath },
        });
      }
    }
  }
  return {
    connectionString: input.connection_string.trim(),
    endpoint: parsed.ok ? parsed.value.endpoint : '',
    settings: {
      default_event_hub: input.default_event_hub,
      event_hub_matchers:
        matchers?.map((m) => ({ event_type_prefix: m.event_type_prefix, event_hub: m.event_hub })) ?? null,
      compression: input.compression ?? 'auto',
    },
  };
}

function rabbitmqBlock(
  input: NonNullable<UpsertEtlPipelinesInput['rabbitmq']>,
  issues: ValidationIssue[],
): EtlPipelineConfig['rabbitmq'] {
  if (!isAmqpUri(input.uri)) {
    issues.push({
      loc: ['body', 'rabbitmq', 'uri'],
      msg: 'Not an amqp:// or amqps:// URI',
      type: 'value_error',
      input: REDACTED,
      ctx: { schemes: ['amqp', 'amqps'] },
    });
  }
  return { uri: input.uri, settings: { exchange: input.exchange } };
}

function preferencesOf(
  input: UpsertEtlPipelinesInput,
  config: Omit<EtlPipelineConfig, 'preferences'>,
  issues: ValidationIssue[],
): EtlPipelineConfig['preferences'] {
  const given = DESTINATIONS.filter((d) => config[d] !== null);
  if (!input.preferences) {
    const [preferred] = given;
    if (preferred !== undefined) return { preferred, enabled: given };
    issues.push({
      loc: ['body', 'preferences'],
      msg: 'Give preferences or at least one destination block (azure_amqp, rabbitmq, cloud_pubsub, webhook)',
      type: 'missing',
      input,
      ctx: {},
    });
    return { preferred: 'azure_amqp', enabled: [] };
  }
  const { preferred, enabled } = input.preferences;
  if (!enabled.includes(preferred)) {
    issues.push({
      loc: ['body', 'preferences', 'preferred'],
      msg: `The preferred destination '${preferred}' must be one of preferences.enabled`,
      type: 'value_error',
      input: preferred,
      ctx: { enabled },
    });
  }
  enabled.forEach((destination, i) => {
    if (config[destination] === null) {
      issues.push({
        loc: ['body', 'preferences', 'enabled', String(i)],
        msg: `The destination '${destination}' is enabled but the request has no ${destination} block`,
        type: 'value_error',
        input: destination,
        ctx: { missing_block: destination },
      });
    }
  });
  return { preferred, enabled: [...enabled] };
}

/**
 * Checks what the OpenAPI schema cannot (connection string, URI, preferences against the blocks) and
 * applies the defaults; every problem found is one item of a single 422.
 */
export function resolveEtlPipelineConfig(input: UpsertEtlPipelinesInput): EtlPipelineConfig {
  const issues: ValidationIssue[] = [];
  const blocks = {
    push_historical_data: input.push_historical_data ?? false,
    provider_raw_data: input.provider_raw_data ?? false,
    azure_amqp: input.azure_amqp ? azureBlock(input.azure_amqp, issues) : null,
    cloud_pubsub: input.cloud_pubsub
      ? {
          project: input.cloud_pubsub.project,
          topic: input.cloud_pubsub.topic,
          message_ordering: input.cloud_pubsub.message_ordering,
        }
      : null,
    rabbitmq: input.rabbitmq ? rabbitmqBlock(input.rabbitmq, issues) : null,
    webhook: input.webhook ? { regional: input.webhook.regional ?? false } : null,
    event_type_prefixes: input.event_type_prefixes ? [...input.event_type_prefixes] : null,
  };
  const preferences = preferencesOf(input, blocks, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  return { ...blocks, preferences };
}
