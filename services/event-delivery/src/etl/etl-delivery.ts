import pLimit from 'p-limit';
import type { Knex } from '@meridian/db';
import { isUuid } from '@meridian/domain';
import type { Logger, SecretBox, TargetAllowList } from '@meridian/platform';
import type { ResolveHost } from '../delivery/webhook-sender';
import { groupBy } from '../group-by';
import { createPollLoop } from '../poll-loop';
import {
  createEtlMessagesRepository,
  ETL_DESTINATION,
  pipelineKey,
  type EtlEvent,
  type EtlMessage,
  type EtlMessagesRepository,
  type EtlPipeline,
} from './etl-messages.repository';
import { scheduleRetries, type EtlOutcome } from './etl-outcome';
import { acceptsEventType, routeEventHub, type AzureAmqpSettings } from './etl-routing';
import {
  createEventHubsProducers,
  defaultCreateProducer,
  type CreateProducer,
  type EventHubsProducers,
} from './event-hubs-producers';
import { sendUserEvents, type Outgoing } from './event-hubs-send';
import { checkEventHubsTarget } from './event-hubs-target';

export { ETL_DESTINATION } from './etl-messages.repository';

/**
 * ETL delivery to Azure Event Hubs (api-shapes §7.4): an outbox event becomes one `etl_messages` row for
 * its team environment's pipeline (when `azure_amqp` is enabled and the event type passes the prefix
 * filter); the polling loop claims due rows and takes them through the same steps — claim → route (by
 * pipeline and event hub) → check the endpoint → send one batch per user (partition key = user id) with
 * the official client → record the outcome, scheduling a retry per the webhook schedule; after the last
 * attempt the row is `failed` with `last_error` (the dead-letter record). The row id is the
 * `idempotency-key`, the same on every attempt.
 */

/** A claimed row is not picked up again for this long: well past a send's timeout. */
const MIN_CLAIM_LEASE_MS = 60_000;
/** How long the answer to "does any pipeline exist" is reused. */
const PIPELINE_CHECK_MS = 1000;

export interface EtlDelivery {
  /** Creates the ETL message of an outbox event (idempotent); returns the pending ids. */
  fanOut(eventId: string): Promise<string[]>;
  /** Sends the due pending messages (optionally only `ids`); returns how many were claimed. */
  deliverDue(ids?: readonly string[]): Promise<number>;
  wake(): void;
  start(): void;
  /** Stops the loop, waits for in-flight sends and closes every producer client. */
  stop(): Promise<void>;
  /** Open producer clients. */
  readonly openProducers: number;
}

export interface EtlDeliveryDeps {
  db: Knex;
  logger: Logger;
  secretBox: SecretBox;
  /** Delays before each attempt; its length is the number of attempts (as for webhooks). */
  schedule: readonly number[];
  concurrency: number;
  pollMs?: number;
  random?: () => number;
  /** Bound on one send (connection, CBS, link, transfer); default 15 s. */
  sendTimeoutMs?: number;
  createProducer?: CreateProducer;
  /** Rows claimed per poll. */
  claimLimit?: number;
  /**
   * The SSRF rules of webhooks apply to Event Hubs endpoints too: a namespace host resolving to a private,
   * loopback, link-local or metadata address is refused unless allow-listed (WEBHOOK_ALLOWED_TARGETS).
   */
  allowList: TargetAllowList;
  resolveHost?: ResolveHost;
}

/** A pipeline whose `azure_amqp` destination is configured and enabled. */
type EnabledPipeline = EtlPipeline & {
  azureAmqp: AzureAmqpSettings;
  azureConnectionStringCiphertext: string;
};

function azureEnabled(pipeline: EtlPipeline | undefined): pipeline is EnabledPipeline {
  const enabled = pipeline?.preferences?.enabled;
  return (
    !!pipeline &&
    pipeline.azureAmqp !== null &&
    pipeline.azureConnectionStringCiphertext !== null &&
    Array.isArray(enabled) &&
    enabled.includes(ETL_DESTINATION)
  );
}

