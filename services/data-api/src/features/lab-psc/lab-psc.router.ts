import express, { type ErrorRequestHandler, type Request, type Router } from 'express';
import type { PscLab } from '@meridian/lab-partners';
import { principalOf } from '../../auth/principal';
import { PartnerOutageError } from '../lab-appointments/partner-errors';
import type { LabPscService, PscRadius } from './lab-psc.service';

/**
 * Walk-in / patient service center endpoints (api-shapes §6.10). The OpenAPI validator has checked types and
 * bounds. The literal `/v3/order/psc/...` paths are registered before any `/v3/order/{order_id}` route.
 */

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const list = (req: Request, name: string): string[] => {
  const v = req.query[name];
  const all = v === undefined ? [] : Array.isArray(v) ? v : [v];
  return [...new Set(all.filter((x): x is string => typeof x === 'string' && x !== ''))];
};

const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof PartnerOutageError && !res.headersSent) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
  }
  next(err);
};

export function createLabPscRouter(service: LabPscService): Router {
  const router = express.Router();
  const base = '/v3/order/:order_id/psc/appointment';

  router.post('/v3/order/psc/appointment/availability', async (req, res) => {
    const codes = list(req, 'site_codes');
    res.json(
      await service.availability(principalOf(res), {
        lab: str(req.query.lab) as PscLab,
        startDate: str(req.query.start_date),
        siteCodes: codes.length > 0 ? codes : undefined,
        zipCode: str(req.query.zip_code),
        radius: (str(req.query.radius) ?? '25') as PscRadius,
        allowStale: req.query.allow_stale === 'true' || (req.query.allow_stale as unknown) === true,
      }),
    );
  });

  router.get('/v3/order/psc/appointment/cancellation-reasons', (_req, res) => {
    res.json(service.cancellationReasons());
  });

  router.get('/v3/order/psc/info', async (req, res) => {
    res.json(
      await service.info({
        zipCode: str(req.query.zip_code) ?? '',
        labId: Number(req.query.lab_id),
        radius: (str(req.query.radius) ?? '25') as PscRadius,
        capabilities: list(req, 'capabilities'),
      }),
    );
  });

  router.post(`${base}/book`, async (req, res) => {
    const answer = await service.book(
      principalOf(res),
      req.params.order_id,
      req.body,
      str(req.get('x-idempotency-key')),
    );
    if (answer.replayed) res.set('x-idempotency-replayed', 'true');
    res.json(answer.body);
  });

  router.patch(`${base}/reschedule`, async (req, res) => {
    res.json(await service.reschedule(principalOf(res), req.params.order_id, req.body));
  });

  router.patch(`${base}/cancel`, async (req, res) => {
    res.json(await service.cancel(principalOf(res), req.params.order_id, req.body));
  });

  router.get(base, async (req, res) => {
    res.json(await service.get(principalOf(res), req.params.order_id));
  });

  router.get('/v3/order/:order_id/psc/info', async (req, res) => {
    res.json(await service.orderInfo(principalOf(res), req.params.order_id));
  });

  router.use(retryAfter);
  return router;
}
