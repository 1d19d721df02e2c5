import { message as amqpMessage } from 'rhea';

/**
 * Event Hubs batch transfers (message format 0x80013700): one AMQP message whose body is a series of data
 * sections, each an encoded event message; the envelope's annotations repeat the first event's.
 */
export const BATCH_MESSAGE_FORMAT = 0x80013700;

export interface DecodedEvent {
  body: Buffer;
  /** The `x-opt-partition-key` message annotation. */
  partitionKey: string | undefined;
  properties: Record<string, unknown>;
  annotations: Record<string, unknown>;
  messageId: unknown;
  contentType: string | undefined;
}

/** The shape rhea decodes a data/sequence section into (not in its typings). */
interface Section {
  typecode: number;
  content: unknown;
  multiple?: boolean;
}

/** The fields of a decoded AMQP message read here. */
export interface AmqpMessageFields {
  body?: unknown;
  message_annotations?: Record<string, unknown>;
  application_properties?: Record<string, unknown>;
  message_id?: unknown;
  content_type?: string;
}

const DATA_SECTION = 0x75;
const decode = (bytes: Buffer) => amqpMessage.decode(bytes) as AmqpMessageFields;

function isSection(value: unknown): value is Section {
  return typeof value === 'object' && value !== null && 'typecode' in value && 'content' in value;
}

function dataSections(body: unknown): Buffer[] {
  if (!isSection(body) || body.typecode !== DATA_SECTION)
    throw new Error('batch message body is not a series of data sections');
  const parts = body.multiple ? (body.content as unknown[]) : [body.content];
  return parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.alloc(0)));
}

function bodyBytes(body: unknown): Buffer {
  if (isSection(body)) {
    if (body.typecode === DATA_SECTION) {
      const parts = body.multiple ? (body.content as unknown[]) : [body.content];
      return Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.alloc(0))));
    }
    return Buffer.from(JSON.stringify(body.content));
  }
  if (Buffer.isBuffer(body)) return body;
  return body === undefined || body === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
}

function toEvent(message: AmqpMessageFields): DecodedEvent {
  const annotations = message.message_annotations ?? {};
  const partitionKey = annotations['x-opt-partition-key'];
  return {
    body: bodyBytes(message.body),
    partitionKey: typeof partitionKey === 'string' ? partitionKey : undefined,
    properties: { ...(message.application_properties ?? {}) },
    annotations: { ...annotations },
    messageId: message.message_id,
    contentType: message.content_type,
  };
}

/** The events of one transfer: a batch (format 0x80013700) or a single message (format 0). */
export function decodeTransfer(
  payload: Buffer | AmqpMessageFields,
  format: number | undefined,
): DecodedEvent[] {
  const outer = Buffer.isBuffer(payload) ? decode(payload) : payload;
  if (format !== BATCH_MESSAGE_FORMAT) return [toEvent(outer)];
  return dataSections(outer.body).map((bytes) => toEvent(decode(bytes)));
}