/** Claimed messages bound for one event hub of one pipeline. */
interface HubGroup {
  pipeline: EnabledPipeline;
  eventHub: string;
  outgoing: Outgoing[];
}

/**
 * Route: each claimed message to its pipeline's event hub; `gone` when its event was purged, `disabled`
 * when its pipeline was removed or no longer enables `azure_amqp`.
 */
export function routeClaimed(
  messages: readonly EtlMessage[],
  events: ReadonlyMap<string, EtlEvent>,
  pipelines: ReadonlyMap<string, EtlPipeline>,
): { gone: EtlMessage[]; disabled: EtlMessage[]; groups: HubGroup[] } {
  const gone: EtlMessage[] = [];
  const disabled: EtlMessage[] = [];
  const groups = new Map<string, HubGroup>();
  for (const message of messages) {
    const event = events.get(message.eventId);
    const pipeline = pipelines.get(pipelineKey(message.teamId, message.environment));
    if (!event) gone.push(message);
    else if (!azureEnabled(pipeline)) disabled.push(message);
    else {
      const eventHub = routeEventHub(pipeline.azureAmqp, event.eventType);
      const groupKey = `${pipelineKey(pipeline.teamId, pipeline.environment)}|${eventHub}`;
      const group = groups.get(groupKey) ?? { pipeline, eventHub, outgoing: [] };
      group.outgoing.push({ message, event });
      groups.set(groupKey, group);
    }
  }
  return { gone, disabled, groups: [...groups.values()] };
}

/** What the steps share: the process's dependencies, the repository and the open producer clients. */
interface EtlContext {
  deps: EtlDeliveryDeps;
  repository: EtlMessagesRepository;
  producers: EventHubsProducers;
}

/** Record: the outcome of an attempt on `messages`; a failure is retried per the schedule or dead-lettered. */
async function recordOutcome(
  ctx: EtlContext,
  messages: readonly EtlMessage[],
  eventHub: string | null,
  outcome: EtlOutcome,
): Promise<void> {
  if (messages.length === 0) return;
  if (outcome.ok) {
    await ctx.repository.markSucceeded(
      messages.map((m) => m.id),
      eventHub,
    );
    return;
  }
  const failures = scheduleRetries(messages, outcome, {
    schedule: ctx.deps.schedule,
    random: ctx.deps.random,
  });
  await ctx.repository.recordFailures(failures, outcome.error, eventHub);
  const deadLetters = failures.filter((f) => f.nextAttemptAt === null).map((f) => f.id);
  if (deadLetters.length > 0) {
    ctx.deps.logger.warn('ETL messages failed (dead letter)', {
      messageIds: deadLetters,
      eventHub,
      error: outcome.error,
    });
  }
}

/** Opens the pipeline's connection string, checks its endpoint, then sends each user's events. */
async function sendHubGroup(ctx: EtlContext, { pipeline, eventHub, outgoing }: HubGroup): Promise<void> {
  const messages = outgoing.map((o) => o.message);
  let connectionString: string;
  try {
    connectionString = ctx.deps.secretBox.open(pipeline.azureConnectionStringCiphertext);
  } catch {
    await recordOutcome(ctx, messages, eventHub, {
      ok: false,
      error: 'ConfigurationError: the stored connection string could not be decrypted',
    });
    return;
  }
  const refusal = await checkEventHubsTarget(connectionString, ctx.deps);
  if (refusal !== null) {
    await recordOutcome(ctx, messages, eventHub, refusal);
    return;
  }
  const record = (sent: readonly EtlMessage[], hub: string, outcome: EtlOutcome) =>
    recordOutcome(ctx, sent, hub, outcome);
  for (const userEvents of groupBy(outgoing, (o) => o.event.userId ?? '').values()) {
    const target = {
      producers: ctx.producers,
      pipelineKey: pipelineKey(pipeline.teamId, pipeline.environment),
      eventHub,
      connectionString,
      partitionKey: userEvents[0]!.event.userId ?? undefined,
      compression: pipeline.azureAmqp.compression,
    };
    await sendUserEvents(target, userEvents, record);
  }
}

