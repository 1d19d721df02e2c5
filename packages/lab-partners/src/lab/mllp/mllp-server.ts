/**
 * An MLLP listener: one TCP server, messages of a connection handled one at a time in arrival order (HL7
 * original-mode acknowledgement: the sender waits for each answer). The handler returns the reply text, or
 * null to send none. Binds to loopback unless told otherwise.
 */
import net from 'node:net';
import { DEFAULT_MAX_FRAME_BYTES, encodeMllpFrame, MllpFrameDecoder } from './mllp-frame';

export interface MllpConnectionContext {
  /** Closes the connection at once, without a reply (simulated faults, protocol violations). */
  destroy(): void;
  readonly closed: boolean;
}

export type MllpMessageHandler = (
  message: string,
  connection: MllpConnectionContext,
) => Promise<string | null>;

export interface MllpServerOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  maxFrameBytes?: number;
  /** Connections idle this long are closed (0: never). */
  idleTimeoutMs?: number;
  /** Called with transport problems and handler failures (never with message content). */
  onError?: (error: Error) => void;
}

export interface MllpAddress {
  host: string;
  port: number;
}

export class MllpServer {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly handler: MllpMessageHandler,
    private readonly options: MllpServerOptions = {},
  ) {}

  async listen(): Promise<MllpAddress> {
    if (this.server) throw new Error('MLLP server already listening');
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.report(error));
    return this.address;
  }

  get address(): MllpAddress {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('MLLP server is not listening');
    return { host: address.address, port: address.port };
  }

  /** Stops accepting, closes every connection and waits for handlers under way to finish. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await Promise.allSettled([...this.inFlight]);
    await closed;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    if (this.options.idleTimeoutMs) {
      socket.setTimeout(this.options.idleTimeoutMs, () => socket.destroy());
    }
    const context: MllpConnectionContext = {
      destroy: () => socket.destroy(),
      get closed() {
        return socket.destroyed;
      },
    };
    let chain = Promise.resolve();
    const decoder = new MllpFrameDecoder((message) => {
      chain = chain.then(() => this.handle(message, socket, context));
      const tracked = chain;
      this.inFlight.add(tracked);
      void tracked.finally(() => this.inFlight.delete(tracked));
    }, this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
    socket.on('data', (chunk: Buffer) => {
      try {
        decoder.push(chunk);
      } catch (error) {
        this.report(error as Error);
        socket.destroy();
      }
    });
    socket.on('error', (error) => this.report(error));
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(message: string, socket: net.Socket, context: MllpConnectionContext): Promise<void> {
    if (socket.destroyed) return;
    try {
      const reply = await this.handler(message, context);
      if (reply !== null && !socket.destroyed) socket.write(encodeMllpFrame(reply));
    } catch (error) {
      this.report(error as Error);
      socket.destroy();
    }
  }

  private report(error: Error): void {
    this.options.onError?.(error);
  }
}
