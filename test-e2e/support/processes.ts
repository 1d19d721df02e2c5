import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { waitFor } from '@meridian/test-utils';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** A free TCP port on loopback (bound then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs a TypeScript entry point as its own process, the way `pnpm start` runs it (tsx, src condition). */
export function runTs(name: string, entry: string, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, ['--conditions=meridian-src', '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a TypeScript entry point to completion and returns its stdout. */
export function runTsToEnd(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=meridian-src', '--import', 'tsx', entry, ...args], {
      cwd: REPO_ROOT,
      env: { ...env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function waitReady(url: string, proc: RunningProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
      const res = await fetch(`${url}/readyz`).catch(() => undefined);
      return res?.status === 200;
    },
    { timeoutMs, intervalMs: 200 },
  ).catch((err: unknown) => {
    throw new Error(`${proc.name} never became ready: ${String(err)}\n${proc.output()}`);
  });
}
