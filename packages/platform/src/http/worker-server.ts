import http from 'node:http';
import express from 'express';
import { closeServer, listen } from '../shutdown';
import { healthRouter, type ReadinessCheck } from './health';
import { metricsHandler } from './metrics';
import type { Registry } from 'prom-client';

/** Workers have no API: they serve `/healthz`, `/readyz` and `/metrics` on their own small port. */
export async function startWorkerHealthServer(opts: {
  host: string;
  port: number;
  readiness: Record<string, ReadinessCheck>;
  metrics: Registry;
}): Promise<{ port: number; close(): Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter(opts.readiness));
  app.get('/metrics', metricsHandler(opts.metrics));
  const server = http.createServer(app);
  await listen(server, opts.port, opts.host);
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => closeServer(server),
  };
}
