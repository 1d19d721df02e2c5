import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';
import { DEFAULT_RATE_LIMITS, type CursorCodec } from '@meridian/platform';
import { createAuditEventsRouter } from './audit/audit-events.router';
import { createAuditEventsService } from './audit/audit-events.service';
import { createContinuousQueriesRouter } from './continuous-queries/continuous-queries.router';
import { createContinuousQueriesService } from './continuous-queries/continuous-queries.service';
import { createCustomCredentialsRouter } from './custom-credentials/custom-credentials.router';
import { createCustomCredentialsService } from './custom-credentials/custom-credentials.service';
import { createDataPullPreferencesRouter } from './data-pull-preferences/data-pull-preferences.router';
import { createDataPullPreferencesService } from './data-pull-preferences/data-pull-preferences.service';
import { createEtlPipelinesRouter } from './etl-pipelines/etl-pipelines.router';
import { createEtlPipelinesService } from './etl-pipelines/etl-pipelines.service';
import { createInvitesRouter } from './invites/invites.router';
import { createInvitesService } from './invites/invites.service';
import { createLabReportReviewRouter } from './lab-report-review/lab-report-review.router';
import { createLabReportReviewService } from './lab-report-review/lab-report-review.service';
import { createPdfPages } from './lab-report-review/pdf-pages';
import { createLinkSettingsRouter } from './link-settings/link-settings.router';
import { createLinkSettingsService } from './link-settings/link-settings.service';
import { createManagementKeysRouter } from './management-keys/management-keys.router';
import { createManagementKeysService } from './management-keys/management-keys.service';
import { createMembersRouter } from './members/members.router';
import { createMembersService } from './members/members.service';
import { createOrgRouter } from './org/org.router';
import { createOrgService } from './org/org.service';
import { createRateLimitsRouter } from './rate-limits/rate-limits.router';
import { createRateLimitsService } from './rate-limits/rate-limits.service';
import { createScopeRequirementsRouter } from './scope-requirements/scope-requirements.router';
import { createScopeRequirementsService } from './scope-requirements/scope-requirements.service';
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
  /** Base of the data API's public URIs (OAuth callback, provider webhooks) teams register with their apps. */
  dataApiPublicUrl: string;
  /** The data API's default per-key limit (requests per minute) that team overrides replace. */
  defaultKeyRateLimit?: number;
  /** Seals and opens the lists' `next_cursor` (issue 11). */
  cursors: CursorCodec;
}): Router {
  const uow = createUnitOfWork(deps.db);
  const { region, clock, cursors } = deps;
  const router = express.Router();
  router.use(createOrgRouter(createOrgService({ uow })));
  router.use(createTeamsRouter(createTeamsService({ uow, region, clock, cursors })));
  router.use(createMembersRouter(createMembersService({ uow, cursors })));
  router.use(createInvitesRouter(createInvitesService({ uow, clock, cursors })));
  router.use(createManagementKeysRouter(createManagementKeysService({ uow, clock, cursors })));
  router.use(createTeamApiKeysRouter(createTeamApiKeysService({ uow, region, clock, cursors })));
  router.use(createWebhooksRouter(createWebhooksService({ uow, clock, cursors, ...deps.webhookSecurity })));
  router.use(createWebhookMessagesRouter(createWebhookMessagesService({ db: deps.db, clock, cursors })));
  router.use(
    createEtlPipelinesRouter(
      createEtlPipelinesService({
        uow,
        region,
        clock,
        cursors,
        secretBox: deps.webhookSecurity.secretBox,
        targetRules: { resolve: deps.webhookSecurity.resolveHost, allowList: deps.webhookSecurity.allowList },
      }),
    ),
  );
  router.use(
    createCustomCredentialsRouter(
      createCustomCredentialsService({
        uow,
        region,
        clock,
        cursors,
        secretBox: deps.webhookSecurity.secretBox,
        dataApiPublicUrl: deps.dataApiPublicUrl,
      }),
    ),
  );
  router.use(createScopeRequirementsRouter(createScopeRequirementsService({ uow, clock })));
  router.use(
    createDataPullPreferencesRouter(createDataPullPreferencesService({ uow, region, clock, cursors })),
  );
  router.use(createLinkSettingsRouter(createLinkSettingsService({ uow })));
  router.use(
    createRateLimitsRouter(
      createRateLimitsService({
        uow,
        clock,
        defaultPerMinute: deps.defaultKeyRateLimit ?? DEFAULT_RATE_LIMITS.perKey,
      }),
    ),
  );
  router.use(createAuditEventsRouter(createAuditEventsService({ uow, cursors })));
  router.use(createContinuousQueriesRouter(createContinuousQueriesService({ uow, clock, cursors })));
  router.use(
    createLabReportReviewRouter(
      createLabReportReviewService({ uow, clock, cursors, pdfPages: createPdfPages() }),
    ),
  );
  return router;
}
