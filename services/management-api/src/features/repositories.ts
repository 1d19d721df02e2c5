import type { Knex } from '@meridian/db';
import { createEtlPipelinesRepository } from './etl-pipelines/etl-pipelines.repository';
import { createInvitesRepository } from './invites/invites.repository';
import { createManagementKeysRepository } from './management-keys/management-keys.repository';
import { createMembersRepository } from './members/members.repository';
import { createOrgRepository } from './org/org.repository';
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
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
