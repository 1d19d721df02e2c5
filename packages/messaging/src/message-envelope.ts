import { randomUUID } from 'node:crypto';
import { PermanentError } from './permanent-error';

/** Thin, typed, versioned message (conventions §10): carries ids, consumers reload current state. */
export interface MessageEnvelope<T = unknown> {
  type: string;
  version: number;
  id: string;
  occurred_at: string;
  data: T;
}

export function createMessage<T>(type: string, data: T, version = 1): MessageEnvelope<T> {
  return { type, version, id: randomUUID(), occurred_at: new Date().toISOString(), data };
}

/** Checks the envelope's shape (not `data`, which each consumer narrows by type and version). */
export function envelopeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.type !== 'string' || candidate.type === '') return 'type must be a non-empty string';
  if (!Number.isInteger(candidate.version) || (candidate.version as number) < 1)
    return 'version must be a positive integer';
  if (typeof candidate.id !== 'string' || candidate.id === '') return 'id must be a non-empty string';
  if (typeof candidate.occurred_at !== 'string' || Number.isNaN(Date.parse(candidate.occurred_at))) {
    return 'occurred_at must be an ISO timestamp';
  }
  if (!('data' in candidate)) return 'data is missing';
  return undefined;
}

/** Parses a message body; an unreadable body can never succeed, so it is a PermanentError. */
export function parseMessageEnvelope(content: string): MessageEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (err) {
    throw new PermanentError(`invalid message: body is not JSON`, { cause: err });
  }
  const problem = envelopeProblem(value);
  if (problem !== undefined) throw new PermanentError(`invalid message: ${problem}`);
  return value as MessageEnvelope;
}

/** For reporting (dead letters): the envelope if the body is one, else undefined. */
export function tryParseMessageEnvelope(content: string): MessageEnvelope | undefined {
  try {
    return parseMessageEnvelope(content);
  } catch {
    return undefined;
  }
}
