import express, { type Request, type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { bodyOf, pathParam } from '../shared/request-parts';
import type { LinkSettings, LinkSettingsPlace, LinkSettingsService } from './link-settings.service';

const PATH = '/v1/org/:org_id/team/:team_id/:environment/link_settings';

function placeOf(req: Request): LinkSettingsPlace {
  return {
    orgId: pathParam(req, 'org_id'),
    teamId: pathParam(req, 'team_id'),
    environment: pathParam(req, 'environment') as Environment,
  };
}

export function createLinkSettingsRouter(service: LinkSettingsService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(await service.get(placeOf(req)));
  });

  router.put(PATH, async (req, res) => {
    res.json(await service.put(placeOf(req), bodyOf<LinkSettings>(req)));
  });

  return router;
}
