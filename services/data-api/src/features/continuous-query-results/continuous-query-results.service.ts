import type { Knex } from '@meridian/db';
import { formatWireDateTime, isUuid, NotFoundError } from '@meridian/domain';
import { openCursorParam, sealNextCursor, type CursorCodec, type CursorScope } from '@meridian/platform';
import type { TeamPrincipal } from '../../auth/principal';
import {
  createContinuousQueryResultsRepository,
  type TaskHistoryPosition,
  type TaskHistoryRow,
} from './continuous-query-results.repository';

/** `TaskHistoryEntry` (api-shapes §4.8). */
export interface TaskHistoryEntry {
  query_id: string;
  user_id: string;
  status: TaskHistoryRow['status'];
  scheduled_at: string;
  started_at: string | null;
  ended_at: string | null;
  error_details: string | null;
}

export const DEFAULT_TASK_HISTORY_LIMIT = 50;

const POSITION_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;

const wireOrNull = (d: Date | null) => (d === null ? null : formatWireDateTime(d));

/**
 * `GET /aggregate/v1/user/{user_id}/continuous_query/{query_id_or_slug}/result_table | task_history`: the
 * stored result table and the runs of a continuous query for one user of the key's team environment.
 */
export function createContinuousQueryResultsService(deps: { db: Knex; cursors: CursorCodec }) {
  const repo = createContinuousQueryResultsRepository(deps.db);

  /** The user and the query, both visible to the key, else 404. */
  async function resolve(p: TeamPrincipal, userId: string, idOrSlug: string): Promise<string> {
    if (!(await repo.userExists(p, userId))) throw new NotFoundError('User not found.');
    const queryId = isUuid(idOrSlug.toLowerCase())
      ? await repo.queryIdById(p, idOrSlug.toLowerCase())
      : await repo.queryIdBySlug(p, idOrSlug);
    if (!queryId) throw new NotFoundError('Continuous query not found.');
    return queryId;
  }

  const scopeOf = (p: TeamPrincipal, queryId: string, userId: string): CursorScope => [
    'data-api/continuous-query-task-history',
    p.teamId,
    p.environment,
    queryId,
    userId,
  ];

  function openPosition(scope: CursorScope, cursor: string | undefined): TaskHistoryPosition | undefined {
    const position = openCursorParam(deps.cursors, scope, cursor, 'next_cursor');
    if (position === undefined) return undefined;
    const m = POSITION_RE.exec(position);
    // Only what we sealed opens, so this is a safety net, never reached by a client's input.
    if (!m) throw new Error('A sealed task history cursor holds no position.');
    return { scheduledAt: m[1]!, id: m[2]! };
  }

  return {
    async resultTable(p: TeamPrincipal, userId: string, idOrSlug: string) {
      const queryId = await resolve(p, userId, idOrSlug);
      const table = await repo.resultTable(queryId, userId);
      if (!table) throw new NotFoundError('This continuous query has no result table for the user yet.');
      return { table };
    },

    /**
     * The FHIR Observations of the user's result table as a `searchset` Bundle (newest run's); 404 when the
     * query does not build them or has not run for the user since it does.
     */
    async fhirObservations(p: TeamPrincipal, userId: string, idOrSlug: string) {
      const queryId = await resolve(p, userId, idOrSlug);
      if (!(await repo.producesFhirObservations(queryId)))
        throw new NotFoundError(
          'This continuous query does not produce FHIR observations (export_preferences.fhir_observations).',
        );
      const observations = await repo.fhirObservations(queryId, userId);
      if (!observations)
        throw new NotFoundError('This continuous query has no FHIR observations for the user yet.');
      return {
        resourceType: 'Bundle' as const,
        type: 'searchset' as const,
        total: observations.length,
        entry: observations.map((resource) => ({
          fullUrl: `urn:uuid:${String(resource.id)}`,
          resource,
          search: { mode: 'match' as const },
        })),
      };
    },

    async taskHistory(
      p: TeamPrincipal,
      userId: string,
      idOrSlug: string,
      page: { nextCursor?: string; limit?: number },
    ): Promise<{ data: TaskHistoryEntry[]; next_cursor: string | null }> {
      const queryId = await resolve(p, userId, idOrSlug);
      const scope = scopeOf(p, queryId, userId);
      const after = openPosition(scope, page.nextCursor);
      const limit = page.limit ?? DEFAULT_TASK_HISTORY_LIMIT;
      const rows = await repo.taskPage(queryId, userId, after, limit);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const next = rows.length > limit && last ? `${last.position_at}|${last.id}` : null;
      return {
        data: items.map((r) => ({
          query_id: r.query_id,
          user_id: r.user_id,
          status: r.status,
          scheduled_at: formatWireDateTime(r.scheduled_at),
          started_at: wireOrNull(r.started_at),
          ended_at: wireOrNull(r.ended_at),
          error_details: r.error_details,
        })),
        next_cursor: sealNextCursor(deps.cursors, scope, next),
      };
    },
  };
}
