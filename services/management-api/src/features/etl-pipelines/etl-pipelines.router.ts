import express, { type Request, type Router } from 'express';
import type { Environment, Region } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryList, queryValue } from '../shared/request-parts';
import type { UpsertEtlPipelinesInput } from './etl-pipeline-config';
import type { EtlPipelinesService, EtlPipelineWhere } from './etl-pipelines.service';

const PATH = '/v1/org/:org_id/team_etl_pipelines/:env/:region';

function whereOf(req: Request): EtlPipelineWhere {
  return {
    orgId: pathParam(req, 'org_id'),
    environment: pathParam(req, 'env') as Environment,
    region: pathParam(req, 'region') as Region,
  };
}

export function createEtlPipelinesRouter(service: EtlPipelinesService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(
      await service.list(principalOf(res), whereOf(req), {
        teamId: queryValue(req, 'team_id'),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(await service.upsert(principalOf(res), whereOf(req), bodyOf<UpsertEtlPipelinesInput>(req)));
  });

  router.delete(PATH, async (req, res) => {
    res.json(await service.remove(principalOf(res), whereOf(req), queryList(req, 'team_id')));
  });

  return router;
}
