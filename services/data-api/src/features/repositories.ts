import type { Knex } from '@meridian/db';
import { createEventsRepository } from './events/events.repository';
import { createIntrospectionRepository } from './introspection/introspection.repository';
import { createSummariesRepository } from './summaries/summaries.repository';
import { createTeamsRepository } from './team/teams.repository';
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
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
