import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';

/** Reads of a user's devices for the team API: scoped to the key's team environment and active users. */

export interface DeviceRecord {
  id: string;
  userId: string;
  installationId: string;
  name: string | null;
  model: string | null;
  os: string | null;
  osVersion: string | null;
  appId: string | null;
  appVersion: string | null;
  sdkVersion: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  lastPushAt: Date | null;
  revokedAt: Date | null;
  /** Receipt minus the device's `sent_at` of its latest batch that sent one, in seconds. */
  clockSkewSeconds: number | null;
}

interface DeviceRow {
  id: string;
  user_id: string;
  installation_id: string;
  name: string | null;
  model: string | null;
  os: string | null;
  os_version: string | null;
  app_id: string | null;
  app_version: string | null;
  sdk_version: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  last_push_at: Date | null;
  revoked_at: Date | null;
  clock_skew_seconds: number | string | null;
}

/** A device clock set to year 1 must not break the answer: the skew is reported within int32. */
const clampInt32 = (n: number) => Math.max(-2147483648, Math.min(2147483647, n));

const toDevice = (r: DeviceRow): DeviceRecord => ({
  id: r.id,
  userId: r.user_id,
  installationId: r.installation_id,
  name: r.name,
  model: r.model,
  os: r.os,
  osVersion: r.os_version,
  appId: r.app_id,
  appVersion: r.app_version,
  sdkVersion: r.sdk_version,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  lastPushAt: r.last_push_at,
  revokedAt: r.revoked_at,
  clockSkewSeconds:
    r.clock_skew_seconds === null ? null : clampInt32(Math.round(Number(r.clock_skew_seconds))),
});

const CLOCK_SKEW = `(select extract(epoch from (b.received_at - b.sent_at)) from sdk_push_batches b
  where b.device_id = d.id and b.sent_at is not null order by b.received_at desc limit 1) as clock_skew_seconds`;

/** At most this many devices are listed per user (app installations; a person has a few). */
export const MAX_DEVICES_LISTED = 100;

export function createDeviceStatusRepository(db: Knex | Knex.Transaction) {
  const devicesOf = (scope: TeamScope, userId: string) =>
    db('sdk_devices as d')
      .join('users as u', 'u.id', 'd.user_id')
      .where({
        'd.user_id': userId,
        'u.team_id': scope.teamId,
        'u.environment': scope.environment,
        'd.team_id': scope.teamId,
        'd.environment': scope.environment,
      })
      .whereNull('u.deleted_at')
      .select<DeviceRow[]>('d.*', db.raw(CLOCK_SKEW));

  return {
    async userExists(scope: TeamScope, userId: string): Promise<boolean> {
      const row = await db('users')
        .where({ id: userId, team_id: scope.teamId, environment: scope.environment })
        .whereNull('deleted_at')
        .first('id');
      return row !== undefined;
    },

    async listForUser(scope: TeamScope, userId: string): Promise<DeviceRecord[]> {
      const rows = await devicesOf(scope, userId).orderBy(['d.created_at', 'd.id']).limit(MAX_DEVICES_LISTED);
      return rows.map(toDevice);
    },

    async find(scope: TeamScope, userId: string, deviceId: string): Promise<DeviceRecord | undefined> {
      const rows = await devicesOf(scope, userId).where('d.id', deviceId);
      return rows[0] ? toDevice(rows[0]) : undefined;
    },
  };
}

export type DeviceStatusRepository = ReturnType<typeof createDeviceStatusRepository>;
