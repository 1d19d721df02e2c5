import express, { type Request, type Response, type Router } from 'express';
import { errorEnvelope } from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import { createContinuousQueryResultsService } from './continuous-query-results.service';

/**
 * Continuous query results on the data API (api-shapes §4.8). The guard has checked the key and the
 * closed-beta feature (`x-meridian-feature`), the OpenAPI validator the path and query parameters.
 */
const BASE = '/aggregate/v1/user/:user_id/continuous_query/:query_id_or_slug';

function acceptsJson(req: Request, res: Response): boolean {
  if (req.accepts('application/json')) return true;
  res.status(406).json(errorEnvelope('not_acceptable', 'Only application/json responses are available.'));
  return false;
}

export function createContinuousQueryResultsRouter(
  deps: Parameters<typeof createContinuousQueryResultsService>[0],
): Router {
  const service = createContinuousQueryResultsService(deps);
  const router = express.Router();

  router.get(`${BASE}/result_table`, async (req, res) => {
    if (!acceptsJson(req, res)) return;
    const { user_id: userId, query_id_or_slug: idOrSlug } = req.params;
    res.json(await service.resultTable(principalOf(res), userId, idOrSlug));
  });

  // FHIR clients ask for `application/fhir+json`; the body is the same JSON either way.
  router.get(`${BASE}/fhir_observations`, async (req, res) => {
    const type = req.accepts(['application/json', 'application/fhir+json']);
    if (!type) {
      res
        .status(406)
        .json(
          errorEnvelope('not_acceptable', 'Only application/json or application/fhir+json is available.'),
        );
      return;
    }
    const { user_id: userId, query_id_or_slug: idOrSlug } = req.params;
    const bundle = await service.fhirObservations(principalOf(res), userId, idOrSlug);
    res.type(type).send(JSON.stringify(bundle));
  });

  router.get(`${BASE}/task_history`, async (req, res) => {
    if (!acceptsJson(req, res)) return;
    const { user_id: userId, query_id_or_slug: idOrSlug } = req.params;
    const { next_cursor: nextCursor, limit } = req.query as { next_cursor?: string; limit?: string | number };
    res.json(
      await service.taskHistory(principalOf(res), userId, idOrSlug, {
        nextCursor,
        limit: limit === undefined || limit === '' ? undefined : Number(limit),
      }),
    );
  });

  return router;
}
