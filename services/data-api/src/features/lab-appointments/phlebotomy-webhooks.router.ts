import express, { type Request, type Response, type Router } from 'express';
import { BadRequestError, DomainError } from '@meridian/domain';
import { PhlebotomyPartnerError, WebhookSignatureError } from '@meridian/lab-partners';
import type { createLabAppointmentsService } from './lab-appointments.service';

/**
 * `POST /v2/provider_webhooks/phlebotomy/{provider}` (public): the phlebotomy partners' signed appointment
 * updates. Mounted before the JSON parser so the partner adapter verifies its HMAC over the exact bytes
 * received; a bad or stale signature is 401 and nothing is applied (the partner retries).
 */

const MAX_BODY = '256kb';

type Service = ReturnType<typeof createLabAppointmentsService>;

/** 401 `invalid_signature`: the partner's signature or timestamp does not verify. */
class WebhookSignatureRefused extends DomainError {
  readonly kind = 'unauthenticated';
  constructor() {
    super('invalid_signature', 'The webhook signature does not verify.');
  }
}

export function createPhlebotomyWebhooksRouter(service: Service): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: MAX_BODY });

  router.post('/v2/provider_webhooks/phlebotomy/:provider', rawBody, async (req: Request, res: Response) => {
    const rawBodyBytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let outcome: 'applied' | 'ignored';
    try {
      outcome = await service.partnerWebhook(req.params.provider as string, {
        headers: req.headers,
        rawBody: rawBodyBytes,
      });
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        throw new WebhookSignatureRefused();
      }
      if (err instanceof PhlebotomyPartnerError) {
        throw new BadRequestError('invalid_webhook', 'The webhook body is not a valid appointment update.');
      }
      throw err;
    }
    res.json({ received: true, outcome });
  });
  return router;
}
