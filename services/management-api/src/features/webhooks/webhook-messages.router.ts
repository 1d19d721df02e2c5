import express, { type Request, type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { requestDateTime } from '@meridian/platform';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { WebhookMessageStatus } from './webhook-messages.repository';
import type { WebhookMessagesService } from './webhook-messages.service';
import type { WebhookPlace } from './webhooks.repository';

const ONE = '/v1/org/:org_id/team/:team_id/:environment/webhook/:webhook_id';
const MESSAGES = `${ONE}/message`;
const MESSAGE = `${MESSAGES}/:message_id`;

const DEFAULT_LIMIT = 50;

function placeOf(req: Request): WebhookPlace {
  return {
    orgId: pathParam(req, 'org_id'),
    teamId: pathParam(req, 'team_id'),
    environment: pathParam(req, 'environment') as Environment,
  };
}

function pageOf(req: Request) {
  const limit = (req.query as { limit?: unknown }).limit;
  return {
    nextCursor: queryValue(req, 'next_cursor'),
    // the validator has checked it is an integer in range; it may still arrive as a string
    limit: limit === undefined ? DEFAULT_LIMIT : Number(limit),
  };
}

const webhookIdOf = (req: Request) => pathParam(req, 'webhook_id');

export function createWebhookMessagesRouter(service: WebhookMessagesService): Router {
  const router = express.Router();

  router.get(MESSAGES, async (req, res) => {
    const status = queryValue(req, 'status') as WebhookMessageStatus | undefined;
    res.json(await service.listMessages(placeOf(req), webhookIdOf(req), { ...pageOf(req), status }));
  });

  router.get(`${MESSAGE}/attempt`, async (req, res) => {
    res.json(
      await service.listAttempts(placeOf(req), webhookIdOf(req), pathParam(req, 'message_id'), pageOf(req)),
    );
  });

  router.post(`${MESSAGE}/resend`, async (req, res) => {
    res.status(202).json(await service.resend(placeOf(req), webhookIdOf(req), pathParam(req, 'message_id')));
  });

  router.post(`${ONE}/recover`, async (req, res) => {
    const since = requestDateTime(bodyOf<{ since: string }>(req).since, ['body', 'since']);
    res.status(202).json(await service.recover(placeOf(req), webhookIdOf(req), since));
  });

  return router;
}
