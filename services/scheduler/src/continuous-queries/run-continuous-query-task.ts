/**
 * One run of a continuous query for one user (api-shapes §9): claim the scheduled task (skipped when the
 * query was archived, the user is being deleted, the closed beta was turned off, or the query's
 * `minimum_gap_duration_second` has not elapsed since the last run — then a deferred task is scheduled for
 * when it has), run the query through the query engine, and replace the result table atomically. A changed
 * table emits `continuous_query.result_table.changed` (new and changed rows only) through the outbox in the
 * same transaction when the query exports data events; an unchanged one completes without an event.
 */
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  DomainError,
  eventEnvelope,
  ValidationError,
  type ContinuousQueryResultTableChangedData,
  type Environment,
} from '@meridian/domain';
import { runQuery } from '@meridian/query-engine';
import {
  buildFhirObservations,
  fhirObservationPlan,
  parseQuery,
  parseQueryConfig,
  type FhirObservation,
  type FhirObservationPlan,
  type TimeframeNode,
} from '@meridian/query-language';
import type { Logger } from '@meridian/platform';
import {
  createContinuousQueryTasksRepository,
  type RunnableQuery,
  type TaskRow,
  type TaskUser,
} from './continuous-query-tasks.repository';
import {
  observationsDelta,
  resultTableDelta,
  resultTableHash,
  rowCount,
  type ResultTable,
} from './result-table';

export const RESULT_TABLE_CHANGED = 'continuous_query.result_table.changed';

/** A continuous query has no timeframe: it covers the user's whole history. */
const WHOLE_HISTORY: TimeframeNode = { kind: 'placeholder', loc: ['timeframe'] };

export type RunOutcome =
  | 'not_due'
  | 'skipped'
  | 'deferred'
  | 'unchanged'
  | 'completed'
  | 'completed_unchanged'
  | 'error'
  | 'superseded';

export interface RunTaskDeps {
  db: Knex;
  logger: Logger;
  clock: () => Date;
  /** Per statement of the query (default the engine's). */
  statementTimeoutMs?: number;
}

interface Claimed {
  task: TaskRow & { started_at: Date };
  query: RunnableQuery;
  user: TaskUser;
}

const gapSecondsOf = (q: RunnableQuery): number | null => {
  const gap = q.scheduling_preferences?.minimum_gap_duration_second;
  return typeof gap === 'number' && gap > 0 ? gap : null;
};

/** Whether the user still belongs where the query runs (a team query's team, a platform query's org). */
function queryReachesUser(query: RunnableQuery, user: TaskUser): boolean {
  if (query.environment !== user.environment) return false;
  return query.team_id === null ? query.org_id === user.org_id : query.team_id === user.team_id;
}

/**
 * A change older than this before a completed run started was seen by that run: an ingest transaction (whose
 * start is what `changed_at` and `resource_stats.last_attempt_at` record) commits well within it.
 */
export const NO_CHANGE_MARGIN_MS = 15 * 60_000;

/**
 * True when the data the task is for was already there when the latest completed run started (api-shapes
 * §9 `skipped` "no change"): the latest change known — the task's own (`changed_at`, a late or repeated
 * data event) or the latest ingest into the query's resources (a back-fill, a re-run) — lies more than
 * `NO_CHANGE_MARGIN_MS` before that run's start. Without a known change or a completed run: false (run).
 */
async function nothingChanged(
  repo: ReturnType<typeof createContinuousQueryTasksRepository>,
  task: TaskRow,
  query: RunnableQuery,
): Promise<boolean> {
  const lastCompleted = await repo.lastCompletedStartedAt(task.query_id, task.user_id);
  if (lastCompleted === null) return false;
  const ingested = await repo.lastIngestAt(task.user_id, query.resource_dependencies ?? []);
  const known = [task.changed_at, ingested].filter((d): d is Date => d !== null);
  if (known.length === 0) return false;
  const lastChange = Math.max(...known.map((d) => d.getTime()));
  return lastChange < lastCompleted.getTime() - NO_CHANGE_MARGIN_MS;
}

async function claim(deps: RunTaskDeps, taskId: string, now: Date): Promise<Claimed | RunOutcome> {
  return withTransaction(deps.db, async (trx) => {
    const repo = createContinuousQueryTasksRepository(trx);
    await repo.lockUserOfTask(taskId);
    const task = await repo.lockTask(taskId);
    if (!task || task.status !== 'scheduled') return 'not_due';
    if (task.scheduled_at.getTime() > now.getTime()) return 'not_due';
    const query = await repo.findQuery(task.query_id);
    const user = await repo.findLiveUser(task.user_id);
    if (
      !query ||
      query.status !== 'active' ||
      !user ||
      user.deleted_at !== null ||
      !user.feature_enabled ||
      !queryReachesUser(query, user)
    ) {
      await repo.markSkipped(task.id, now);
      return 'skipped';
    }
    const gap = gapSecondsOf(query);
    if (gap !== null) {
      const last = await repo.lastStartedAt(task.query_id, task.user_id, task.id);
      const due = last === null ? null : new Date(last.getTime() + gap * 1000);
      if (due !== null && due.getTime() > now.getTime()) {
        await repo.markSkipped(task.id, now);
        await repo.schedule({
          queryId: task.query_id,
          userId: task.user_id,
          at: due,
          changedAt: task.changed_at,
          dispatchedAt: null,
        });
        return 'deferred';
      }
    }
    if (await nothingChanged(repo, task, query)) {
      await repo.markSkipped(task.id, now);
      return 'unchanged';
    }
    await repo.markStarted(task.id, now);
    return { task: { ...task, status: 'started', started_at: now }, query, user };
  });
}

