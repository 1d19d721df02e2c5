import http, { type RequestListener } from 'node:http';
import type { Logger } from '../logger';
import { closeServer, listen } from '../shutdown';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

/** Serves an app on `host:port` (0 picks a free port) and reports the URL it listens on. */
export async function serveHttp(
  app: RequestListener,
  opts: { name: string; host: string; port: number; logger: Logger },
): Promise<RunningService> {
  const server = http.createServer(app);
  await listen(server, opts.port, opts.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.logger.info(`${opts.name} listening`, { host: opts.host, port });
  return { url: `http://${opts.host}:${port}`, close: () => closeServer(server) };
}
