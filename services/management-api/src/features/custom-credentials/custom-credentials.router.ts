import express, { type Request, type Router } from 'express';
import type { Environment, Region } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryList, queryValue } from '../shared/request-parts';
import type {
  CredentialWhere,
  CustomCredentialsService,
  SetTeamCredentialInput,
} from './custom-credentials.service';

const PATH = '/v1/org/:org_id/team_custom_credentials/:env/:region';
const PREPARE = '/v1/org/:org_id/prepare_team_custom_credentials/:env/:region';

function whereOf(req: Request): CredentialWhere {
  return {
    orgId: pathParam(req, 'org_id'),
    environment: pathParam(req, 'env') as Environment,
    region: pathParam(req, 'region') as Region,
  };
}

export function createCustomCredentialsRouter(service: CustomCredentialsService): Router {
  const router = express.Router();

  router.post(PREPARE, async (req, res) => {
    res.json(await service.prepare(whereOf(req), bodyOf<{ team_id: string; provider: string }>(req)));
  });

  router.get(PATH, async (req, res) => {
    res.json(
      await service.list(principalOf(res), whereOf(req), {
        teamIds: queryList(req, 'team_id'),
        provider: queryValue(req, 'provider'),
        nextCursor: queryValue(req, 'next_cursor'),
      }),
    );
  });

  router.post(PATH, async (req, res) => {
    res.json(await service.set(whereOf(req), bodyOf<SetTeamCredentialInput>(req)));
  });

  router.delete(PATH, async (req, res) => {
    res.json(await service.remove(principalOf(res), whereOf(req), queryList(req, 'credential_id') ?? []));
  });

  return router;
}
