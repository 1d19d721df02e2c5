import {
  createCredentialsRepository,
  createLabReportJobsRepository,
  createOutboxRepository,
  type Knex,
} from '@meridian/db';
import { createEventsRepository } from './events/events.repository';
import { createIntrospectionRepository } from './introspection/introspection.repository';
import { createLabOrdersRepository } from './lab-orders/lab-orders.repository';
import { createDemoConnectionsRepository } from './link/demo-connections.repository';
import { createLinkConnectionsRepository } from './link/link-connections.repository';
import { createLinkTokensRepository } from './link/link-tokens.repository';
import { createTeamLinkPreferencesRepository } from './link/team-link-preferences.repository';
import { createSdkDevicesRepository } from './sdk-auth/sdk-devices.repository';
import { createSdkSessionsRepository } from './sdk-auth/sdk-sessions.repository';
import { createSdkSignInTokensRepository } from './sdk-auth/sdk-sign-in-tokens.repository';
import { createSummariesRepository } from './summaries/summaries.repository';
import { createTeamsRepository } from './team/teams.repository';
import { createTimeseriesRepository } from './timeseries/timeseries.repository';
import { createProviderConnectionsRepository } from './users/provider-connections.repository';
import { createRefreshRequestsRepository } from './users/refresh-requests.repository';
import { createUsersRepository } from './users/users.repository';

/** The data API repositories the unit of work hands to services, built on one connection or transaction. */
export function createRepositories(db: Knex | Knex.Transaction) {
  return {
    users: createUsersRepository(db),
    providerConnections: createProviderConnectionsRepository(db),
    refreshRequests: createRefreshRequestsRepository(db),
    summaries: createSummariesRepository(db),
    introspection: createIntrospectionRepository(db),
    teams: createTeamsRepository(db),
    events: createEventsRepository(db),
    sdkSignInTokens: createSdkSignInTokensRepository(db),
    sdkDevices: createSdkDevicesRepository(db),
    sdkSessions: createSdkSessionsRepository(db),
    outbox: createOutboxRepository(db),
    timeseries: createTimeseriesRepository(db),
    linkTokens: createLinkTokensRepository(db),
    linkConnections: createLinkConnectionsRepository(db),
    demoConnections: createDemoConnectionsRepository(db),
    teamLinkPreferences: createTeamLinkPreferencesRepository(db),
    labReportJobs: createLabReportJobsRepository(db),
    credentials: createCredentialsRepository(db),
    labOrders: createLabOrdersRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
