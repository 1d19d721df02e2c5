import { randomBytes } from 'node:crypto';
import type { AddressInfo, Server, Socket } from 'node:net';
import {
  create_container,
  type AmqpError,
  type Connection,
  type Container,
  type Delivery,
  type EventContext,
  type Message,
  type Receiver,
  type Sender,
} from 'rhea';
import { decodeTransfer, type AmqpMessageFields, type DecodedEvent } from './batch-message';
import { audienceCovers, audiencePath, verifySasToken, type SasKey } from './sas-token';

/**
 * A local Azure Event Hubs namespace for tests, on rhea: plain AMQP 1.0 (no TLS), SASL ANONYMOUS/PLAIN, the
 * `$cbs` put-token exchange (SAS signatures checked against the configured key; a bad one → status 401),
 * `$management` READ of hub and partition properties, and sender links to `<hub>` or
 * `<hub>/Partitions/<n>` taking batched (format 0x80013700) or single messages. The real
 * `EventHubProducerClient` works against it with
 * `Endpoint=sb://127.0.0.1:<port>;SharedAccessKeyName=…;SharedAccessKey=…;UseDevelopmentEmulator=true`.
 * It records every accepted event and can fail sends or drop all connections on demand.
 */

export interface ReceivedEvent {
  hub: string;
  partitionId: string;
  /** The `x-opt-partition-key` annotation, as the client set it. */
  partitionKey: string | undefined;
  /** Application properties. */
  properties: Record<string, unknown>;
  body: Buffer;
  messageId: unknown;
  contentType: string | undefined;
  sequenceNumber: number;
  enqueuedAt: Date;
}

/** An event of a transfer refused by `failNextSends` (decoded, so tests can see what each attempt carried). */
export interface RejectedEvent extends DecodedEvent {
  hub: string;
}

export interface EventHubsEmulatorOptions {
  /** Event hub names that exist; anything else is `com.microsoft:entity-not-found`. */
  hubs: readonly string[];
  /** Partitions per hub (default 2). */
  partitionCount?: number;
  /** The namespace's shared access key (default `RootManageSharedAccessKey` + 32 random bytes). */
  keyName?: string;
  key?: string;
  host?: string;
  /** 0 (default) = a free port. */
  port?: number;
  /** Largest transfer a sender link accepts, announced on attach (default 1 MiB, as Event Hubs Standard). */
  maxMessageSize?: number;
}

export interface InjectedFailure {
  condition: string;
  description: string;
}

