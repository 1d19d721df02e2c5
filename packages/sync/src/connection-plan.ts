import type { Connector, StreamSpec } from '@meridian/connectors';
import type { Knex } from '@meridian/db';
import type { Environment, Resource } from '@meridian/domain';

/**
 * What a connection gets: per resource its availability (scopes granted, api-shapes §4.1
 * `ResourceAvailability`), and which streams and resources are pulled (scopes granted and enabled by the
 * team's data-pull preferences).
 */

export interface ScopeRequirements {
  user_granted: { required: string[]; optional: string[] };
  user_denied: { required: string[]; optional: string[] };
}

export interface ResourceAvailability {
  status: 'available' | 'unavailable';
  scope_requirements: ScopeRequirements | null;
}

export interface TeamScopeRequirements {
  mustGrant: string[];
  mayGrant: string[];
}

export interface PullPreferences {
  default: boolean;
  overrides: Record<string, boolean>;
}

export interface ConnectionPlan {
  availability: Record<string, ResourceAvailability>;
  streams: StreamSpec[];
  /** Resources pulled, by stream name. */
  resourcesByStream: Map<string, string[]>;
}

export async function loadScopeRequirements(
  db: Knex | Knex.Transaction,
  teamId: string,
  provider: string,
): Promise<TeamScopeRequirements | null> {
  const row = await db('team_scope_requirements')
    .where({ team_id: teamId, provider })
    .first<{ user_must_grant: string[]; user_may_grant: string[] } | undefined>(
      'user_must_grant',
      'user_may_grant',
    );
  return row ? { mustGrant: row.user_must_grant ?? [], mayGrant: row.user_may_grant ?? [] } : null;
}

/** The team's data-pull preferences for the provider; no row means every resource is pulled. */
export async function loadPullPreferences(
  db: Knex | Knex.Transaction,
  scope: { teamId: string; environment: Environment },
  provider: string,
): Promise<PullPreferences | null> {
  const row = await db('team_data_pull_preferences')
    .where({ team_id: scope.teamId, environment: scope.environment, provider })
    .first<{ default: boolean; resource_overrides: Record<string, boolean> | null } | undefined>(
      'default',
      'resource_overrides',
    );
  return row ? { default: row.default, overrides: row.resource_overrides ?? {} } : null;
}

export function resourceEnabled(prefs: PullPreferences | null, resource: string): boolean {
  if (!prefs) return true;
  const override = prefs.overrides[resource];
  return typeof override === 'boolean' ? override : prefs.default;
}

/** Every resource the connector's streams feed, in stream order. */
export function connectorResources(connector: Connector): Resource[] {
  return [...new Set(connector.streams.flatMap((s) => s.resources))];
}

/**
 * A provider that reports no scopes (password and e-mail providers, or an OAuth token response without
 * `scope`) is taken to have granted what was asked.
 */
function grantedSet(connector: Connector, granted: readonly string[] | null): Set<string> | null {
  return granted === null || granted.length === 0 || connector.auth.type !== 'oauth'
    ? null
    : new Set(granted);
}

function scopeRequirementsFor(
  scopes: readonly string[],
  team: TeamScopeRequirements,
  granted: Set<string> | null,
): ScopeRequirements {
  const isGranted = (s: string) => granted === null || granted.has(s);
  const required = scopes.filter((s) => team.mustGrant.includes(s));
  const optional = scopes.filter((s) => !team.mustGrant.includes(s) && team.mayGrant.includes(s));
  return {
    user_granted: { required: required.filter(isGranted), optional: optional.filter(isGranted) },
    user_denied: {
      required: required.filter((s) => !isGranted(s)),
      optional: optional.filter((s) => !isGranted(s)),
    },
  };
}

export function planConnection(input: {
  connector: Connector;
  grantedScopes: readonly string[] | null;
  team: TeamScopeRequirements | null;
  prefs: PullPreferences | null;
  /** False for connections without tokens yet (an e-mail invitation pending): nothing is pulled. */
  canPull: boolean;
}): ConnectionPlan {
  const granted = grantedSet(input.connector, input.grantedScopes);
  const allGranted = (scopes: readonly string[]) => granted === null || scopes.every((s) => granted.has(s));
  const availability: Record<string, ResourceAvailability> = {};
  for (const resource of connectorResources(input.connector)) {
    const scopes = input.connector.scopesFor(resource);
    availability[resource] = {
      status: allGranted(scopes) ? 'available' : 'unavailable',
      scope_requirements: input.team ? scopeRequirementsFor(scopes, input.team, granted) : null,
    };
  }
  const streams: StreamSpec[] = [];
  const resourcesByStream = new Map<string, string[]>();
  if (input.canPull) {
    for (const stream of input.connector.streams) {
      if (!allGranted(stream.scopes)) continue;
      const resources = stream.resources.filter((r) => resourceEnabled(input.prefs, r));
      if (resources.length === 0) continue;
      streams.push(stream);
      resourcesByStream.set(stream.name, resources);
    }
  }
  return { availability, streams, resourcesByStream };
}
