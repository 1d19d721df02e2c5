import express, { type Router } from 'express';
import { bodyOf, pathParam } from '../shared/request-parts';
import type { OrgService } from './org.service';

export function createOrgRouter(service: OrgService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id', async (req, res) => {
    res.json(await service.get(pathParam(req, 'org_id')));
  });

  router.patch('/v1/org/:org_id', async (req, res) => {
    res.json(await service.rename(pathParam(req, 'org_id'), bodyOf<{ name: string }>(req).name));
  });

  return router;
}
