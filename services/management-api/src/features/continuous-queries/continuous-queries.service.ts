import { ConflictError, newId, NotFoundError, outOfScope } from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import type { ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import { isUniqueViolation } from '../shared/unique-violation';
import type { UnitOfWork } from '../shared/unit-of-work';
import type {
  ContinuousQueryChanges,
  ContinuousQueryPlace,
  ContinuousQueryRow,
  ContinuousQueryType,
  ExportPreferences,
  SchedulingPreferences,
  StoredQueryConfig,
} from './continuous-queries.repository';
import {
  readContinuousQueryDefinition,
  readContinuousQueryPatch,
  type CreateContinuousQueryInput,
  type PatchContinuousQueryInput,
} from './continuous-query-input';
import { fhirObservationPreviews, type FhirObservationPreview } from './fhir-observation-previews';

/** `ContinuousQuery` (api-shapes §8.3). */
export interface ContinuousQuery {
  id: string;
  status: 'active' | 'archived';
  slug: string;
  title: string;
  team_id: string | null;
  query: Record<string, unknown>;
  query_config: StoredQueryConfig | null;
  scheduling_preferences: SchedulingPreferences;
  export_preferences: ExportPreferences;
  result_table_schema: Record<string, string>;
  resource_dependencies: string[];
  fhir_observation_mappers: string[];
}

export interface ContinuousQueryValidation {
  result_table_schema: Record<string, string>;
  resource_dependencies: string[];
  fhir_observation_previews: Record<string, FhirObservationPreview> | null;
}

const ACTIVE_SLUG_INDEXES = [
  'continuous_queries_active_team_slug_uq',
  'continuous_queries_active_platform_slug_uq',
];

function toContinuousQuery(row: ContinuousQueryRow): ContinuousQuery {
  return {
    id: row.id,
    status: row.status,
    slug: row.slug,
    title: row.title,
    team_id: row.team_id,
    query: row.query,
    query_config: row.query_config,
    scheduling_preferences: row.scheduling_preferences,
    export_preferences: row.export_preferences,
    result_table_schema: row.result_table_schema,
    resource_dependencies: row.resource_dependencies,
    fhir_observation_mappers: row.fhir_observation_mappers,
  };
}

const duplicateSlug = (queryId: string | null) =>
  new ConflictError(
    'duplicate_slug',
    'An active continuous query of this team environment already has this slug.',
    { query_id: queryId },
  );

/** Platform queries belong to the organization: only an Org Management Key creates or changes them (§2.3). */
function assertMayManage(principal: ManagementPrincipal, type: ContinuousQueryType): void {
  if (type === 'platform' && principal.role !== 'org_admin')
    throw outOfScope('Only an Org Management Key can manage platform continuous queries.');
}

const listScopeOf = (place: ContinuousQueryPlace) =>
  listScope('continuous-queries', place.orgId, place.teamId, place.environment);

export function createContinuousQueriesService(deps: {
  uow: UnitOfWork<'continuousQueries' | 'teams'>;
  clock: () => Date;
  cursors: CursorCodec;
}) {
  const { uow, clock } = deps;
  const notFound = () => new NotFoundError('Continuous query not found.');
  const teamNotFound = () => new NotFoundError('Team not found.');

  /**
   * The path's team must be a team of the path's org before the body is read: a key of another org naming
   * this team learns nothing from how its body would be judged.
   */
  async function assertTeamInOrg(place: ContinuousQueryPlace): Promise<void> {
    if (!(await uow.read(({ teams }) => teams.findInOrg(place.orgId, place.teamId)))) throw teamNotFound();
  }

  /** Read-modify-write of one visible query, the row locked; `change` returns the columns to set. */
  function change(
    principal: ManagementPrincipal,
    place: ContinuousQueryPlace,
    id: string,
    changesOf: (row: ContinuousQueryRow) => Omit<ContinuousQueryChanges, 'updated_at'> | null,
  ): Promise<ContinuousQueryRow> {
    return uow.write(async ({ continuousQueries }) => {
      const row = await continuousQueries.findForUpdate(place, id);
      if (!row) throw notFound();
      assertMayManage(principal, row.query_type);
      const changes = changesOf(row);
      if (changes === null) return row;
      return continuousQueries.update(row.id, { ...changes, updated_at: clock() });
    });
  }

  return {
    async list(place: ContinuousQueryPlace, query: { nextCursor?: string }) {
      const after = decodeCursor(deps.cursors, listScopeOf(place), query.nextCursor);
      const page = await uow.read(async ({ teams, continuousQueries }) => {
        if (!(await teams.findInOrg(place.orgId, place.teamId))) throw teamNotFound();
        return continuousQueries.list(place, after, MANAGEMENT_PAGE_SIZE);
      });
      return {
        data: page.items.map(toContinuousQuery),
        next_cursor: sealCursor(deps.cursors, listScopeOf(place), page.nextCursor),
      };
    },

    async create(
      principal: ManagementPrincipal,
      place: ContinuousQueryPlace,
      type: ContinuousQueryType,
      input: CreateContinuousQueryInput,
    ): Promise<ContinuousQuery> {
      assertMayManage(principal, type);
      await assertTeamInOrg(place);
      const definition = readContinuousQueryDefinition(input);
      const now = clock();
      try {
        const row = await uow.write(async ({ teams, continuousQueries }) => {
          if (!(await teams.findInOrg(place.orgId, place.teamId))) throw teamNotFound();
          await continuousQueries.lockSlugs(place.orgId, place.environment);
          const holder = await continuousQueries.findActiveSlugHolder(place, type, definition.slug);
          if (holder) throw duplicateSlug(holder.id);
          return continuousQueries.insert({
            id: newId(),
            org_id: place.orgId,
            team_id: type === 'platform' ? null : place.teamId,
            query_type: type,
            environment: place.environment,
            slug: definition.slug,
            title: definition.title,
            query: definition.wireQuery,
            query_config: definition.queryConfig,
            scheduling_preferences: definition.scheduling,
            export_preferences: definition.exports,
            result_table_schema: definition.derived.resultTableSchema,
            resource_dependencies: definition.derived.resourceDependencies,
            fhir_observation_mappers: definition.derived.fhirObservationMappers,
            created_at: now,
            updated_at: now,
          });
        });
        return toContinuousQuery(row);
      } catch (err) {
        // The advisory lock serialises creates; the partial unique indexes are the last line of defence.
        if (ACTIVE_SLUG_INDEXES.some((index) => isUniqueViolation(err, index))) {
          const holder = await uow.read(({ continuousQueries }) =>
            continuousQueries.findActiveSlugHolder(place, type, definition.slug),
          );
          throw duplicateSlug(holder?.id ?? null);
        }
        throw err;
      }
    },

    /** Every check of `create` but the slug's uniqueness; reads only the team, writes nothing. */
    async validate(
      principal: ManagementPrincipal,
      place: ContinuousQueryPlace,
      type: ContinuousQueryType,
      input: CreateContinuousQueryInput,
    ): Promise<ContinuousQueryValidation> {
      assertMayManage(principal, type);
      await assertTeamInOrg(place);
      const definition = readContinuousQueryDefinition(input);
      return {
        result_table_schema: definition.derived.resultTableSchema,
        resource_dependencies: definition.derived.resourceDependencies,
        fhir_observation_previews: fhirObservationPreviews(definition.query, definition.derived, clock()),
      };
    },

    async patch(
      principal: ManagementPrincipal,
      place: ContinuousQueryPlace,
      id: string,
      input: PatchContinuousQueryInput,
    ): Promise<ContinuousQuery> {
      const patch = readContinuousQueryPatch(input);
      const row = await change(principal, place, id, (current) => {
        if (current.status === 'archived')
          throw new ConflictError('invalid_state', 'An archived continuous query cannot be changed.', {
            status: current.status,
          });
        return {
          ...(patch.title === undefined ? {} : { title: patch.title }),
          ...(patch.scheduling === undefined ? {} : { scheduling_preferences: patch.scheduling }),
        };
      });
      return toContinuousQuery(row);
    },

    /** Archives the query (terminal, slug freed); archiving an archived query changes nothing. */
    async archive(principal: ManagementPrincipal, place: ContinuousQueryPlace, id: string) {
      const row = await change(principal, place, id, (current) =>
        current.status === 'archived' ? null : { status: 'archived', archived_at: clock() },
      );
      return toContinuousQuery(row);
    },
  };
}

export type ContinuousQueriesService = ReturnType<typeof createContinuousQueriesService>;
