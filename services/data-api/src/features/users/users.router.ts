import express, { type Router } from 'express';
import type { Logger } from '@meridian/platform';
import type { SyncDeps } from '@meridian/sync';
import { principalOf } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';
import { createUserConnectionsService, REFRESH_LIMIT } from './user-connections.service';
import { createUserDeletionService } from './user-deletion.service';
import { undoSelector, type UserInput } from './user-input.rules';
import { toProviderWithStatus, toUserResponse } from './users.presenter';
import { createUsersService, type UserCreateInput, type UserView } from './users.service';

/** `/v2/user/*`. The OpenAPI validator has already checked types and formats; rules live in the services. */

const USER_KEYS = [
  'client_user_id',
  'fallback_time_zone',
  'fallback_birth_date',
  'ingestion_start',
  'ingestion_end',
] as const;

/** Only the documented keys, only when present (absent = unchanged, null = clear); unknown keys are ignored. */
function userInput(body: unknown): UserInput {
  const source = (body ?? {}) as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const key of USER_KEYS) if (source[key] !== undefined) input[key] = source[key];
  return input;
}

function queryInt(value: unknown, fallback: number): number {
  return value === undefined || value === '' ? fallback : Number(value);
}

const userBody = (v: UserView) => toUserResponse(v.user, v.connections);
const SUCCESS = { success: true } as const;

export function createUsersRouter(deps: {
  uow: UnitOfWork<'users' | 'providerConnections' | 'refreshRequests' | 'sdkSessions'>;
  clock: () => Date;
  sync: SyncDeps;
  logger?: Logger;
}): Router {
  const users = createUsersService(deps);
  const connections = createUserConnectionsService(deps);
  const deletion = createUserDeletionService({
    ...deps,
    deregisterAtProviders: (userId) => connections.deregisterAllAtProviders(userId),
  });
  const router = express.Router();

  router.get('/v2/user', async (req, res) => {
    const offset = queryInt(req.query.offset, 0);
    const limit = queryInt(req.query.limit, 100);
    const page = await users.list(principalOf(res), offset, limit);
    res.json({ users: page.users.map(userBody), total: page.total, offset, limit });
  });

  router.post('/v2/user', async (req, res) => {
    const created = await users.create(principalOf(res), userInput(req.body) as UserCreateInput);
    res.json(userBody(created));
  });

  // Literal segments before `{user_id}` (api-shapes §1 "Route matching").
  router.get('/v2/user/resolve/:client_user_id', async (req, res) => {
    res.json(userBody(await users.resolve(principalOf(res), req.params.client_user_id)));
  });

  router.get('/v2/user/providers/:user_id', async (req, res) => {
    const list = await connections.listConnections(principalOf(res), req.params.user_id);
    res.json({ providers: list.map(toProviderWithStatus) });
  });

  router.post('/v2/user/refresh/:user_id', async (req, res) => {
    const userId = req.params.user_id;
    const timeout = req.query.timeout === undefined ? 10 : Number(req.query.timeout);
    const outcome = await connections.refresh(principalOf(res), userId, timeout);
    switch (outcome.kind) {
      case 'rate_limited':
        res
          .status(429)
          .set('Retry-After', String(outcome.retryAfterSeconds))
          .json({
            detail: {
              error_type: 'rate_limited',
              error_message: `At most ${REFRESH_LIMIT} refreshes per user per hour; retry after ${outcome.retryAfterSeconds} s.`,
            },
          });
        return;
      case 'rejected':
        res
          .status(400)
          .json({ success: false, user_id: userId, error: outcome.error, failed_sources: outcome.failed });
        return;
      case 'done':
      case 'in_progress':
        res.status(outcome.kind === 'done' ? 200 : 202).json({
          success: true,
          user_id: userId,
          refreshed_sources: outcome.refreshed,
          in_progress_sources: outcome.inProgress,
          failed_sources: outcome.failed,
        });
        return;
    }
  });

  router.post('/v2/user/undo_delete', async (req, res) => {
    await deletion.undoDelete(principalOf(res), undoSelector(req.query, req.body));
    res.json(SUCCESS);
  });

  router.get('/v2/user/:user_id', async (req, res) => {
    res.json(userBody(await users.get(principalOf(res), req.params.user_id)));
  });

  router.patch('/v2/user/:user_id', async (req, res) => {
    await users.patch(principalOf(res), req.params.user_id, userInput(req.body));
    res.status(204).end();
  });

  router.delete('/v2/user/:user_id', async (req, res) => {
    await deletion.deleteUser(principalOf(res), req.params.user_id);
    res.json(SUCCESS);
  });

  router.delete('/v2/user/:user_id/:provider', async (req, res) => {
    await connections.deregister(principalOf(res), req.params.user_id, req.params.provider);
    res.json(SUCCESS);
  });

  return router;
}