export interface EventHubsEmulator {
  readonly host: string;
  readonly port: number;
  readonly keyName: string;
  readonly key: string;
  /** Events accepted so far, in arrival order. */
  readonly events: readonly ReceivedEvent[];
  /** Events of transfers refused by `failNextSends`, in arrival order. */
  readonly rejected: readonly RejectedEvent[];
  /** Accepted transfers (one per `sendBatch`). */
  readonly transfers: number;
  /** Put-token requests refused (bad key, signature or expiry). */
  readonly rejectedTokens: number;
  /** Open client connections. */
  readonly connectionCount: number;
  /** A connection string for this namespace (the configured key unless another is given). */
  connectionString(credentials?: { keyName?: string; key?: string }): string;
  eventsFor(hub: string): ReceivedEvent[];
  clear(): void;
  /** Rejects the next `count` transfers with `failure` (default `com.microsoft:server-busy`). */
  failNextSends(count: number, failure?: InjectedFailure): void;
  /** An outage: drops every connection and stops listening (the port refuses connections). */
  stop(): Promise<void>;
  /** Listens again on the same port after `stop()`. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const CBS = '$cbs';
const MANAGEMENT = '$management';
const LINK_CREDIT = 1000;
const ENTITY_RE = /^([^/$][^/]*)(?:\/Partitions\/([^/]+))?$/i;

interface AttachFrame {
  max_message_size?: number;
}
/** Link internals rhea's typings leave out. */
interface LinkInternals {
  local: { attach: AttachFrame };
  remote: { attach?: { source?: { address?: string }; target?: { address?: string } } };
}

const internals = (link: Sender | Receiver) => link as unknown as LinkInternals;
const targetOf = (link: Sender | Receiver) => internals(link).remote.attach?.target?.address;
const sourceOf = (link: Sender | Receiver) => internals(link).remote.attach?.source?.address;

/** Same key → same partition (a stable hash, not Event Hubs' own); no key → round robin. */
function partitionFor(key: string | undefined, count: number, roundRobin: number): string {
  if (key === undefined) return String(roundRobin % count);
  let hash = 0;
  for (const ch of Buffer.from(key, 'utf8')) hash = (hash * 31 + ch) >>> 0;
  return String(hash % count);
}

export async function startEventHubsEmulator(options: EventHubsEmulatorOptions): Promise<EventHubsEmulator> {
  const host = options.host ?? '127.0.0.1';
  const partitionCount = options.partitionCount ?? 2;
  const partitionIds = Array.from({ length: partitionCount }, (_, i) => String(i));
  const hubs = new Set(options.hubs.map((h) => h.toLowerCase()));
  const keyName = options.keyName ?? 'RootManageSharedAccessKey';
  const key = options.key ?? randomBytes(32).toString('base64');
  const keys: SasKey[] = [{ name: keyName, key }];
  const maxMessageSize = options.maxMessageSize ?? 1024 * 1024;
  const createdAt = new Date();

  const events: ReceivedEvent[] = [];
  const rejected: RejectedEvent[] = [];
  const failures: InjectedFailure[] = [];
  const lastSequence = new Map<string, number>();
  const grants = new WeakMap<Connection, string[]>();
  const connections = new Set<Connection>();
  const sockets = new Set<Socket>();
  let transfers = 0;
  let rejectedTokens = 0;
  let roundRobin = 0;
  let server: Server | undefined;
  let port = options.port ?? 0;

  const container: Container = create_container({
    id: `event-hubs-emulator-${randomBytes(4).toString('hex')}`,
  });
  container.sasl_server_mechanisms.enable_anonymous();
  // PLAIN is accepted as-is: Event Hubs authorises through $cbs tokens, not the SASL identity.
  container.sasl_server_mechanisms.enable_plain(() => true);

  const known = (hub: string) => hubs.has(hub.toLowerCase());

  function reply(
    connection: Connection,
    request: Message,
    status: number,
    description: string,
    body?: unknown,
  ) {
    const replyTo = request.reply_to;
    const sender = connection.find_sender((s: Sender) => s.name === replyTo || targetOf(s) === replyTo);
    if (!sender) return;
    sender.send({
      correlation_id: request.message_id,
      to: replyTo,
      application_properties: { 'status-code': status, 'status-description': description },
      body: body ?? null,
    });
  }

  function putToken(connection: Connection, request: Message): void {
    const props = (request.application_properties ?? {}) as Record<string, unknown>;
    if (props.operation !== 'put-token') {
      reply(connection, request, 400, `Unsupported $cbs operation '${String(props.operation)}'`);
      return;
    }
    const verdict = verifySasToken(request.body, keys, new Date());
    const name = typeof props.name === 'string' ? props.name : '';
    if (!verdict.ok) {
      rejectedTokens += 1;
      reply(connection, request, 401, verdict.reason);
      return;
    }
    if (!audienceCovers(audiencePath(verdict.audience), audiencePath(name))) {
      rejectedTokens += 1;
      reply(connection, request, 401, `InvalidAudience: the token does not cover '${name}'`);
      return;
    }
    grants.set(connection, [...(grants.get(connection) ?? []), audiencePath(name)]);
    reply(connection, request, 202, 'Accepted');
  }

  function managementRead(connection: Connection, request: Message): void {
    const props = (request.application_properties ?? {}) as Record<string, unknown>;
    const hub = typeof props.name === 'string' ? props.name : '';
    if (props.operation !== 'READ') {
      reply(connection, request, 400, `Unsupported $management operation '${String(props.operation)}'`);
      return;
    }
    if (props.security_token !== undefined) {
      const verdict = verifySasToken(props.security_token, keys, new Date());
      if (!verdict.ok) {
        reply(connection, request, 401, verdict.reason);
        return;
      }
    }
    if (!known(hub)) {
      reply(connection, request, 404, `The messaging entity '${hub}' could not be found.`);
      return;
    }
    if (props.type === 'com.microsoft:eventhub') {
      reply(connection, request, 200, 'OK', {
        name: hub,
        type: 'com.microsoft:eventhub',
        created_at: createdAt,
        partition_count: partitionCount,
        partition_ids: partitionIds,
        georeplication_factor: 1,
      });
      return;
    }
    if (props.type === 'com.microsoft:partition') {
      const partition = String(props.partition);
      if (!partitionIds.includes(partition)) {
        reply(connection, request, 404, `Partition '${partition}' does not exist in '${hub}'.`);
        return;
      }
      const last = lastSequence.get(`${hub.toLowerCase()}/${partition}`) ?? -1;
      const lastEvent = [...events].reverse().find((e) => e.hub === hub && e.partitionId === partition);
      reply(connection, request, 200, 'OK', {
        name: hub,
        type: 'com.microsoft:partition',
        partition,
        begin_sequence_number: 0,
        last_enqueued_sequence_number: last,
        last_enqueued_offset: String(Math.max(last, 0)),
        last_enqueued_time_utc: lastEvent?.enqueuedAt ?? createdAt,
        is_partition_empty: last < 0,
      });
      return;
    }
    reply(connection, request, 400, `Unsupported $management type '${String(props.type)}'`);
  }

  function acceptTransfer(
    hub: string,
    partition: string | undefined,
    payload: Buffer | AmqpMessageFields,
    format: number | undefined,
  ): AmqpError | undefined {
    let decoded;
    try {
      decoded = decodeTransfer(payload, format);
    } catch (err) {
      return { condition: 'amqp:decode-error', description: (err as Error).message };
    }
    const failure = failures.shift();
    if (failure) {
      for (const event of decoded) rejected.push({ hub, ...event });
      return failure;
    }
    const enqueuedAt = new Date();
    for (const event of decoded) {
      const partitionId = partition ?? partitionFor(event.partitionKey, partitionCount, roundRobin++);
      const seqKey = `${hub.toLowerCase()}/${partitionId}`;
      const sequenceNumber = (lastSequence.get(seqKey) ?? -1) + 1;
      lastSequence.set(seqKey, sequenceNumber);
      events.push({
        hub,
        partitionId,
        partitionKey: event.partitionKey,
        properties: event.properties,
        body: event.body,
        messageId: event.messageId,
        contentType: event.contentType,
        sequenceNumber,
        enqueuedAt,
      });
    }
    transfers += 1;
    return undefined;
  }

  container.on('connection_open', (context: EventContext) => {
    connections.add(context.connection);
  });
  const forget = (context: EventContext) => {
    connections.delete(context.connection);
  };
  container.on('connection_close', forget);
  container.on('disconnected', forget);
  // A client vanishing mid-exchange is normal during outages; rhea would otherwise throw it.
  container.on('error', () => undefined);
  container.on('connection_error', () => undefined);

  container.on('sender_open', (context: EventContext) => {
    const sender = context.sender!;
    // Reply links: the client receives from `$cbs` / `$management`.
    sender.set_source({ address: sourceOf(sender) ?? '' });
  });

  container.on('receiver_open', (context: EventContext) => {
    const receiver = context.receiver!;
    const address = targetOf(receiver) ?? '';
    receiver.set_target({ address });
    receiver.set_source({ address: sourceOf(receiver) ?? '' });
    if (address === CBS || address === MANAGEMENT || address.endsWith(`/${MANAGEMENT}`)) {
      receiver.add_credit(LINK_CREDIT);
      return;
    }
    const match = ENTITY_RE.exec(address);
    const hub = match?.[1];
    if (!match || !hub || !known(hub)) {
      receiver.close({
        condition: 'com.microsoft:entity-not-found',
        description: `The messaging entity 'sb://${host}:${port}/${address}' could not be found.`,
      });
      return;
    }
    const partition = match[2];
    if (partition !== undefined && !partitionIds.includes(partition)) {
      receiver.close({
        condition: 'com.microsoft:argument-out-of-range',
        description: `Partition '${partition}' does not exist in '${hub}'.`,
      });
      return;
    }
    const granted = grants.get(context.connection) ?? [];
    if (!granted.some((g) => audienceCovers(g, address))) {
      receiver.close({
        condition: 'amqp:unauthorized-access',
        description: `Unauthorized access: no valid token for '${address}' was put on $cbs.`,
      });
      return;
    }
    internals(receiver).local.attach.max_message_size = maxMessageSize;
    receiver.add_credit(LINK_CREDIT);
  });

  container.on('message', (context: EventContext) => {
    const receiver = context.receiver!;
    const delivery = context.delivery as Delivery;
    const address = targetOf(receiver) ?? '';
    receiver.add_credit(1);
    if (address === CBS) {
      delivery.accept();
      putToken(context.connection, context.message!);
      return;
    }
    if (address === MANAGEMENT || address.endsWith(`/${MANAGEMENT}`)) {
      delivery.accept();
      managementRead(context.connection, context.message!);
      return;
    }
    const match = ENTITY_RE.exec(address);
    const format = (context as { format?: number }).format;
    const error = acceptTransfer(
      match?.[1] ?? address,
      match?.[2],
      context.message as Buffer | AmqpMessageFields,
      format,
    );
    if (error) delivery.reject(error);
    else delivery.accept();
  });

  async function listen(): Promise<void> {
    const listener = container.listen({
      host,
      port,
      // Credit is granted per link (none to refused links), and every transfer is settled explicitly.
      credit_window: 0,
      autoaccept: false,
    } as Parameters<Container['listen']>[0]);
    listener.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      if (listener.listening) resolve();
      listener.once('listening', resolve);
      listener.once('error', reject);
    });
    port = (listener.address() as AddressInfo).port;
    server = listener;
  }

  async function stop(): Promise<void> {
    const listener = server;
    server = undefined;
    // rhea's abort_socket also stops the connection's heartbeat timers, which a bare socket.destroy()
    // leaves running (rhea only learns of a remote 'end').
    for (const connection of [...connections]) {
      const internal = connection as unknown as { socket?: unknown; abort_socket(socket: unknown): void };
      internal.abort_socket(internal.socket);
    }
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    connections.clear();
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
  }

  await listen();

  return {
    host,
    get port() {
      return port;
    },
    keyName,
    key,
    events,
    rejected,
    get transfers() {
      return transfers;
    },
    get rejectedTokens() {
      return rejectedTokens;
    },
    get connectionCount() {
      return connections.size;
    },
    connectionString(credentials = {}) {
      return (
        `Endpoint=sb://${host}:${port};SharedAccessKeyName=${credentials.keyName ?? keyName};` +
        `SharedAccessKey=${credentials.key ?? key};UseDevelopmentEmulator=true`
      );
    },
    eventsFor(hub) {
      return events.filter((e) => e.hub.toLowerCase() === hub.toLowerCase());
    },
    clear() {
      events.length = 0;
      rejected.length = 0;
      failures.length = 0;
      transfers = 0;
      rejectedTokens = 0;
    },
    failNextSends(
      count,
      failure = { condition: 'com.microsoft:server-busy', description: 'Injected: the server is busy.' },
    ) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
