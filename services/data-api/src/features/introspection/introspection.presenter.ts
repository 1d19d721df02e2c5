import type { components } from '../../generated/openapi';
import { formatUtcDateTime } from '../summaries/wire-shape';
import type { ResourceStatsRecord } from './introspection.repository';
import type { IntrospectionPage, ProviderPulls, ReportedPull, UserProviders } from './introspection.service';

/** Introspection views → the wire shapes of api-shapes §4.5. */

type Schemas = components['schemas'];
export type UserResourcesPageResponse = Schemas['UserResourcesPage'];
export type UserHistoricalPullsPageResponse = Schemas['UserHistoricalPullsPage'];

const dateTimeOrNull = (d: Date | null) => (d === null ? null : formatUtcDateTime(d));

function toResourceStats(r: ResourceStatsRecord): Schemas['ResourceStats'] {
  return {
    last_attempt:
      r.lastAttemptAt === null
        ? null
        : {
            timestamp: formatUtcDateTime(r.lastAttemptAt),
            // An attempt is either delivered or not: any other recorded status counts as a failure.
            status: r.lastAttemptStatus === 'success' ? 'success' : 'failure',
          },
    oldest_data: dateTimeOrNull(r.oldestData),
    newest_data: dateTimeOrNull(r.newestData),
    sent_count: r.sentCount,
  };
}

function toPullStats(p: ReportedPull): Schemas['PullStats'] {
  return {
    status: p.status,
    range_start: dateTimeOrNull(p.rangeStart),
    range_end: dateTimeOrNull(p.rangeEnd),
    timeline: {
      scheduled_at: formatUtcDateTime(p.scheduledAt),
      started_at: dateTimeOrNull(p.startedAt),
      ended_at: dateTimeOrNull(p.endedAt),
    },
    days_with_data: p.daysWithData,
    release: p.release,
    trace_id: p.traceId,
    error_details: p.errorDetails,
  };
}

function mapValues<T, U>(map: ReadonlyMap<string, T>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries([...map].map(([k, v]) => [k, f(v)]));
}

export function toUserResourcesPage(
  page: IntrospectionPage<UserProviders<ResourceStatsRecord[]>>,
): UserResourcesPageResponse {
  return {
    data: page.data.map((u) => ({
      user_id: u.userId,
      provider: mapValues(u.providers, (rows) =>
        Object.fromEntries(rows.map((r) => [r.resource, toResourceStats(r)])),
      ),
    })),
    next_cursor: page.nextCursor,
    next: page.nextCursor,
  };
}

export function toUserHistoricalPullsPage(
  page: IntrospectionPage<UserProviders<ProviderPulls>>,
): UserHistoricalPullsPageResponse {
  return {
    data: page.data.map((u) => ({
      user_id: u.userId,
      provider: mapValues(u.providers, (p) => ({
        pulled: Object.fromEntries(p.pulled.map((pull) => [pull.resource, toPullStats(pull)])),
        not_pulled: p.notPulled,
      })),
    })),
    next_cursor: page.nextCursor,
    next: page.nextCursor,
  };
}
