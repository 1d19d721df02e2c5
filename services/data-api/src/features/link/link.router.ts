import express, { type Router } from 'express';
import { principalOf } from '../../auth/principal';
import type { components } from '../../generated/openapi';
import { createDemoConnectService, type DemoConnectDeps } from './demo-connect.service';

/** `/v2/link/*`. The OpenAPI validator has already checked the body (uuid, demo provider slug). */

type DemoConnectRequest = components['schemas']['DemoConnectRequest'];
type DemoConnectResponse = components['schemas']['DemoConnectResponse'];

export function createLinkRouter(deps: DemoConnectDeps): Router {
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
