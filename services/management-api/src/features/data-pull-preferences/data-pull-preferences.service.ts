import type { CursorCodec } from '@meridian/platform';
import {
  isProviderSlug,
  isResource,
  NotFoundError,
  ValidationError,
  type Environment,
  type Region,
  type Resource,
  type ValidationIssue,
} from '@meridian/domain';
import type { components } from '../../generated/openapi';
import type { ManagementPrincipal } from '../../auth/principal';
import { supportedResources } from '../shared/provider-capabilities';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { DataPullPreferenceRow, PreferencePlace } from './data-pull-preferences.repository';
import { listScope } from '../shared/keyset-cursor';
import { decodePreferenceCursor, encodePreferenceCursor } from './preference-cursor';

export type DataPullPreference = components['schemas']['DataPullPreference'];
export type DataPullPreferenceList = components['schemas']['DataPullPreferenceList'];

export interface ProviderPreferenceInput {
  default: boolean;
  resource_overrides?: Record<string, boolean> | null;
}

export interface UpsertDataPullPreferencesInput {
  team_ids: string[];
  providers: Record<string, ProviderPreferenceInput>;
}

export interface PreferenceWhere {
  orgId: string;
  environment: Environment;
  region: Region;
}

interface ParsedPreference {
  provider: string;
  default: boolean;
  resource_overrides: Partial<Record<Resource, boolean>> | null;
}

/** Every provider key a `ProviderSlug`, every override key a `Resource` that provider supplies. */
function parseProviders(providers: Record<string, ProviderPreferenceInput>): ParsedPreference[] {
  const issues: ValidationIssue[] = [];
  const parsed: ParsedPreference[] = [];
  for (const [provider, preference] of Object.entries(providers)) {
    const loc = ['body', 'providers', provider];
    if (!isProviderSlug(provider)) {
      issues.push({ loc, msg: `Unknown provider '${provider}'`, type: 'enum', input: provider, ctx: {} });
      continue;
    }
    const supported = supportedResources(provider);
    const overrides = preference.resource_overrides ?? null;
    for (const resource of Object.keys(overrides ?? {})) {
      const at = [...loc, 'resource_overrides', resource];
      if (!isResource(resource)) {
        issues.push({
          loc: at,
          msg: `Unknown resource '${resource}'`,
          type: 'enum',
          input: resource,
          ctx: {},
        });
      } else if (!supported.has(resource)) {
        issues.push({
          loc: at,
          msg: `Provider '${provider}' does not supply '${resource}'`,
          type: 'value_error',
          input: resource,
          ctx: { supported_resources: [...supported].sort() },
        });
      }
    }
    parsed.push({
      provider,
      default: preference.default,
      resource_overrides: overrides,
    });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return parsed;
}

function toPreference(row: DataPullPreferenceRow): DataPullPreference {
  return {
    team_id: row.team_id,
    provider: row.provider,
    default: row.default,
    resource_overrides: row.resource_overrides,
  };
}

export function createDataPullPreferencesService(deps: {
  uow: UnitOfWork<'dataPullPreferences'>;
  region: Region;
  clock: () => Date;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow } = deps;

  /** A deployment serves one region (api-shapes §1): the other one is not found here. */
  function placeOf(where: PreferenceWhere): PreferencePlace {
    if (where.region !== deps.region) {
      throw new NotFoundError(`This deployment does not serve region '${where.region}'.`);
    }
    return where;
  }

  const distinct = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];
  const teamNotFound = () => new NotFoundError('Team not found in this region.');

  return {
    async list(
      principal: ManagementPrincipal,
      where: PreferenceWhere,
      query: { teamIds?: string[]; providers?: string[]; nextCursor?: string; limit: number },
    ): Promise<DataPullPreferenceList> {
      const place = placeOf(where);
      const scope = listScope('data-pull-preferences', place.orgId, place.environment, place.region);
      const after = decodePreferenceCursor(deps.cursors, scope, query.nextCursor);
      const named = query.teamIds && distinct(query.teamIds);
      const rows = await uow.read(async ({ dataPullPreferences }) => {
        if (named && (await dataPullPreferences.teamsOfPlace(place, named)).length !== named.length) {
          throw teamNotFound();
        }
        return dataPullPreferences.list(
          place,
          {
            teamIds: named,
            providers: query.providers,
            reachableTeamIds: principal.role === 'org_admin' ? undefined : principal.teamIds,
            after,
          },
          query.limit,
        );
      });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        data_pull_preferences: items.map(toPreference),
        next_cursor:
          rows.length > query.limit && last
            ? encodePreferenceCursor(deps.cursors, scope, { teamId: last.team_id, provider: last.provider })
            : null,
      };
    },

    /** Writes each named provider's preference to every named team, all or nothing. */
    async upsert(
      where: PreferenceWhere,
      input: UpsertDataPullPreferencesInput,
    ): Promise<DataPullPreferenceList> {
      const place = placeOf(where);
      const preferences = parseProviders(input.providers);
      const teamIds = distinct(input.team_ids);
      const now = deps.clock();
      const rows = await uow.write(async ({ dataPullPreferences }) => {
        if ((await dataPullPreferences.teamsOfPlace(place, teamIds)).length !== teamIds.length) {
          throw teamNotFound();
        }
        return dataPullPreferences.upsert(
          teamIds.flatMap((teamId) =>
            preferences.map((p) => ({
              team_id: teamId,
              environment: place.environment,
              provider: p.provider,
              default: p.default,
              resource_overrides: p.resource_overrides,
              updated_at: now,
            })),
          ),
        );
      });
      return { data_pull_preferences: rows.map(toPreference), next_cursor: null };
    },

    /** Removes the named teams' preferences (of the named providers only, when given); returns them. */
    async remove(
      where: PreferenceWhere,
      teamIds: readonly string[],
      providers: readonly string[] | undefined,
    ): Promise<DataPullPreferenceList> {
      const place = placeOf(where);
      const named = distinct(teamIds);
      const rows = await uow.write(async ({ dataPullPreferences }) => {
        if ((await dataPullPreferences.teamsOfPlace(place, named)).length !== named.length) {
          throw teamNotFound();
        }
        return dataPullPreferences.delete(place.environment, named, providers);
      });
      return { data_pull_preferences: rows.map(toPreference), next_cursor: null };
    },
  };
}

export type DataPullPreferencesService = ReturnType<typeof createDataPullPreferencesService>;
