import { createServer } from 'node:net';
import { ConfigError } from './config';
import { createLogger, type Logger } from './logger';
import { onShutdown, type ShutdownTask } from './shutdown';

/** A port a process is about to listen on, and the variable that moves it (for the error message). */
export interface PortClaim {
  port: number;
  host: string;
  /** What listens there, e.g. `data-api` or `lab-report-parser health`. */
  owner: string;
  variable: string;
}

/** A started worker process: its health port (/healthz, /readyz, /metrics) and how to stop it. */
export interface RunningWorker {
  healthPort: number;
  close(): Promise<void>;
}

/** A port already taken: the entry points print the message alone, without a stack trace. */
export class PortInUseError extends Error {}

function portInUseMessage(claim: PortClaim, code: string): string {
  const why = code === 'EACCES' ? 'may not be used by this user' : 'is already in use';
  return `Port ${claim.port} on ${claim.host} (${claim.owner}) ${why}: stop what listens there, or set ${claim.variable} to another port.`;
}

function tryListen(claim: PortClaim): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'EADDRINUSE'));
    probe.listen({ port: claim.port, host: claim.host, exclusive: true }, () => {
      probe.close(() => resolve(undefined));
    });
  });
}

/**
 * Checks every port before a process opens anything (pools, brokers, emulators): a taken port fails the
 * start at once with one line naming it, its owner and its variable. Port 0 (any free port) is skipped.
 */
export async function assertPortsFree(claims: readonly PortClaim[]): Promise<void> {
  const seen = new Map<number, PortClaim>();
  for (const claim of claims) {
    if (claim.port === 0) continue;
    const other = seen.get(claim.port);
    if (other) {
      throw new PortInUseError(
        `Port ${claim.port} is configured twice, for ${other.owner} (${other.variable}) and ${claim.owner} (${claim.variable}): set one of them to another port.`,
      );
    }
    seen.set(claim.port, claim);
    const code = await tryListen(claim);
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new PortInUseError(portInUseMessage(claim, code));
    if (code) throw new PortInUseError(`Port ${claim.port} on ${claim.host} (${claim.owner}): ${code}`);
  }
}

/**
 * The one line a start-up failure prints when it needs no stack trace: invalid configuration, a taken port
 * (checked up front, or lost in a race at listen). Undefined for anything else.
 */
export function startupFailureLine(err: unknown): string | undefined {
  if (err instanceof ConfigError || err instanceof PortInUseError) return err.message;
  const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.code === 'EADDRINUSE' && e.syscall === 'listen') {
    return `Port ${e.port ?? '?'} on ${e.address ?? '?'} is already in use: stop what listens there, or move this process to another port.`;
  }
  return undefined;
}

/**
 * Wraps a process entry point: a ConfigError or a taken port exits 1 with one line; another start-up
 * failure is logged and exits 1; otherwise the returned tasks run in order on SIGTERM/SIGINT.
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
      const line = startupFailureLine(err);
      if (line) {
        process.stderr.write(`${service}: ${line}\n`);
      } else {
        createLogger({ service }).error('failed to start', { err });
      }
      process.exit(1);
    },
  );
}
