import express, { type Router } from 'express';
import type { ManagementRole } from '@meridian/domain';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type {
  CreateManagementKeyInput,
  ManagementKeysService,
  UpdateManagementKeyInput,
} from './management-keys.service';

export function createManagementKeysRouter(service: ManagementKeysService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id/management_key', async (req, res) => {
    res.json(
      await service.list(pathParam(req, 'org_id'), {
        teamId: queryValue(req, 'team_id'),
        role: queryValue(req, 'role') as ManagementRole | undefined,
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.post('/v1/org/:org_id/management_key', async (req, res) => {
    res.json(await service.create(pathParam(req, 'org_id'), bodyOf<CreateManagementKeyInput>(req)));
  });

  router.patch('/v1/org/:org_id/management_key/:key_id', async (req, res) => {
    res.json(
      await service.update(
        pathParam(req, 'org_id'),
        pathParam(req, 'key_id'),
        bodyOf<UpdateManagementKeyInput>(req),
      ),
    );
  });

  router.delete('/v1/org/:org_id/management_key/:key_id', async (req, res) => {
    res.json(await service.revoke(pathParam(req, 'org_id'), pathParam(req, 'key_id')));
  });

  return router;
}
