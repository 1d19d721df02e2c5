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
