/**
 * A RabbitMQ virtual host of its own for a suite, so the event-delivery processes of other suites (or other
 * checkouts) sharing the broker cannot consume this suite's relayed events — an event consumed by a process
 * on another database is acked as unknown there and never fanned out here. Needs `rabbitmqctl` on a local
 * broker; elsewhere the suite falls back to the URL's own vhost (run-tests.mjs runs e2e suites one at a time).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface BrokerVhost {
  /** The AMQP URL pointing at the vhost. */
  url: string;
  /** False when the shared vhost is used. */
  isolated: boolean;
  drop(): Promise<void>;
}

function rabbitmqctl(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('rabbitmqctl', args, { timeout: 30_000 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`rabbitmqctl ${args[0]} failed: ${stderr.trim() || err.message}`)) : resolve(),
    );
  });
}

const isLoopback = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

export async function isolatedVhost(amqpUrl: string): Promise<BrokerVhost> {
  const url = new URL(amqpUrl);
  const shared: BrokerVhost = { url: amqpUrl, isolated: false, drop: async () => undefined };
  if (!isLoopback(url.hostname) || process.env.E2E_SHARED_VHOST) return shared;
  const name = `meridian-e2e-${randomBytes(4).toString('hex')}`;
  const user = decodeURIComponent(url.username || 'guest');
  try {
    await rabbitmqctl(['add_vhost', name]);
    await rabbitmqctl(['set_permissions', '-p', name, user, '.*', '.*', '.*']);
  } catch (err) {
    console.warn(`using the shared broker vhost: ${(err as Error).message}`);
    await rabbitmqctl(['delete_vhost', name]).catch(() => undefined);
    return shared;
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return {
    url: url.toString(),
    isolated: true,
    drop: () => rabbitmqctl(['delete_vhost', name]).catch(() => undefined),
  };
}
