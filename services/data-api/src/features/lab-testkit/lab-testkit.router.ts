import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { BadRequestError, DomainError } from '@meridian/domain';
import { FulfilmentError } from '@meridian/lab-partners';
import { principalOf } from '../../auth/principal';
import { PartnerOutageError } from '../lab-appointments/partner-errors';
import { toPostOrderResponse } from '../lab-orders/lab-orders.presenter';
import type { CreateOrderBody } from '../lab-orders/lab-orders.service';
import type { LabTestkitService, RegisterKitBody } from './lab-testkit.service';

/**
 * Test-kit endpoints (api-shapes §6.11): literal `/v3/order/testkit...` paths, registered before any
 * `/v3/order/{order_id}` route; and the fulfilment partner's public, signed courier webhook.
 */

const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof PartnerOutageError && !res.headersSent) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
  }
  next(err);
};

export function createLabTestkitRouter(service: LabTestkitService): Router {
  const router = express.Router();
  router.post('/v3/order/testkit', async (req, res) => {
    const q = req.query;
    const order = await service.create(principalOf(res), req.body as CreateOrderBody, {
      awaitingRegistration:
        q.awaiting_registration === 'true' || (q.awaiting_registration as unknown) === true,
      sampleId: typeof q.sample_id === 'string' && q.sample_id !== '' ? q.sample_id : undefined,
    });
    res.json(toPostOrderResponse(order, 'Test kit ordered.'));
  });
  router.post('/v3/order/testkit/register', async (req, res) => {
    const order = await service.register(principalOf(res), req.body as RegisterKitBody);
    res.json(toPostOrderResponse(order, 'Test kit registered.'));
  });
  router.use(retryAfter);
  return router;
}

/** 401 `invalid_signature`: the partner's signature or timestamp does not verify. */
class WebhookSignatureRefused extends DomainError {
  readonly kind = 'unauthenticated';
  constructor() {
    super('invalid_signature', 'The webhook signature does not verify.');
  }
}

/** `POST /v2/provider_webhooks/testkit/{provider}` (public, raw body: the HMAC covers the exact bytes). */
export function createTestkitWebhooksRouter(service: LabTestkitService): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: '256kb' });
  router.post('/v2/provider_webhooks/testkit/:provider', rawBody, async (req: Request, res: Response) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let outcome: 'applied' | 'ignored';
    try {
      outcome = await service.courierWebhook(req.params.provider as string, req.headers, body);
    } catch (err) {
      if (err instanceof FulfilmentError && err.code === 'signature_invalid')
        throw new WebhookSignatureRefused();
      if (err instanceof FulfilmentError)
        throw new BadRequestError('invalid_webhook', 'The webhook body is not a valid courier update.');
      throw err;
    }
    res.json({ received: true, outcome });
  });
  return router;
}
