import type { MessageEnvelope } from './message-envelope';

/** A message parked in `<queue>.dlq`, as the transports report it for tests and operators. */
export interface DeadLetter {
  /** The work queue the message failed in (not the DLQ's own name). */
  queue: string;
  /** Undefined when the body could not be parsed. */
  envelope: MessageEnvelope | undefined;
  content: string;
  headers: Record<string, string>;
  /** The `x-error` header: why the message was dead-lettered. */
  error: string;
}
