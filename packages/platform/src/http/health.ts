import type { Router } from 'express';
import express from 'express';

/** A readiness check resolves true when its dependency is reachable. */
export type ReadinessCheck = () => Promise<boolean> | boolean;

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `/healthz`: the process is alive. `/readyz`: every dependency (database, broker) is reachable. */
export function healthRouter(checks: Record<string, ReadinessCheck>, timeoutMs = 2000): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => runCheck(checks[n]!, timeoutMs)));
    const detail = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'ok' : 'unavailable']));
    const ready = results.every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: detail });
  });
  return router;
}
