import express, { type Router } from 'express';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { ScopeRequirementsService, SetScopeRequirementsInput } from './scope-requirements.service';

const PATH = '/v1/org/:org_id/team/:team_id/scope_requirements';

export function createScopeRequirementsRouter(service: ScopeRequirementsService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(
      await service.list(pathParam(req, 'org_id'), pathParam(req, 'team_id'), queryValue(req, 'provider')),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(
      await service.set(
        pathParam(req, 'org_id'),
        pathParam(req, 'team_id'),
        bodyOf<SetScopeRequirementsInput>(req),
      ),
    );
  });

  return router;
}
