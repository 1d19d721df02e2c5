import { NotFoundError, providerBySlug, RESOURCES, type Resource, type TeamScope } from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import type { UnitOfWork } from '../unit-of-work';
import { USER_NOT_FOUND } from '../users/users.service';
import {
  reportedPullError,
  reportedPullStatus,
  type HistoricalPullStatus,
  type PullErrorDetails,
} from './historical-pull-status';
import { encodeCursor, pagePosition, type UserPosition } from './introspection-cursor';
import {
  type HistoricalPullRecord,
  type ResourceStatsRecord,
  type StatsTable,
} from './introspection.repository';

/** Per user, provider and resource ingestion figures and historical pulls of the caller's team environment. */

export interface IntrospectionQuery {
  userId?: string;
  /** Provider (or lab) slug; empty = all. */
  provider: string;
  userLimit: number;
  nextCursor: unknown;
  cursor: unknown;
}

export interface IntrospectionPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** Keyed by provider slug, in slug order. */
export interface UserProviders<T> {
  userId: string;
  providers: Map<string, T>;
}

export interface ReportedPull extends Omit<HistoricalPullRecord, 'status' | 'errorDetails'> {
  status: HistoricalPullStatus;
  errorDetails: PullErrorDetails | null;
}

export interface ProviderPulls {
  pulled: ReportedPull[];
  notPulled: Resource[];
}

/** Groups rows by user then provider; every provider in `alsoProviders` gets an entry, possibly empty. */
function groupByUserAndProvider<R extends { userId: string; provider: string }>(
  userIds: readonly string[],
  rows: readonly R[],
  alsoProviders: ReadonlyArray<{ userId: string; provider: string }>,
): Map<string, Map<string, R[]>> {
  const byUser = new Map(userIds.map((id) => [id, new Map<string, R[]>()]));
  for (const { userId, provider } of [...alsoProviders, ...rows]) {
    const providers = byUser.get(userId);
    if (providers && !providers.has(provider)) providers.set(provider, []);
  }
  for (const row of rows) byUser.get(row.userId)?.get(row.provider)?.push(row);
  for (const [userId, providers] of byUser) {
    byUser.set(userId, new Map([...providers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  }
  return byUser;
}

/** The resources the provider catalog says `provider` supports that have no pull (none for labs). */
function notPulled(provider: string, pulled: readonly HistoricalPullRecord[]): Resource[] {
  const seen = new Set(pulled.map((p) => p.resource));
  const supported = new Set(providerBySlug(provider)?.supportedResources ?? []);
  return RESOURCES.filter((r) => supported.has(r) && !seen.has(r));
}

export function createIntrospectionService(deps: {
  uow: UnitOfWork<'users' | 'introspection'>;
  cursors: CursorCodec;
}) {
  const { uow, cursors } = deps;

  /** One page of user ids (validation, then lookup) and the cursor of the next page. */
  async function usersPage(scope: TeamScope, query: IntrospectionQuery, table: StatsTable) {
    // A cursor opens only for the list and the team environment that it was issued for.
    const cursorScope = ['data-api/introspection', table, scope.teamId, scope.environment];
    const after = pagePosition(cursors, cursorScope, query.nextCursor, query.cursor);
    const userId = query.userId;
    if (userId !== undefined && !(await uow.read(({ users }) => users.findActiveById(scope, userId)))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
    const positions = await uow.read(({ introspection }) =>
      introspection.pageUsers(scope, {
        userId,
        provider: query.provider,
        table,
        after,
        limit: query.userLimit + 1,
      }),
    );
    const page = positions.slice(0, query.userLimit);
    const last: UserPosition | undefined = page[page.length - 1];
    const nextCursor =
      positions.length > query.userLimit && last ? encodeCursor(cursors, cursorScope, last) : null;
    return { userIds: page.map((p) => p.userId), nextCursor };
  }

  return {
    async resources(
      scope: TeamScope,
      query: IntrospectionQuery,
    ): Promise<IntrospectionPage<UserProviders<ResourceStatsRecord[]>>> {
      const { userIds, nextCursor } = await usersPage(scope, query, 'resource_stats');
      const [connections, stats] = await uow.read(({ introspection }) =>
        Promise.all([
          introspection.connections(userIds, query.provider),
          introspection.resourceStats(userIds, query.provider),
        ]),
      );
      const grouped = groupByUserAndProvider(userIds, stats, connections);
      return {
        data: userIds.map((userId) => ({ userId, providers: grouped.get(userId) ?? new Map() })),
        nextCursor,
      };
    },

    async historicalPulls(
      scope: TeamScope,
      query: IntrospectionQuery,
    ): Promise<IntrospectionPage<UserProviders<ProviderPulls>>> {
      const { userIds, nextCursor } = await usersPage(scope, query, 'historical_pulls');
      const [connections, pulls] = await uow.read(({ introspection }) =>
        Promise.all([
          introspection.connections(userIds, query.provider),
          introspection.historicalPulls(userIds, query.provider),
        ]),
      );
      const connectedOn = new Map(connections.map((c) => [`${c.userId}/${c.provider}`, c.createdOn]));
      const grouped = groupByUserAndProvider(userIds, pulls, connections);
      const data = userIds.map((userId) => {
        const providers = new Map<string, ProviderPulls>();
        for (const [provider, rows] of grouped.get(userId) ?? []) {
          const createdOn = connectedOn.get(`${userId}/${provider}`) ?? null;
          providers.set(provider, {
            pulled: rows.map((row) => ({
              ...row,
              status: reportedPullStatus(row.status, createdOn),
              errorDetails: reportedPullError(row.errorDetails),
            })),
            notPulled: notPulled(provider, rows),
          });
        }
        return { userId, providers };
      });
      return { data, nextCursor };
    },
  };
}
