import express, { type Router } from 'express';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { CreateInviteInput, InvitesService } from './invites.service';

export function createInvitesRouter(service: InvitesService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id/invite', async (req, res) => {
    res.json(
      await service.list(pathParam(req, 'org_id'), {
        searchQuery: queryValue(req, 'search_query'),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.post('/v1/org/:org_id/invite', async (req, res) => {
    res.json(await service.create(pathParam(req, 'org_id'), bodyOf<CreateInviteInput>(req)));
  });

  router.delete('/v1/org/:org_id/invite/:invite_id', async (req, res) => {
    res.json(await service.delete(pathParam(req, 'org_id'), pathParam(req, 'invite_id')));
  });

  return router;
}
