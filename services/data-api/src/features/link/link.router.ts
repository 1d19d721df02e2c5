import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import type { components } from '../../generated/openapi';
import { createDemoConnectService } from './demo-connect.service';

/** `/v2/link/*`. The OpenAPI validator has already checked the body (uuid, demo provider slug). */

type DemoConnectRequest = components['schemas']['DemoConnectRequest'];
type DemoConnectResponse = components['schemas']['DemoConnectResponse'];

export function createLinkRouter(deps: {
  db: Knex;
  clock: () => Date;
  transport?: Pick<Transport, 'publish'>;
  logger?: Logger;
}): Router {
  const demo = createDemoConnectService(deps);
  const router = express.Router();

  router.post('/v2/link/connect/demo', async (req, res) => {
    const body = req.body as DemoConnectRequest;
    const result = await demo.connect(principalOf(res), body.user_id, body.provider);
    const response: DemoConnectResponse = { success: true, detail: result.detail };
    res.json(response);
  });

  return router;
}
