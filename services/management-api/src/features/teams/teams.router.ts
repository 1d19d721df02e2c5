import express, { type Router } from 'express';
import type { Environment, Region } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryList, queryValue } from '../shared/request-parts';
import type { CreateTeamInput, TeamsService, UpdateTeamInput } from './teams.service';

export function createTeamsRouter(service: TeamsService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id/team', async (req, res) => {
    const result = await service.list(principalOf(res), pathParam(req, 'org_id'), {
      teamId: queryValue(req, 'team_id'),
      regions: queryList(req, 'region') as Region[] | undefined,
      searchQuery: queryValue(req, 'search_query'),
      nextCursor: queryValue(req, 'next_cursor'),
    });
    res.json(result);
  });

  router.post('/v1/org/:org_id/team', async (req, res) => {
    res.json(await service.create(pathParam(req, 'org_id'), bodyOf<CreateTeamInput>(req)));
  });

  router.get('/v1/org/:org_id/team/:team_id', async (req, res) => {
    const include = (queryList(req, 'include_environment') ?? []) as Environment[];
    res.json(await service.get(pathParam(req, 'org_id'), pathParam(req, 'team_id'), include));
  });

  router.patch('/v1/org/:org_id/team/:team_id', async (req, res) => {
    res.json(
      await service.update(pathParam(req, 'org_id'), pathParam(req, 'team_id'), bodyOf<UpdateTeamInput>(req)),
    );
  });

  router.delete('/v1/org/:org_id/team/:team_id', async (req, res) => {
    res.json(await service.delete(pathParam(req, 'org_id'), pathParam(req, 'team_id')));
  });

  router.post('/v1/org/:org_id/resolve_team', async (req, res) => {
    const { integration_team_id } = bodyOf<{ integration_team_id: string }>(req);
    res.json(await service.resolve(principalOf(res), pathParam(req, 'org_id'), integration_team_id));
  });

  return router;
}
