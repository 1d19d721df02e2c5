import express, { type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { pathParam, queryValue } from '../shared/request-parts';
import type { AuditEventsService } from './audit-events.service';

const DEFAULT_LIMIT = 100;

export function createAuditEventsRouter(service: AuditEventsService): Router {
  const router = express.Router();

  router.get('/v1/org/:org_id/audit_events', async (req, res) => {
    const limit = (req.query as { limit?: unknown }).limit;
    res.json(
      await service.list(principalOf(res), pathParam(req, 'org_id'), {
        userId: queryValue(req, 'user_id'),
        keyId: queryValue(req, 'key_id'),
        teamId: queryValue(req, 'team_id'),
        environment: queryValue(req, 'environment') as Environment | undefined,
        start: queryValue(req, 'start'),
        end: queryValue(req, 'end'),
        // the validator has checked it is an integer in range; it may still arrive as a string
        limit: limit === undefined ? DEFAULT_LIMIT : Number(limit),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  return router;
}
