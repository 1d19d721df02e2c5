import express, { type Request, type Router } from 'express';
import type { CursorCodec } from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';
import { toUserHistoricalPullsPage, toUserResourcesPage } from './introspection.presenter';
import { createIntrospectionService, type IntrospectionQuery } from './introspection.service';

/** `/v2/introspect/*` (api-shapes §4.5). The OpenAPI validator has checked types and bounds. */

const DEFAULT_USER_LIMIT = 50;

function introspectionQuery(req: Request): IntrospectionQuery {
  const { user_id: userId, provider, user_limit: userLimit, next_cursor, cursor } = req.query;
  return {
    userId: typeof userId === 'string' && userId !== '' ? userId : undefined,
    provider: typeof provider === 'string' ? provider : '',
    userLimit: userLimit === undefined || userLimit === '' ? DEFAULT_USER_LIMIT : Number(userLimit),
    nextCursor: next_cursor,
    cursor,
  };
}

export function createIntrospectionRouter(deps: {
  uow: UnitOfWork<'users' | 'introspection'>;
  cursors: CursorCodec;
}): Router {
  const service = createIntrospectionService(deps);
  const router = express.Router();

  router.get('/v2/introspect/resources', async (req, res) => {
    res.json(toUserResourcesPage(await service.resources(principalOf(res), introspectionQuery(req))));
  });

  router.get('/v2/introspect/historical_pull', async (req, res) => {
    res.json(
      toUserHistoricalPullsPage(await service.historicalPulls(principalOf(res), introspectionQuery(req))),
    );
  });

  return router;
}
