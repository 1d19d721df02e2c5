import express, { type Router } from 'express';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { MembersService, UpdateMemberInput } from './members.service';

export function createMembersRouter(service: MembersService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id/member', async (req, res) => {
    res.json(
      await service.list(pathParam(req, 'org_id'), {
        searchQuery: queryValue(req, 'search_query'),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.patch('/v1/org/:org_id/member/:member_id', async (req, res) => {
    res.json(
      await service.update(
        pathParam(req, 'org_id'),
        pathParam(req, 'member_id'),
        bodyOf<UpdateMemberInput>(req),
      ),
    );
  });

  router.delete('/v1/org/:org_id/member/:member_id', async (req, res) => {
    res.json(await service.delete(pathParam(req, 'org_id'), pathParam(req, 'member_id')));
  });

  return router;
}
