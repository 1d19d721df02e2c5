import type { EventDataBatch } from '@azure/event-hubs';
import type { Knex } from '@meridian/db';
import { isUuid, newId } from '@meridian/domain';
import { isIP } from 'node:net';
import type { Logger, SecretBox, TargetAllowList } from '@meridian/platform';
import { nextAttemptDelay } from '../delivery/retry-schedule';
import { forbiddenTargetReason, resolveWithDns, type ResolveHost } from '../delivery/webhook-sender';
import {
  acceptsEventType,
  encodeBody,
  messageProperties,
  routeEventHub,
  type AzureAmqpSettings,
} from './etl-routing';
import { createEventHubsProducers, defaultCreateProducer, type CreateProducer } from './event-hubs-producers';
import { groupBy } from '../group-by';

/**
 * ETL delivery to Azure Event Hubs (api-shapes §7.4): an outbox event becomes one `etl_messages` row for
 * its team environment's pipeline (when `azure_amqp` is enabled and the event type passes the prefix
 * filter); a polling loop claims due rows (FOR UPDATE SKIP LOCKED, lease moved forward), groups them by
 * pipeline and event hub, and sends one batch per user (partition key = user id) with the official
 * client. Failed attempts follow the webhook retry schedule; after the last one the row is `failed` with
 * `last_error` (the dead-letter record). The row id is the `idempotency-key`, the same on every attempt.
 */

export const ETL_DESTINATION = 'azure_amqp';
/** A claimed row is not picked up again for this long: well past a send's timeout. */
const MIN_CLAIM_LEASE_MS = 60_000;
const LAST_ERROR_LIMIT = 1000;

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

