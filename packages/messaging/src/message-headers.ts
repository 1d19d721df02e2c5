/** Header names the transports read and write; request and trace ids let consumers restore log context. */
export const messageHeaders = {
  requestId: 'x-request-id',
  traceId: 'x-trace-id',
  /** 1 on first delivery, incremented on each retry. */
  attempt: 'x-attempt',
  /** Why a message was dead-lettered (or why it was last retried). */
  error: 'x-error',
  /** The routing key the message was first published with; retries re-route by queue name. */
  originalRoutingKey: 'x-original-routing-key',
} as const;

/** Broker-added dead-lettering bookkeeping that we never carry forward. */
const brokerDeathHeader = /^x-(first-|last-)?death/;

/** Keeps the scalar headers as strings; drops structured ones (e.g. RabbitMQ's x-death). */
export function toStringHeaders(raw: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (brokerDeathHeader.test(name)) continue;
    if (typeof value === 'string') headers[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
      headers[name] = String(value);
    else if (Buffer.isBuffer(value)) headers[name] = value.toString('utf8');
  }
  return headers;
}

/** The delivery attempt recorded in the headers; a missing or garbled value counts as the first. */
export function attemptFromHeaders(headers: Record<string, string>): number {
  const attempt = Number(headers[messageHeaders.attempt]);
  return Number.isInteger(attempt) && attempt >= 1 ? attempt : 1;
}

/**
 * Content type of a batch (`publishBatch`): a JSON array of envelopes in one broker message. Consumers
 * handle and settle its messages one by one; a message that fails leaves the batch alone (to a retry
 * queue or the DLQ), so the rest are not handled again.
 */
export const batchContentType = 'application/vnd.meridian.message-batch+json';
