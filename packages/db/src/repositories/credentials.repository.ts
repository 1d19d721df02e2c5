import type { Knex } from 'knex';
import type { Environment, Feature, ManagementRole, Plan, Region } from '@meridian/domain';

export interface TeamApiKeyRecord {
  keyId: string;
  keyHash: string;
  teamId: string;
  orgId: string;
  environment: Environment;
  region: Region;
  plan: Plan;
  /** The team's override of the per-key request limit (requests per minute); null = the default. */
  rateLimitPerMinute: number | null;
}

export interface ManagementKeyRecord {
  keyId: string;
  keyHash: string;
  orgId: string;
  role: ManagementRole;
  teamIds: string[];
  plan: Plan;
}

/** Key lookups by hash for both APIs' guards; revoked keys are never returned. */
export function createCredentialsRepository(db: Knex) {
  return {
    async findTeamApiKey(keyHash: string): Promise<TeamApiKeyRecord | undefined> {
      const row = await db('team_api_keys as k')
        .join('teams as t', 't.id', 'k.team_id')
        .join('organizations as o', 'o.id', 't.org_id')
        .leftJoin('team_rate_limits as l', 'l.team_id', 'k.team_id')
        .where('k.key_hash', keyHash)
        .whereNull('k.revoked_at')
        .first(
          'k.id',
          'k.key_hash',
          'k.team_id',
          't.org_id',
          'k.environment',
          'k.region',
          'o.plan',
          'l.requests_per_minute',
        );
      if (!row) return undefined;
      return {
        keyId: row.id,
        keyHash: row.key_hash,
        teamId: row.team_id,
        orgId: row.org_id,
        environment: row.environment,
        region: row.region,
        plan: row.plan,
        rateLimitPerMinute: row.requests_per_minute ?? null,
      };
    },

    async findManagementKey(keyHash: string): Promise<ManagementKeyRecord | undefined> {
      const row = await db('management_keys as k')
        .join('organizations as o', 'o.id', 'k.org_id')
        .where('k.key_hash', keyHash)
        .whereNull('k.revoked_at')
        .first('k.id', 'k.key_hash', 'k.org_id', 'k.role', 'k.team_ids', 'o.plan');
      if (!row) return undefined;
      return {
        keyId: row.id,
        keyHash: row.key_hash,
        orgId: row.org_id,
        role: row.role,
        teamIds: row.team_ids ?? [],
        plan: row.plan,
      };
    },

    /** With `orgId`, only a team of that organization counts (a management key naming another org's team). */
    async isFeatureEnabled(teamId: string, feature: Feature, orgId?: string): Promise<boolean> {
      const q = db('team_features as f').where({ 'f.team_id': teamId, 'f.feature': feature });
      if (orgId !== undefined) void q.join('teams as t', 't.id', 'f.team_id').where('t.org_id', orgId);
      const row: unknown = await q.first('f.team_id');
      return row !== undefined;
    },
  };
}

export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
