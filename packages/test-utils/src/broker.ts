import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { describeWithService, type ServiceCheck } from './required-services';

/**
 * RabbitMQ for tests: `AMQP_URL`, else the local default. Whether it answers is decided before tests are
 * declared (jest's CommonJS test files have no top-level await): jest's global setup probes once and leaves
 * the answer in the environment its workers inherit; a test file run without that setup probes
 * synchronously through a short-lived child process.
 */

const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';
const PROBE_ENV = 'MERIDIAN_TEST_BROKER_PROBE';
const PROBE_TIMEOUT_MS = 1_500;

export function amqpUrl(): string {
  return process.env.AMQP_URL || DEFAULT_AMQP_URL;
}

/** `host:port` of the broker, for messages (the URL itself carries credentials). */
export function brokerAddress(url = amqpUrl()): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 5672}`;
}

function endpoint(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(port || 5672) };
}

/** True when a TCP connection to the broker's port opens. */
export function probeBroker(url = amqpUrl(), timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(endpoint(url));
    const done = (reachable: boolean): void => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const SYNC_PROBE = `
const socket = require('node:net').connect({ host: process.argv[1], port: Number(process.argv[2]) });
socket.setTimeout(Number(process.argv[3]), () => process.exit(1));
socket.once('connect', () => process.exit(0));
socket.once('error', () => process.exit(1));`;

function probeBrokerSync(url: string): boolean {
  const { host, port } = endpoint(url);
  const result = spawnSync(
    process.execPath,
    ['-e', SYNC_PROBE, host, String(port), String(PROBE_TIMEOUT_MS)],
    {
      stdio: 'ignore',
      timeout: PROBE_TIMEOUT_MS + 5_000,
      env: { PATH: process.env.PATH },
    },
  );
  return result.status === 0;
}

function remembered(url: string): boolean | undefined {
  const [address, answer] = (process.env[PROBE_ENV] ?? '').split('=');
  return address === brokerAddress(url) ? answer === 'reachable' : undefined;
}

function remember(url: string, reachable: boolean): void {
  process.env[PROBE_ENV] = `${brokerAddress(url)}=${reachable ? 'reachable' : 'unreachable'}`;
}

/** For jest's global setup: probe once, for every test file of the run. */
export async function recordBrokerProbe(url = amqpUrl()): Promise<void> {
  remember(url, await probeBroker(url));
}

/** Whether the broker answers, known synchronously (from the global setup's probe, else probed now). */
export function brokerAvailable(url = amqpUrl()): boolean {
  const known = remembered(url);
  if (known !== undefined) return known;
  const reachable = probeBrokerSync(url);
  remember(url, reachable);
  return reachable;
}

export function brokerCheck(url = amqpUrl()): ServiceCheck {
  return {
    available: brokerAvailable(url),
    missing: `RabbitMQ is not reachable at ${brokerAddress(url)}`,
  };
}

/** `describe` for suites that need RabbitMQ: skipped without it, failed without it under REQUIRE_SERVICES. */
export function describeWithBroker(name: string, fn: () => void): void {
  describeWithService(brokerCheck(), name, fn);
}
