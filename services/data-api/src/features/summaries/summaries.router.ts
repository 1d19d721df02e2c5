import express, { type Router } from 'express';
import { principalOf } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';
import { toSummaryWire } from './summaries.presenter';
import { createSummariesService, type RangedSummaryKind } from './summaries.service';

/** `/v2/summary/*` (api-shapes §4.4). The OpenAPI validator has checked the query; rules live in the service. */

/** Path segment → kind and the key that wraps the list in the response. */
const RANGED: ReadonlyArray<{ segment: string; kind: RangedSummaryKind; wrapper: string }> = [
  { segment: 'activity', kind: 'activity', wrapper: 'activity' },
  { segment: 'body', kind: 'body', wrapper: 'body' },
  { segment: 'meal', kind: 'meal', wrapper: 'meals' },
  { segment: 'sleep', kind: 'sleep', wrapper: 'sleep' },
  { segment: 'workouts', kind: 'workouts', wrapper: 'workouts' },
  { segment: 'sleep_cycle', kind: 'sleep_cycle', wrapper: 'sleep_cycle' },
  { segment: 'menstrual_cycle', kind: 'menstrual_cycle', wrapper: 'menstrual_cycle' },
  { segment: 'electrocardiogram', kind: 'electrocardiogram', wrapper: 'electrocardiogram' },
];

function providerParam(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function createSummariesRouter(deps: { uow: UnitOfWork<'users' | 'summaries'> }): Router {
  const service = createSummariesService(deps);
  const router = express.Router();

  for (const { segment, kind, wrapper } of RANGED) {
    router.get(`/v2/summary/${segment}/:user_id`, async (req, res) => {
      const list = await service.list(principalOf(res), req.params.user_id, kind, {
        startDate: req.query.start_date,
        endDate: req.query.end_date,
        provider: providerParam(req.query.provider),
      });
      res.json({ [wrapper]: list.map((s) => toSummaryWire(kind, s)) });
    });
  }

  router.get('/v2/summary/profile/:user_id', async (req, res) => {
    const profile = await service.latestProfile(
      principalOf(res),
      req.params.user_id,
      providerParam(req.query.provider),
    );
    res.json(toSummaryWire('profile', profile));
  });

  return router;
}
