import express, { type Request, type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { WebhookPlace } from './webhooks.repository';
import type { CreateWebhookInput, PatchWebhookInput, WebhooksService } from './webhooks.service';

const PATH = '/v1/org/:org_id/team/:team_id/:environment/webhook';
const ONE = `${PATH}/:webhook_id`;

/** Default page size of the webhook list (api-shapes §8.2: `limit?` (50)). */
const DEFAULT_LIMIT = 50;

function placeOf(req: Request): WebhookPlace {
  return {
    orgId: pathParam(req, 'org_id'),
    teamId: pathParam(req, 'team_id'),
    environment: pathParam(req, 'environment') as Environment,
  };
}

const idOf = (req: Request) => pathParam(req, 'webhook_id');

export function createWebhooksRouter(service: WebhooksService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    const limit = (req.query as { limit?: unknown }).limit;
    res.json(
      await service.list(placeOf(req), {
        nextCursor: queryValue(req, 'next_cursor'),
        // the validator has checked it is an integer in range; it may still arrive as a string
        limit: limit === undefined ? DEFAULT_LIMIT : Number(limit),
      }),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(await service.create(placeOf(req), bodyOf<CreateWebhookInput>(req)));
  });

  router.get(ONE, async (req, res) => {
    res.json(await service.get(placeOf(req), idOf(req)));
  });

  router.patch(ONE, async (req, res) => {
    res.json(await service.patch(placeOf(req), idOf(req), bodyOf<PatchWebhookInput>(req)));
  });

  router.delete(ONE, async (req, res) => {
    await service.delete(placeOf(req), idOf(req));
    res.status(204).end();
  });

  router.get(`${ONE}/headers`, async (req, res) => {
    res.json(await service.getHeaders(placeOf(req), idOf(req)));
  });

  router.put(`${ONE}/headers`, async (req, res) => {
    await service.replaceHeaders(
      placeOf(req),
      idOf(req),
      bodyOf<{ headers: Record<string, string> }>(req).headers,
    );
    res.status(204).end();
  });

  router.get(`${ONE}/secret`, async (req, res) => {
    res.json(await service.getSecret(placeOf(req), idOf(req)));
  });

  router.post(`${ONE}/secret/rotate`, async (req, res) => {
    await service.rotateSecret(
      placeOf(req),
      idOf(req),
      bodyOf<{ key?: string | null } | undefined>(req)?.key,
    );
    res.status(204).end();
  });

  return router;
}
