import express, { type Request, type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { ContinuousQueryPlace, ContinuousQueryType } from './continuous-queries.repository';
import type { ContinuousQueriesService } from './continuous-queries.service';
import type { CreateContinuousQueryInput, PatchContinuousQueryInput } from './continuous-query-input';

const ENV_PATH = '/v1/org/:org_id/team/:team_id/:environment';
const PATH = `${ENV_PATH}/continuous_query`;
const ONE = `${PATH}/:query_id`;

function placeOf(req: Request): ContinuousQueryPlace {
  return {
    orgId: pathParam(req, 'org_id'),
    teamId: pathParam(req, 'team_id'),
    environment: pathParam(req, 'environment') as Environment,
  };
}

/** The validator has checked `query_type` against its enum; absent means `team`. */
const queryTypeOf = (req: Request): ContinuousQueryType =>
  queryValue(req, 'query_type') === 'platform' ? 'platform' : 'team';

export function createContinuousQueriesRouter(service: ContinuousQueriesService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(await service.list(placeOf(req), { nextCursor: queryValue(req, 'next_cursor') }));
  });

  router.post(PATH, async (req, res) => {
    res.json(
      await service.create(
        principalOf(res),
        placeOf(req),
        queryTypeOf(req),
        bodyOf<CreateContinuousQueryInput>(req),
      ),
    );
  });

  router.post(`${ENV_PATH}/validate_continuous_query`, async (req, res) => {
    res.json(
      await service.validate(
        principalOf(res),
        placeOf(req),
        queryTypeOf(req),
        bodyOf<CreateContinuousQueryInput>(req),
      ),
    );
  });

  router.patch(ONE, async (req, res) => {
    res.json(
      await service.patch(
        principalOf(res),
        placeOf(req),
        pathParam(req, 'query_id'),
        bodyOf<PatchContinuousQueryInput>(req),
      ),
    );
  });

  router.delete(ONE, async (req, res) => {
    res.json(await service.archive(principalOf(res), placeOf(req), pathParam(req, 'query_id')));
  });

  return router;
}
