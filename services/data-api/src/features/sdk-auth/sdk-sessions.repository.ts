import type { Knex } from '@meridian/db';
import type { Environment, Region } from '@meridian/domain';
import type { DevicePrincipal } from './device-auth';
import { ROTATION_GRACE_MS } from './sdk-auth.policy';

/**
 * Device sessions (`sdk_sessions`): one row per access + refresh pair, a rotation adds the next row of the
 * family. A session counts only while it, its device and its user are live; revoking marks rows, never
 * deletes them (a replayed refresh token must still be recognised to revoke its family).
 */

export interface NewSession {
  id: string;
  deviceId: string;
  familyId: string;
  accessTokenHash: string;
  accessExpiresAt: Date;
  refreshTokenHash: string;
  refreshExpiresAt: Date;
  createdAt: Date;
}

/** A session found by its refresh token, with the liveness of what it belongs to. */
export interface RefreshableSession {
  id: string;
  deviceId: string;
  familyId: string;
  userId: string;
  teamId: string;
  environment: Environment;
  refreshExpiresAt: Date;
  rotatedAt: Date | null;
  gracePairSealed: string | null;
  /** The session, its device or its user is revoked or deleted. */
  dead: boolean;
}

interface PrincipalRow {
  session_id: string;
  device_id: string;
  user_id: string;
  team_id: string;
  org_id: string;
  environment: Environment;
  region: Region;
  last_seen_at: Date | null;
}

interface RefreshRow {
  id: string;
  device_id: string;
  family_id: string;
  user_id: string;
  team_id: string;
  environment: Environment;
  refresh_expires_at: Date;
  rotated_at: Date | null;
  grace_pair_sealed: string | null;
  session_revoked_at: Date | null;
  device_revoked_at: Date | null;
  user_deleted_at: Date | null;
}