export function createEtlDelivery(deps: EtlDeliveryDeps): EtlDelivery {
  const claimLimit = deps.claimLimit ?? 500;
  const claimLeaseMs = Math.max(MIN_CLAIM_LEASE_MS, (deps.sendTimeoutMs ?? 15_000) * 4);
  const repository = createEtlMessagesRepository(deps.db);
  const ctx: EtlContext = {
    deps,
    repository,
    producers: createEventHubsProducers(
      deps.createProducer ?? defaultCreateProducer(deps.sendTimeoutMs ?? 15_000),
      (err) => deps.logger.warn('closing an Event Hubs producer failed', { err }),
    ),
  };
  /** At most `concurrency` event hubs sent to at once. */
  const sendSlots = pLimit(deps.concurrency);

  // Whether any pipeline exists, re-read at most once a second (shared by concurrent fan-outs): most
  // deployments have none, and then an event costs no query at all. A pipeline created within that second
  // may miss the events of that second.
  let anyPipeline: { at: number; value: Promise<boolean> } | undefined;
  function pipelinesExist(): Promise<boolean> {
    const now = Date.now();
    if (!anyPipeline || now - anyPipeline.at >= PIPELINE_CHECK_MS) {
      const value = repository.anyPipeline();
      value.catch(() => (anyPipeline = undefined));
      anyPipeline = { at: now, value };
    }
    return anyPipeline.value;
  }

  async function fanOut(eventId: string): Promise<string[]> {
    if (!isUuid(eventId)) return [];
    if (!(await pipelinesExist())) return [];
    // One lookup (event joined to its pipeline): most teams have none, and this runs for every event.
    const found = await repository.findEventPipeline(eventId);
    if (!found) return [];
    const { eventType, pipeline } = found;
    if (!azureEnabled(pipeline) || !acceptsEventType(pipeline.eventTypePrefixes, eventType)) return [];
    await repository.insertMessage({
      eventId,
      teamId: pipeline.teamId,
      environment: pipeline.environment,
      eventHub: routeEventHub(pipeline.azureAmqp, eventType),
    });
    return repository.pendingMessageIds(eventId);
  }

  async function deliverDue(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const leaseUntil = new Date(Date.now() + claimLeaseMs);
    const messages = await repository.claimDue({ ...(ids ? { ids } : {}), limit: claimLimit, leaseUntil });
    if (messages.length === 0) return 0;
    const events = await repository.loadEvents(messages.map((m) => m.eventId));
    const pipelines = await repository.loadPipelines(messages);
    const { gone, disabled, groups } = routeClaimed(messages, events, pipelines);
    await recordOutcome(ctx, gone, null, {
      ok: false,
      permanent: true,
      error: 'EventGone: the event is no longer in the outbox',
    });
    await recordOutcome(ctx, disabled, null, {
      ok: false,
      permanent: true,
      error: 'PipelineDisabled: the pipeline was removed or azure_amqp is no longer enabled',
    });
    await Promise.all(
      groups.map((group) =>
        sendSlots(async () => {
          try {
            await sendHubGroup(ctx, group);
          } catch (err) {
            // The lease expires and the rows are tried again.
            deps.logger.error('ETL delivery attempt could not be recorded', {
              eventHub: group.eventHub,
              err,
            });
          }
        }),
      ),
    );
    return messages.length;
  }

  const loop = createPollLoop({
    pollMs: deps.pollMs ?? 250,
    poll: async () => (await deliverDue()) > 0,
    onError: (err) => deps.logger.warn('ETL delivery poll failed', { err }),
  });

  return {
    fanOut,
    deliverDue,
    wake: () => loop.wake(),
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      await ctx.producers.closeAll();
    },
    get openProducers() {
      return ctx.producers.size;
    },
  };
}
