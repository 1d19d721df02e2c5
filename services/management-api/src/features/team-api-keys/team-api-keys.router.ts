import express, { type Request, type Router } from 'express';
import type { Environment, Region } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryList, queryValue } from '../shared/request-parts';
import type { TeamApiKeysService } from './team-api-keys.service';

const PATH = '/v1/org/:org_id/team_api_keys/:env/:region';

function placeOf(req: Request) {
  return {
    orgId: pathParam(req, 'org_id'),
    environment: pathParam(req, 'env') as Environment,
    region: pathParam(req, 'region') as Region,
  };
}

export function createTeamApiKeysRouter(service: TeamApiKeysService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(
      await service.list(principalOf(res), placeOf(req), {
        teamId: queryValue(req, 'team_id'),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(await service.create(placeOf(req), bodyOf<{ label: string; team_id: string }>(req)));
  });

  router.delete(PATH, async (req, res) => {
    res.json(await service.revoke(principalOf(res), placeOf(req), queryList(req, 'api_key_id') ?? []));
  });

  return router;
}