/** The namespace host of `Endpoint=sb://host[:port]/` in a connection string. */
function endpointHost(connectionString: string): string | null {
  const endpoint = /(?:^|;)\s*Endpoint\s*=\s*([^;]+)/i.exec(connectionString)?.[1];
  if (!endpoint) return null;
  try {
    return new URL(endpoint.trim()).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

interface MessageRow {
  id: string;
  event_id: string;
  team_id: string;
  environment: string;
  attempts: number;
}

interface EventRow {
  id: string;
  user_id: string | null;
  event_type: string;
  body: string;
}

interface PipelineRow {
  team_id: string;
  environment: string;
  preferences: { enabled?: unknown } | null;
  azure_amqp: AzureAmqpSettings | null;
  azure_connection_string_ciphertext: string | null;
  event_type_prefixes: string[] | null;
}

interface Outgoing {
  message: MessageRow;
  event: EventRow;
}

type Outcome = { ok: true } | { ok: false; error: string; permanent?: boolean };

const pipelineKey = (teamId: string, environment: string) => `${teamId}:${environment}`;

/** A pipeline whose `azure_amqp` destination is configured and enabled. */
type EnabledPipeline = PipelineRow & {
  azure_amqp: AzureAmqpSettings;
  azure_connection_string_ciphertext: string;
};

function azureEnabled(pipeline: PipelineRow | undefined): pipeline is EnabledPipeline {
  const enabled = pipeline?.preferences?.enabled;
  return (
    !!pipeline &&
    pipeline.azure_amqp !== null &&
    pipeline.azure_connection_string_ciphertext !== null &&
    Array.isArray(enabled) &&
    enabled.includes(ETL_DESTINATION)
  );
}

function describeError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const kind = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
  const message = typeof e.message === 'string' && e.message ? e.message : String(err);
  return `${kind}: ${message}`.slice(0, LAST_ERROR_LIMIT);
}

async function mapBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

const PIPELINE_CHECK_MS = 1000;

export function createEtlDelivery(deps: EtlDeliveryDeps): EtlDelivery {
  const pollMs = deps.pollMs ?? 250;
  const claimLimit = deps.claimLimit ?? 500;
  const claimLeaseMs = Math.max(MIN_CLAIM_LEASE_MS, (deps.sendTimeoutMs ?? 15_000) * 4);
  const producers = createEventHubsProducers(
    deps.createProducer ?? defaultCreateProducer(deps.sendTimeoutMs ?? 15_000),
    (err) => deps.logger.warn('closing an Event Hubs producer failed', { err }),
  );
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function loadPipelines(pairs: { team_id: string; environment: string }[]) {
    const unique = [...groupBy(pairs, (p) => pipelineKey(p.team_id, p.environment)).values()].map(
      (g) => g[0]!,
    );
    if (unique.length === 0) return new Map<string, PipelineRow>();
    const rows: PipelineRow[] = await deps
      .db('etl_pipelines')
      .where((q) => {
        for (const p of unique) q.orWhere({ team_id: p.team_id, environment: p.environment });
      })
      .select(
        'team_id',
        'environment',
        'preferences',
        'azure_amqp',
        'azure_connection_string_ciphertext',
        'event_type_prefixes',
      );
    return new Map(rows.map((r) => [pipelineKey(r.team_id, r.environment), r]));
  }

  // Whether any pipeline exists, re-read at most once a second (shared by concurrent fan-outs): most
  // deployments have none, and then an event costs no query at all. A pipeline created within that second
  // may miss the events of that second.
  let anyPipeline: { at: number; value: Promise<boolean> } | undefined;
  function pipelinesExist(): Promise<boolean> {
    const now = Date.now();
    if (!anyPipeline || now - anyPipeline.at >= PIPELINE_CHECK_MS) {
      const value = deps
        .db('etl_pipelines')
        .first(deps.db.raw('1 as one'))
        .then((row: unknown) => row !== undefined);
      value.catch(() => (anyPipeline = undefined));
      anyPipeline = { at: now, value };
    }
    return anyPipeline.value;
  }

  async function fanOut(eventId: string): Promise<string[]> {
    if (!isUuid(eventId)) return [];
    if (!(await pipelinesExist())) return [];
    // One lookup (event joined to its pipeline): most teams have none, and this runs for every event.
    const found: (PipelineRow & { event_type: string }) | undefined = await deps
      .db('outbox as o')
      .join('etl_pipelines as p', function () {
        this.on('p.team_id', '=', 'o.team_id').andOn('p.environment', '=', 'o.environment');
      })
      .where('o.id', eventId)
      .first(
        'o.event_type',
        'p.team_id',
        'p.environment',
        'p.preferences',
        'p.azure_amqp',
        'p.azure_connection_string_ciphertext',
        'p.event_type_prefixes',
      );
    if (!azureEnabled(found) || !acceptsEventType(found.event_type_prefixes, found.event_type)) return [];
    await deps
      .db('etl_messages')
      .insert({
        id: newId(),
        event_id: eventId,
        team_id: found.team_id,
        environment: found.environment,
        destination: ETL_DESTINATION,
        event_hub: routeEventHub(found.azure_amqp, found.event_type),
      })
      .onConflict(['event_id', 'team_id', 'environment', 'destination'])
      .ignore();
    const rows: { id: string }[] = await deps
      .db('etl_messages')
      .where({ event_id: eventId, destination: ETL_DESTINATION, status: 'pending' })
      .select('id');
    return rows.map((r) => r.id);
  }

  /** Moves the lease forward on up to `claimLimit` due rows in one statement; oldest due first. */
  async function claim(ids: readonly string[] | undefined): Promise<MessageRow[]> {
    const { rows } = await deps.db.raw<{ rows: MessageRow[] }>(
      `with due as (
         select id, next_attempt_at from etl_messages
          where status = 'pending' and destination = :destination and next_attempt_at <= now()
            ${ids ? 'and id = any(cast(:ids as text[]))' : ''}
          order by next_attempt_at
          limit :limit
          for update skip locked
       ), claimed as (
         update etl_messages m
            set next_attempt_at = :lease, updated_at = now()
           from due
          where m.id = due.id
          returning m.id, m.event_id, m.team_id, m.environment, m.attempts, due.next_attempt_at as due_at
       )
       select id, event_id, team_id, environment, attempts from claimed order by due_at`,
      {
        destination: ETL_DESTINATION,
        limit: claimLimit,
        lease: new Date(Date.now() + claimLeaseMs),
        ...(ids ? { ids: [...ids] } : {}),
      },
    );
    return rows;
  }

  async function record(messages: readonly MessageRow[], eventHub: string | null, outcome: Outcome) {
    if (messages.length === 0) return;
    if (outcome.ok) {
      await deps
        .db('etl_messages')
        .whereIn(
          'id',
          messages.map((m) => m.id),
        )
        .update({
          status: 'succeeded',
          attempts: deps.db.raw('attempts + 1'),
          last_error: null,
          event_hub: eventHub,
          updated_at: deps.db.fn.now(),
        });
      return;
    }
    const updates = messages.map((message) => {
      const attempts = message.attempts + 1;
      const delay = outcome.permanent
        ? null
        : nextAttemptDelay({ schedule: deps.schedule, attemptsMade: attempts, random: deps.random });
      return { id: message.id, attempts, delay };
    });
    const failed = updates.filter((u) => u.delay === null).map((u) => u.id);
    // Every row in one statement (a failed send can leave hundreds).
    await deps.db.raw(
      `update etl_messages m
          set status = v.status, attempts = v.attempts, last_error = :error,
              next_attempt_at = v.next_attempt_at,
              event_hub = coalesce(cast(:eventHub as text), m.event_hub), updated_at = now()
         from unnest(cast(:ids as text[]), cast(:statuses as text[]), cast(:attempts as int[]),
                     cast(:next as timestamptz[]))
              as v(id, status, attempts, next_attempt_at)
        where m.id = v.id`,
      {
        error: outcome.error,
        eventHub,
        ids: updates.map((u) => u.id),
        statuses: updates.map((u) => (u.delay === null ? 'failed' : 'pending')),
        attempts: updates.map((u) => u.attempts),
        next: updates.map((u) => new Date(Date.now() + (u.delay ?? 0))),
      },
    );
    if (failed.length > 0) {
      deps.logger.warn('ETL messages failed (dead letter)', {
        messageIds: failed,
        eventHub,
        error: outcome.error,
      });
    }
  }

  /** Sends one user's events in as few batches as fit; records each batch's outcome. */
  async function sendUserEvents(
    key: string,
    eventHub: string,
    connectionString: string,
    partitionKey: string | undefined,
    compression: AzureAmqpSettings['compression'],
    outgoing: readonly Outgoing[],
  ): Promise<void> {
    let index = 0;
    while (index < outgoing.length) {
      const client = producers.get(key, eventHub, connectionString);
      let batch: EventDataBatch;
      const inBatch: MessageRow[] = [];
      try {
        batch = await client.createBatch(partitionKey === undefined ? {} : { partitionKey });
        while (index < outgoing.length) {
          const { message, event } = outgoing[index]!;
          const { body, gzip } = encodeBody(event.body, compression);
          const added = batch.tryAdd({
            body,
            contentType: 'application/json',
            properties: messageProperties({
              id: message.id,
              eventType: event.event_type,
              userId: event.user_id,
              teamId: message.team_id,
              gzip,
            }),
          });
          if (!added) break;
          inBatch.push(message);
          index += 1;
        }
        if (inBatch.length === 0) {
          // Alone in an empty batch and still too large: it will never fit.
          const message = outgoing[index]!.message;
          index += 1;
          await record([message], eventHub, {
            ok: false,
            permanent: true,
            error: `MessageTooLargeError: the event exceeds the event hub's maximum message size (${batch.maxSizeInBytes} bytes)`,
          });
          continue;
        }
        await client.sendBatch(batch);
      } catch (err) {
        await producers.discard(key, eventHub);
        const unsent = [...inBatch, ...outgoing.slice(index).map((o) => o.message)];
        await record(unsent, eventHub, { ok: false, error: describeError(err) });
        return;
      }
      await record(inBatch, eventHub, { ok: true });
    }
  }

  /** Null when the endpoint may be reached; else the failed outcome to record (permanent when forbidden). */
  async function checkTarget(connectionString: string): Promise<Outcome | null> {
    const host = endpointHost(connectionString);
    if (host === null)
      return {
        ok: false,
        permanent: true,
        error: 'ConfigurationError: the connection string has no Endpoint host',
      };
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await (deps.resolveHost ?? resolveWithDns)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      return { ok: false, error: `TargetUnresolvedError: ${host} does not resolve` };
    const reason = forbiddenTargetReason(deps.allowList, host, addresses);
    if (reason === null) return null;
    return {
      ok: false,
      permanent: true,
      error: `TargetRefusedError: the Event Hubs endpoint address is ${reason}`,
    };
  }

  async function sendGroup(
    pipeline: EnabledPipeline,
    eventHub: string,
    outgoing: readonly Outgoing[],
  ): Promise<void> {
    const key = pipelineKey(pipeline.team_id, pipeline.environment);
    let connectionString: string;
    try {
      connectionString = deps.secretBox.open(pipeline.azure_connection_string_ciphertext);
    } catch {
      await record(
        outgoing.map((o) => o.message),
        eventHub,
        { ok: false, error: 'ConfigurationError: the stored connection string could not be decrypted' },
      );
      return;
    }
    const refusal = await checkTarget(connectionString);
    if (refusal !== null) {
      await record(
        outgoing.map((o) => o.message),
        eventHub,
        refusal,
      );
      return;
    }
    for (const userEvents of groupBy(outgoing, (o) => o.event.user_id ?? '').values()) {
      const userId = userEvents[0]!.event.user_id;
      await sendUserEvents(
        key,
        eventHub,
        connectionString,
        userId ?? undefined,
        pipeline.azure_amqp.compression,
        userEvents,
      );
    }
  }

  async function deliverDue(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const messages = await claim(ids);
    if (messages.length === 0) return 0;
    const events: EventRow[] = await deps
      .db('outbox')
      .whereIn('id', [...new Set(messages.map((m) => m.event_id))])
      .select('id', 'user_id', 'event_type', deps.db.raw('payload::text as body'));
    const eventsById = new Map(events.map((e) => [e.id, e]));
    const pipelines = await loadPipelines(messages);

    const gone: MessageRow[] = [];
    const disabled: MessageRow[] = [];
    const groups = new Map<string, { pipeline: EnabledPipeline; eventHub: string; outgoing: Outgoing[] }>();
    for (const message of messages) {
      const event = eventsById.get(message.event_id);
      const pipeline = pipelines.get(pipelineKey(message.team_id, message.environment));
      if (!event) gone.push(message);
      else if (!azureEnabled(pipeline)) disabled.push(message);
      else {
        const eventHub = routeEventHub(pipeline.azure_amqp, event.event_type);
        const groupKey = `${pipelineKey(pipeline.team_id, pipeline.environment)}|${eventHub}`;
        const group = groups.get(groupKey) ?? { pipeline, eventHub, outgoing: [] };
        group.outgoing.push({ message, event });
        groups.set(groupKey, group);
      }
    }
    await record(gone, null, {
      ok: false,
      permanent: true,
      error: 'EventGone: the event is no longer in the outbox',
    });
    await record(disabled, null, {
      ok: false,
      permanent: true,
      error: 'PipelineDisabled: the pipeline was removed or azure_amqp is no longer enabled',
    });
    await mapBounded([...groups.values()], deps.concurrency, async (group) => {
      try {
        await sendGroup(group.pipeline, group.eventHub, group.outgoing);
      } catch (err) {
        // The lease expires and the rows are tried again.
        deps.logger.error('ETL delivery attempt could not be recorded', { eventHub: group.eventHub, err });
      }
    });
    return messages.length;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await deliverDue();
      } catch (err) {
        deps.logger.warn('ETL delivery poll failed', { err });
      }
      if (claimed === 0 && !stopped && !woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      woken = false;
      wakeUp = undefined;
    }
  }

  return {
    fanOut,
    deliverDue,
    wake() {
      woken = true;
      wakeUp?.();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await producers.closeAll();
    },
    get openProducers() {
      return producers.size;
    },
  };
}
