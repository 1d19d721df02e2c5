import express, { type ErrorRequestHandler, type Request, type Router } from 'express';
import type { UsAddress } from '@meridian/lab-partners';
import { principalOf } from '../../auth/principal';
import { AREA_INFO_LABS, type AreaInfoLab } from './central-labs';
import type { createLabAppointmentsService } from './lab-appointments.service';
import { PartnerOutageError } from './partner-errors';

/**
 * At-home phlebotomy appointments (api-shapes §6.2, §6.6, §6.7). The OpenAPI validator has checked types and
 * bounds; literal `/v3/order/area/...` and `/v3/order/phlebotomy/...` paths are registered before any
 * `/v3/order/{order_id}` route.
 */

type Service = ReturnType<typeof createLabAppointmentsService>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function labsOf(req: Request): AreaInfoLab[] {
  const named = [req.query.lab, req.query.labs]
    .flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .filter((v): v is AreaInfoLab => (AREA_INFO_LABS as readonly unknown[]).includes(v));
  return named.length > 0 ? [...new Set(named)] : [...AREA_INFO_LABS];
}

/** A partner outage answers 503 with `Retry-After` (api-shapes §3). */
const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof PartnerOutageError && !res.headersSent) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
  }
  next(err);
};

export function createLabAppointmentsRouter(service: Service): Router {
  const router = express.Router();
  const base = '/v3/order/:order_id/phlebotomy/appointment';

  router.get('/v3/order/area/info', async (req, res) => {
    res.json(
      await service.areaInfo({
        zipCode: str(req.query.zip_code) ?? '',
        radius: str(req.query.radius) ?? '25',
        labs: labsOf(req),
      }),
    );
  });

  router.post('/v3/order/phlebotomy/appointment/availability', async (req, res) => {
    res.json(
      await service.availability(principalOf(res), {
        address: req.body as UsAddress,
        startDate: str(req.query.start_date),
      }),
    );
  });

  router.get('/v3/order/phlebotomy/appointment/cancellation-reasons', (_req, res) => {
    res.json(service.cancellationReasons());
  });

  router.post(`${base}/book`, async (req, res) => {
    res.json(await service.book(principalOf(res), req.params.order_id, req.body));
  });

  router.post(`${base}/request`, async (req, res) => {
    res.json(await service.request(principalOf(res), req.params.order_id, req.body));
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

  router.use(retryAfter);
  return router;
}
