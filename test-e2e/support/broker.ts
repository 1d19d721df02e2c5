import { connect } from 'node:net';

export const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** True when a TCP connection to the broker's port opens. */
export function brokerReachable(url = AMQP_URL, timeoutMs = 1500): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || 5672) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Broker tests may skip only when no broker is reachable and REQUIRE_SERVICES is unset; with
 * REQUIRE_SERVICES=1 (CI) an unreachable broker is a failure.
 */
export async function brokerOrSkip(): Promise<boolean> {
  if (await brokerReachable()) return true;
  if (process.env.REQUIRE_SERVICES)
    throw new Error(`RabbitMQ is not reachable at ${AMQP_URL} and REQUIRE_SERVICES is set`);
  console.warn(
    `SKIPPING broker tests: RabbitMQ is not reachable at ${AMQP_URL} (set REQUIRE_SERVICES=1 to fail instead)`,
  );
  return false;
}
