import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Request and trace ids travel in AsyncLocalStorage so every log line and published message carries them. */
export interface RequestContext {
  requestId: string;
  traceId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(ctx: Partial<RequestContext>, fn: () => T): T {
  const requestId = ctx.requestId ?? randomUUID();
  return storage.run({ requestId, traceId: ctx.traceId ?? requestId }, fn);
}

/** Headers a publisher adds so the consumer's log lines carry the same request and trace ids. */
export function contextHeaders(): Record<string, string> {
  const ctx = currentContext();
  return ctx ? { 'x-request-id': ctx.requestId, 'x-trace-id': ctx.traceId } : {};
}

/** Runs a message handler inside the context its publisher sent (or a fresh one). */
export function runWithMessageContext<T>(headers: Record<string, string | undefined>, fn: () => T): T {
  return runWithContext({ requestId: headers['x-request-id'], traceId: headers['x-trace-id'] }, fn);
}