export function createSdkSessionsRepository(db: Knex | Knex.Transaction) {
  async function revokeWhere(
    now: Date,
    scope: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  ): Promise<string[]> {
    const rows = await scope(db('sdk_sessions'))
      .whereNull('revoked_at')
      .update({ revoked_at: now, grace_pair_sealed: null })
      .returning<{ device_id: string }[]>('device_id');
    return [...new Set(rows.map((r) => r.device_id))];
  }

  return {
    /**
     * The principal of a usable access token: unexpired, session/device not revoked, user not deleted, and
     * a rotated-away pair only within the grace window after its rotation.
     */
    async findActiveByAccessHash(
      accessTokenHash: string,
      now: Date,
    ): Promise<{ principal: DevicePrincipal; lastSeenAt: Date | null } | undefined> {
      const row = await db('sdk_sessions as s')
        .join('sdk_devices as d', 'd.id', 's.device_id')
        .join('users as u', 'u.id', 'd.user_id')
        .join('teams as t', 't.id', 'd.team_id')
        .where('s.access_token_hash', accessTokenHash)
        .whereNull('s.revoked_at')
        .whereNull('d.revoked_at')
        .whereNull('u.deleted_at')
        .andWhereRaw('u.team_id = d.team_id and u.environment = d.environment')
        .andWhere('s.access_expires_at', '>', now)
        .andWhere((q) =>
          q
            .whereNull('s.rotated_at')
            .orWhere('s.rotated_at', '>', new Date(now.getTime() - ROTATION_GRACE_MS)),
        )
        .first<PrincipalRow | undefined>(
          's.id as session_id',
          'd.id as device_id',
          'd.user_id',
          'd.team_id',
          't.org_id',
          'd.environment',
          't.region',
          'd.last_seen_at',
        );
      if (!row) return undefined;
      return {
        principal: {
          sessionId: row.session_id,
          deviceId: row.device_id,
          userId: row.user_id,
          teamId: row.team_id,
          orgId: row.org_id,
          environment: row.environment,
          region: row.region,
        },
        lastSeenAt: row.last_seen_at,
      };
    },

    /** Sets `last_seen_at` unless another request set it after `unlessSince`. */
    async touchDevice(deviceId: string, now: Date, unlessSince: Date): Promise<void> {
      await db('sdk_devices')
        .where('id', deviceId)
        .andWhere((q) => q.whereNull('last_seen_at').orWhere('last_seen_at', '<=', unlessSince))
        .update({ last_seen_at: now });
    },

    async insert(s: NewSession): Promise<void> {
      await db('sdk_sessions').insert({
        id: s.id,
        device_id: s.deviceId,
        family_id: s.familyId,
        access_token_hash: s.accessTokenHash,
        access_expires_at: s.accessExpiresAt,
        refresh_token_hash: s.refreshTokenHash,
        refresh_expires_at: s.refreshExpiresAt,
        created_at: s.createdAt,
      });
    },

    /** Locks the session of a refresh token (concurrent refreshes of one token take turns). */
    async lockByRefreshHash(refreshTokenHash: string): Promise<RefreshableSession | undefined> {
      const row = await db('sdk_sessions as s')
        .join('sdk_devices as d', 'd.id', 's.device_id')
        .join('users as u', 'u.id', 'd.user_id')
        .where('s.refresh_token_hash', refreshTokenHash)
        .forUpdate('s')
        .first<RefreshRow | undefined>(
          's.id',
          's.device_id',
          's.family_id',
          'd.user_id',
          'd.team_id',
          'd.environment',
          's.refresh_expires_at',
          's.rotated_at',
          's.grace_pair_sealed',
          's.revoked_at as session_revoked_at',
          'd.revoked_at as device_revoked_at',
          'u.deleted_at as user_deleted_at',
        );
      if (!row) return undefined;
      return {
        id: row.id,
        deviceId: row.device_id,
        familyId: row.family_id,
        userId: row.user_id,
        teamId: row.team_id,
        environment: row.environment,
        refreshExpiresAt: row.refresh_expires_at,
        rotatedAt: row.rotated_at,
        gracePairSealed: row.grace_pair_sealed,
        dead:
          row.session_revoked_at !== null || row.device_revoked_at !== null || row.user_deleted_at !== null,
      };
    },

    async markRotated(id: string, replacedBy: string, now: Date, gracePairSealed: string): Promise<void> {
      await db('sdk_sessions')
        .where('id', id)
        .update({ replaced_by: replacedBy, rotated_at: now, grace_pair_sealed: gracePairSealed });
    },

    /** The grace window is over: the sealed pair is of no further use. */
    async forgetGracePair(id: string): Promise<void> {
      await db('sdk_sessions').where('id', id).update({ grace_pair_sealed: null });
    },

    /** Drops rotated rows of the family whose refresh token expired (they can no longer be replayed). */
    async pruneExpiredOfFamily(familyId: string, now: Date): Promise<void> {
      await db('sdk_sessions')
        .where('family_id', familyId)
        .whereNotNull('rotated_at')
        .andWhere('refresh_expires_at', '<=', now)
        .delete();
    },

    /** Drops the device's revoked sessions (a new sign-in replaces them; a revoked token is refused either way). */
    async deleteRevokedOfDevice(deviceId: string): Promise<void> {
      await db('sdk_sessions').where('device_id', deviceId).whereNotNull('revoked_at').delete();
    },

    /** The session holding this access or refresh token hash, if any. */
    async findByTokenHash(tokenHash: string): Promise<{ id: string; familyId: string } | undefined> {
      const row = await db('sdk_sessions')
        .where('access_token_hash', tokenHash)
        .orWhere('refresh_token_hash', tokenHash)
        .first<{ id: string; family_id: string } | undefined>('id', 'family_id');
      return row ? { id: row.id, familyId: row.family_id } : undefined;
    },

    /** Revokes every session of the family; returns the devices concerned. */
    revokeFamily: (familyId: string, now: Date) => revokeWhere(now, (q) => q.where('family_id', familyId)),

    /** Revokes the live sessions of one device (a new sign-in of the installation replaces them). */
    revokeOfDevice: (deviceId: string, now: Date) => revokeWhere(now, (q) => q.where('device_id', deviceId)),

    /**
     * Signs every device of the user out: sessions and devices revoked (user deleted, mobile-provider
     * connection removed). Returns how many sessions were revoked.
     */
    async revokeAllOfUser(userId: string, now: Date): Promise<number> {
      const devices = db('sdk_devices').select('id').where('user_id', userId);
      const rows = await db('sdk_sessions')
        .whereIn('device_id', devices)
        .whereNull('revoked_at')
        .update({ revoked_at: now, grace_pair_sealed: null })
        .returning<{ id: string }[]>('id');
      await db('sdk_devices').where('user_id', userId).whereNull('revoked_at').update({ revoked_at: now });
      return rows.length;
    },
  };
}
