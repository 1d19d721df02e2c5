/**
 * A TCP fault proxy for end-to-end tests: put it between a process and PostgreSQL or RabbitMQ, then `cut()`
 * the link (live connections destroyed, new ones refused or held) and `restore()` it, as a network fault would.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** What a cut does with connections opened while it lasts. */
export type CutMode =
  /** Accepted and closed at once (the client sees the connection drop right after connecting). */
  | 'refuse'
  /** Accepted and left silent; on restore they are connected through, with whatever they sent meanwhile. */
  | 'hold';

export interface FaultProxyStats {
  /** Connections accepted and bridged to the target. */
  accepted: number;
  /** Bridged connections open now. */
  active: number;
  /** Connections closed on arrival during a `refuse` cut. */
  refused: number;
  /** Connections waiting now in a `hold` cut. */
  held: number;
  /** Live connections destroyed by `cut()`. */
  severed: number;
  bytesToTarget: number;
  bytesFromTarget: number;
  cuts: number;
}

export interface FaultProxy {
  readonly host: string;
  readonly port: number;
  readonly isCut: boolean;
  /** `url` with its host and port replaced by the proxy's (credentials, path and query kept). */
  proxiedUrl(url: string): string;
  /** Destroys every live connection and refuses (default) or holds new ones until `restore()`. */
  cut(mode?: CutMode): void;
  /** Lets connections through again; held ones are connected to the target. */
  restore(): void;
  stats(): FaultProxyStats;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  targetHost: string;
  targetPort: number;
  listenHost?: string;
  /** 0 (default) picks a free port. */
  listenPort?: number;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const listenHost = options.listenHost ?? '127.0.0.1';
  /** Bridged connections: the client's socket and ours to the target. */
  const live = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();
  let cutMode: CutMode | undefined;
  const counts = {
    accepted: 0,
    refused: 0,
    severed: 0,
    bytesToTarget: 0,
    bytesFromTarget: 0,
    cuts: 0,
  };

  function bridge(client: Socket): void {
    counts.accepted++;
    const upstream = connect({ host: options.targetHost, port: options.targetPort });
    const pair: [Socket, Socket] = [client, upstream];
    live.add(pair);
    for (const socket of pair) {
      // Either side failing or closing takes the other down, as a broken link would.
      socket.on('error', () => undefined);
      socket.once('close', () => {
        live.delete(pair);
        for (const other of pair) other.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => (counts.bytesToTarget += chunk.length));
    upstream.on('data', (chunk: Buffer) => (counts.bytesFromTarget += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }

  function onConnection(client: Socket): void {
    client.on('error', () => undefined);
    if (cutMode === 'refuse') {
      counts.refused++;
      client.destroy();
    } else if (cutMode === 'hold') {
      // Not read while held: what the client writes waits in the socket and flows once bridged.
      client.pause();
      held.add(client);
      client.once('close', () => held.delete(client));
    } else {
      bridge(client);
    }
  }

  const server: Server = createServer({ pauseOnConnect: true }, onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listenPort ?? 0, listenHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: listenHost,
    port,
    get isCut() {
      return cutMode !== undefined;
    },
    proxiedUrl(url) {
      const parsed = new URL(url);
      parsed.hostname = listenHost;
      parsed.port = String(port);
      return parsed.toString();
    },
    cut(mode = 'refuse') {
      cutMode = mode;
      counts.cuts++;
      for (const pair of [...live]) {
        live.delete(pair);
        counts.severed++;
        for (const socket of pair) socket.destroy();
      }
    },
    restore() {
      cutMode = undefined;
      for (const client of [...held]) {
        held.delete(client);
        if (!client.destroyed) bridge(client);
      }
    },
    stats() {
      return {
        ...counts,
        active: live.size,
        held: held.size,
      };
    },
    async close() {
      cutMode = 'refuse';
      for (const socket of [...[...live].flat(), ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
