import type { MessagingLogger } from './messaging-logger';

/** For callers (mostly tests) that pass no logger to the in-process transport. */
export function createSilentLogger(): MessagingLogger {
  const ignore = (): void => undefined;
  return { debug: ignore, info: ignore, warn: ignore, error: ignore };
}
