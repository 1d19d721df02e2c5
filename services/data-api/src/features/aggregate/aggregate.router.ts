import express, { type Router } from 'express';
import { ValidationError } from '@meridian/domain';
import { errorEnvelope } from '@meridian/platform';
import { assertSupported } from '@meridian/query-engine';
import { parseQueryBatch } from '@meridian/query-language';
import { principalOf } from '../../auth/principal';
import { createAggregateService } from './aggregate.service';

/**
 * `/aggregate/v1` (api-shapes §4.8). The guard has checked the key and the closed-beta feature
 * (`x-meridian-feature` on the operation); the grammar is the query language's, so 422 items point at the
 * exact element.
 */
export function createAggregateRouter(deps: Parameters<typeof createAggregateService>[0]): Router {
  const service = createAggregateService(deps);
  const router = express.Router();

  router.post('/aggregate/v1/user/:user_id/query', async (req, res) => {
    if (!req.accepts('application/json')) {
      res.status(406).json(errorEnvelope('not_acceptable', 'Only application/json responses are available.'));
      return;
    }
    const parsed = parseQueryBatch(req.body, { basePath: ['body'] });
    if (!parsed.ok) throw new ValidationError(parsed.issues);
    // Validation, before the user lookup: columns Meridian does not store are 422 not_supported, not nulls.
    assertSupported(parsed.batch.queries.map((q) => q.query));
    const results = await service.query(principalOf(res), req.params.user_id, parsed.batch);
    res.json({ results });
  });

  return router;
}
