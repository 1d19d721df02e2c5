import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process (built in the composition root), exposed on `/metrics`. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function httpMetricsMiddleware(registry: Registry): RequestHandler {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return (req, res, next) => {
    const end = histogram.startTimer();
    res.on('finish', () => {
      const route = (req as { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

export function metricsHandler(registry: Registry): RequestHandler {
  return (_req, res, next) => {
    registry
      .metrics()
      .then((body) => {
        res.setHeader('Content-Type', registry.contentType);
        res.send(body);
      })
      .catch(next);
  };
}
