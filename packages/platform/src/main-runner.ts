import { ConfigError } from './config';
import { createLogger, type Logger } from './logger';
import { onShutdown, type ShutdownTask } from './shutdown';

/**
 * Wraps a process entry point: a ConfigError exits 1 naming the variable; a start-up failure is logged and
 * exits 1; otherwise the returned tasks run in order on SIGTERM/SIGINT.
 */
export function runMain(
  service: string,
  start: () => Promise<{ logger: Logger; shutdown: ShutdownTask[] }>,
): void {
  start().then(
    ({ logger, shutdown }) => {
      onShutdown(logger, shutdown);
      logger.info('started', { service });
    },
    (err: unknown) => {
      if (err instanceof ConfigError) {
        process.stderr.write(`${service}: ${err.message}\n`);
      } else {
        createLogger({ service }).error('failed to start', { err });
      }
      process.exit(1);
    },
  );
}
