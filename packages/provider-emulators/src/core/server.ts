import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 = any free port). */
export function listen(app: Express, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
