import type { Server } from 'node:http';
import type { Logger } from './logger';

export type ShutdownTask = () => unknown;

/** Runs tasks in order on SIGTERM/SIGINT (stop intake first, then close connections), then exits. */
export function onShutdown(logger: Logger, tasks: ShutdownTask[], timeoutMs = 15_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    running ??= (async () => {
      logger.info('shutting down', { signal });
      const timer = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, timeoutMs);
      timer.unref();
      for (const task of tasks) {
        try {
          await task();
        } catch (err) {
          logger.warn('shutdown task failed', { err });
        }
      }
      clearTimeout(timer);
    })();
    return running;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void shutdown(signal).then(() => process.exit(0));
    });
  }
  return () => shutdown('manual');
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
  });
}

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
