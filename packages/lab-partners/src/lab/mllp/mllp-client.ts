/**
 * An MLLP sender: one connection, opened on demand and kept, one message outstanding at a time (original
 * mode), each answered by the next frame the peer sends. A timeout or a dropped connection fails the
 * request with `LabTransportError` and closes the connection, so a late answer cannot be taken for the
 * answer to the next message.
 */
import net from 'node:net';
import { LabTransportError } from '../lab-errors';
import { DEFAULT_MAX_FRAME_BYTES, encodeMllpFrame, MllpFrameDecoder } from './mllp-frame';

export interface MllpClientOptions {
  host: string;
  port: number;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  maxFrameBytes?: number;
}

interface Pending {
  socket: net.Socket;
  resolve: (reply: string) => void;
  reject: (error: Error) => void;
}

export class MllpClient {
  private socket: net.Socket | null = null;
  private connecting: Promise<net.Socket> | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: MllpClientOptions) {}

  /** Sends one message and resolves with the peer's answer. */
  request(message: string): Promise<string> {
    const result = this.queue.then(() => this.exchange(message));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    const socket = this.socket ?? (await this.connecting?.catch(() => null)) ?? null;
    this.socket = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.destroy();
      });
    }
  }

  private async exchange(message: string): Promise<string> {
    const socket = await this.connect();
    return new Promise<string>((resolve, reject) => {
      const timeoutMs = this.options.responseTimeoutMs ?? 30_000;
      const timer = setTimeout(() => {
        this.fail(new LabTransportError(`no answer within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.pending = {
        socket,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      socket.write(encodeMllpFrame(message));
    });
  }

  private connect(): Promise<net.Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    this.connecting ??= new Promise<net.Socket>((resolve, reject) => {
      const timeoutMs = this.options.connectTimeoutMs ?? 10_000;
      const socket = net.connect({ host: this.options.host, port: this.options.port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new LabTransportError(`could not connect within ${timeoutMs} ms`, 'connect'));
      }, timeoutMs);
      const decoder = new MllpFrameDecoder((reply) => {
        const pending = this.pending;
        if (pending?.socket !== socket) return;
        this.pending = null;
        pending.resolve(reply);
      }, this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
      socket.once('connect', () => {
        clearTimeout(timer);
        this.socket = socket;
        resolve(socket);
      });
      socket.on('data', (chunk: Buffer) => {
        try {
          decoder.push(chunk);
        } catch (error) {
          this.fail(new LabTransportError('answer too large', 'protocol', { cause: error }));
        }
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(new LabTransportError('could not connect to the lab', 'connect', { cause: error }));
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (this.socket === socket) this.socket = null;
        reject(new LabTransportError('connection closed before it opened', 'connect'));
        const pending = this.pending;
        if (pending?.socket !== socket) return;
        this.pending = null;
        pending.reject(new LabTransportError('connection closed before an answer', 'closed'));
      });
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private fail(error: LabTransportError): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
    this.socket?.destroy();
    this.socket = null;
  }
}
