import express, { type Request, type Router } from 'express';
import type { Environment, Region } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryList, queryValue } from '../shared/request-parts';
import type {
  DataPullPreferencesService,
  PreferenceWhere,
  UpsertDataPullPreferencesInput,
} from './data-pull-preferences.service';

const PATH = '/v1/org/:org_id/team_data_pull_preferences/:env/:region';

/** Default page size of the list (api-shapes §8.2: `limit?` (5)). */
const DEFAULT_LIMIT = 5;

function whereOf(req: Request): PreferenceWhere {
  return {
    orgId: pathParam(req, 'org_id'),
    environment: pathParam(req, 'env') as Environment,
    region: pathParam(req, 'region') as Region,
  };
}

export function createDataPullPreferencesRouter(service: DataPullPreferencesService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    const limit = (req.query as { limit?: unknown }).limit;
    res.json(
      await service.list(principalOf(res), whereOf(req), {
        teamIds: queryList(req, 'team_id'),
        providers: queryList(req, 'provider'),
        nextCursor: queryValue(req, 'next_cursor'),
        // the validator has checked it is an integer in range; it may still arrive as a string
        limit: limit === undefined ? DEFAULT_LIMIT : Number(limit),
      }),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(await service.upsert(whereOf(req), bodyOf<UpsertDataPullPreferencesInput>(req)));
  });

  router.delete(PATH, async (req, res) => {
    res.json(await service.remove(whereOf(req), queryList(req, 'team_id') ?? [], queryList(req, 'provider')));
  });

  return router;
}