/** What a failed run records: a rule of the language or the engine (422 text), never SQL or a stack. */
function errorDetails(err: unknown): string | null {
  if (err instanceof ValidationError) return err.issues.map((i) => i.msg).join('; ');
  if (err instanceof DomainError) return err.message;
  return null;
}

interface Computed {
  table: ResultTable;
  /** How the table's rows become FHIR observations. */
  fhirPlan: FhirObservationPlan;
}

/**
 * The event's `data` (api-shapes §7.2), plus `fhir_observations` (the new or changed Observations) for a
 * query with `export_preferences.fhir_observations`: an additive field, absent for other queries.
 */
type ResultTableChangedData = ContinuousQueryResultTableChangedData & {
  fhir_observations?: FhirObservation[];
};

async function compute(deps: RunTaskDeps, claimed: Claimed): Promise<Computed> {
  const parsed = parseQuery(claimed.query.query, { basePath: ['query'], mode: 'continuous' });
  if (!parsed.ok) throw new ValidationError(parsed.issues);
  const config = parseQueryConfig(claimed.query.query_config, { basePath: ['query_config'] });
  if (!config.ok) throw new ValidationError(config.issues);
  const result = await runQuery(deps.db, {
    teamId: claimed.user.team_id,
    environment: claimed.user.environment,
    userId: claimed.user.id,
    query: parsed.query,
    derived: parsed.derived,
    config: config.config,
    timeframe: WHOLE_HISTORY,
    now: claimed.task.started_at,
    statementTimeoutMs: deps.statementTimeoutMs,
  });
  return { table: result.table, fhirPlan: fhirObservationPlan(parsed.query, parsed.derived) };
}

async function finish(deps: RunTaskDeps, claimed: Claimed, computed: Computed): Promise<RunOutcome> {
  const { table, fhirPlan } = computed;
  const { task, user } = claimed;
  return withTransaction(deps.db, async (trx) => {
    const repo = createContinuousQueryTasksRepository(trx);
    const now = deps.clock();
    await repo.lockUserOfTask(task.id);
    await repo.lockResult(task.query_id, task.user_id);
    const current = await repo.lockTask(task.id);
    // The sweep gave up on this run (it took too long) and scheduled another.
    if (!current || current.status !== 'started') return 'superseded';
    const query = await repo.findQuery(task.query_id, 'share');
    if (!query || query.status !== 'active') {
      await repo.markError(task.id, now, 'The query was archived while it ran; the result was discarded.');
      return 'error';
    }
    // Runs without a gap may overlap: an older run never replaces a newer table.
    if (await repo.newerRunCompleted(task.query_id, task.user_id, task.started_at)) {
      await repo.markCompleted(task.id, now);
      return 'superseded';
    }
    const hash = resultTableHash(table);
    const previous = await repo.findResult(task.query_id, task.user_id);
    const fhirOn = query.export_preferences?.fhir_observations === true;
    // Rebuilt on every run: an unchanged table's observation still turns `final` once its bucket is over.
    const observations = fhirOn
      ? observationsDelta(
          previous?.fhir_observations ?? null,
          buildFhirObservations(fhirPlan, table, {
            queryId: query.id,
            userId: user.id,
            issuedAt: task.started_at,
            timeZone: user.time_zone,
          }),
        )
      : null;
    const observationsChanged =
      observations !== null &&
      (observations.changed.length > 0 ||
        observations.all.length !== (previous?.fhir_observations?.length ?? -1));
    if (previous?.table_hash === hash && !observationsChanged) {
      await repo.markCompleted(task.id, now);
      return 'completed_unchanged';
    }
    await repo.saveResult(task.query_id, task.user_id, table, hash, now, observations?.all ?? null);
    if (query.export_preferences?.data_events?.enabled === true) {
      const delta = resultTableDelta(previous?.result_table ?? null, table);
      // A run that only removed rows (and changed no observation) has nothing new to tell.
      if (rowCount(delta) > 0 || (observations?.changed.length ?? 0) > 0) {
        const data: ResultTableChangedData = {
          query_id: query.id,
          query_slug: query.slug,
          data: delta,
          ...(observations === null ? {} : { fhir_observations: observations.changed }),
        };
        await createOutboxRepository(trx).append([
          {
            teamId: user.team_id,
            environment: user.environment as Environment,
            userId: user.id,
            envelope: eventEnvelope(RESULT_TABLE_CHANGED, data, {
              userId: user.id,
              clientUserId: user.client_user_id,
              teamId: user.team_id,
            }),
          },
        ]);
      }
    }
    await repo.markCompleted(task.id, now);
    return 'completed';
  });
}

/**
 * Runs a task if it is scheduled and due (at-least-once safe: any other state is a no-op). A query the
 * engine refuses (a rule, the statement timeout, too many rows) ends the task in `error` with the reason;
 * an unexpected failure ends it in `error` without details and is logged. If even that cannot be recorded
 * (database gone) the error is thrown for the message to be retried; the sweep ends the run later.
 */
export async function runContinuousQueryTask(deps: RunTaskDeps, taskId: string): Promise<RunOutcome> {
  const claimed = await claim(deps, taskId, deps.clock());
  if (typeof claimed === 'string') return claimed;
  let computed: Computed;
  try {
    computed = await compute(deps, claimed);
  } catch (err) {
    const details = errorDetails(err);
    if (details === null)
      deps.logger.error('continuous query run failed', {
        err,
        query_id: claimed.query.id,
        task_id: claimed.task.id,
      });
    await createContinuousQueryTasksRepository(deps.db).markError(
      claimed.task.id,
      deps.clock(),
      details ?? 'The run failed on an internal error.',
    );
    return 'error';
  }
  return finish(deps, claimed, computed);
}
