import type { Knex } from '@meridian/db';
import { createAuditEventsRepository } from './audit/audit-events.repository';
import { createContinuousQueriesRepository } from './continuous-queries/continuous-queries.repository';
import { createCustomCredentialsRepository } from './custom-credentials/custom-credentials.repository';
import { createDataPullPreferencesRepository } from './data-pull-preferences/data-pull-preferences.repository';
import { createEtlPipelinesRepository } from './etl-pipelines/etl-pipelines.repository';
import { createInvitesRepository } from './invites/invites.repository';
import { createLabReportReviewRepository } from './lab-report-review/lab-report-review.repository';
import { createLinkSettingsRepository } from './link-settings/link-settings.repository';
import { createManagementKeysRepository } from './management-keys/management-keys.repository';
import { createMembersRepository } from './members/members.repository';
import { createOrgRepository } from './org/org.repository';
import { createRateLimitsRepository } from './rate-limits/rate-limits.repository';
import { createScopeRequirementsRepository } from './scope-requirements/scope-requirements.repository';
import { createTeamApiKeysRepository } from './team-api-keys/team-api-keys.repository';
import { createTeamsRepository } from './teams/teams.repository';
import { createWebhooksRepository } from './webhooks/webhooks.repository';

/** Every repository of the management API, built on one connection or transaction. */
export function createRepositories(db: Knex) {
  return {
    org: createOrgRepository(db),
    teams: createTeamsRepository(db),
    members: createMembersRepository(db),
    invites: createInvitesRepository(db),
    managementKeys: createManagementKeysRepository(db),
    teamApiKeys: createTeamApiKeysRepository(db),
    webhooks: createWebhooksRepository(db),
    etlPipelines: createEtlPipelinesRepository(db),
    customCredentials: createCustomCredentialsRepository(db),
    scopeRequirements: createScopeRequirementsRepository(db),
    dataPullPreferences: createDataPullPreferencesRepository(db),
    linkSettings: createLinkSettingsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    auditEvents: createAuditEventsRepository(db),
    continuousQueries: createContinuousQueriesRepository(db),
    labReportReviews: createLabReportReviewRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
