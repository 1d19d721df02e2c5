import express, { type Request, type Router } from 'express';
import { bodyOf, pathParam } from '../shared/request-parts';
import type { RateLimitsService, TeamPlace } from './rate-limits.service';

const PATH = '/v1/org/:org_id/team/:team_id/rate_limit';

const placeOf = (req: Request): TeamPlace => ({
  orgId: pathParam(req, 'org_id'),
  teamId: pathParam(req, 'team_id'),
});

export function createRateLimitsRouter(service: RateLimitsService): Router {
  const router = express.Router();
  router.get(PATH, async (req, res) => {
    res.json(await service.get(placeOf(req)));
  });
  router.put(PATH, async (req, res) => {
    res.json(await service.put(placeOf(req), bodyOf<{ requests_per_minute: number }>(req)));
  });
  router.delete(PATH, async (req, res) => {
    res.json(await service.remove(placeOf(req)));
  });
  return router;
}
