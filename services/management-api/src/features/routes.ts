import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import { createEtlPipelinesRouter } from './etl-pipelines/etl-pipelines.router';
import { createEtlPipelinesService } from './etl-pipelines/etl-pipelines.service';
import { createInvitesRouter } from './invites/invites.router';
import { createInvitesService } from './invites/invites.service';
import { createManagementKeysRouter } from './management-keys/management-keys.router';
import { createManagementKeysService } from './management-keys/management-keys.service';
import { createMembersRouter } from './members/members.router';
import { createMembersService } from './members/members.service';
import { createOrgRouter } from './org/org.router';
import { createOrgService } from './org/org.service';
import { createUnitOfWork } from './shared/unit-of-work';
import { createTeamApiKeysRouter } from './team-api-keys/team-api-keys.router';
import { createTeamApiKeysService } from './team-api-keys/team-api-keys.service';
import { createTeamsRouter } from './teams/teams.router';
import { createTeamsService } from './teams/teams.service';
import { createWebhookMessagesRouter } from './webhooks/webhook-messages.router';
import { createWebhookMessagesService } from './webhooks/webhook-messages.service';
import { createWebhooksRouter } from './webhooks/webhooks.router';
import { createWebhooksService, type WebhookSecurity } from './webhooks/webhooks.service';

/** Composes the management API's features; each service gets only the repositories it uses. */
export function createManagementRoutes(deps: {
  db: Knex;
  region: Region;
  clock: () => Date;
  webhookSecurity: WebhookSecurity;
}): Router {
  const uow = createUnitOfWork(deps.db);
  const { region, clock } = deps;
  const router = express.Router();
  router.use(createOrgRouter(createOrgService({ uow })));
  router.use(createTeamsRouter(createTeamsService({ uow, region, clock })));
  router.use(createMembersRouter(createMembersService({ uow })));
  router.use(createInvitesRouter(createInvitesService({ uow, clock })));
  router.use(createManagementKeysRouter(createManagementKeysService({ uow, clock })));
  router.use(createTeamApiKeysRouter(createTeamApiKeysService({ uow, region, clock })));
  router.use(createWebhooksRouter(createWebhooksService({ uow, clock, ...deps.webhookSecurity })));
  router.use(createWebhookMessagesRouter(createWebhookMessagesService({ db: deps.db, clock })));
  router.use(
    createEtlPipelinesRouter(
      createEtlPipelinesService({ uow, region, clock, secretBox: deps.webhookSecurity.secretBox }),
    ),
  );
  return router;
}
