import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/** App installations of a user (`sdk_devices`). */

export interface DeviceDescription {
  installationId: string;
  name: string | null;
  model: string | null;
  os: string | null;
  osVersion: string | null;
  appId: string | null;
  appVersion: string | null;
  sdkVersion: string | null;
}

/** A device as it stood before a sign-in: its description and whether it was signed out. */
export interface SignedInBefore {
  description: Omit<DeviceDescription, 'installationId'>;
  revoked: boolean;
}

export function createSdkDevicesRepository(db: Knex | Knex.Transaction) {
  return {
    /** The installation's device before this sign-in, locked until the transaction ends; undefined when new. */
    async findForSignIn(userId: string, installationId: string): Promise<SignedInBefore | undefined> {
      const row = await db('sdk_devices')
        .where({ user_id: userId, installation_id: installationId })
        .forUpdate()
        .first<
          | {
              name: string | null;
              model: string | null;
              os: string | null;
              os_version: string | null;
              app_id: string | null;
              app_version: string | null;
              sdk_version: string | null;
              revoked_at: Date | null;
            }
          | undefined
        >('name', 'model', 'os', 'os_version', 'app_id', 'app_version', 'sdk_version', 'revoked_at');
      if (!row) return undefined;
      return {
        description: {
          name: row.name,
          model: row.model,
          os: row.os,
          osVersion: row.os_version,
          appId: row.app_id,
          appVersion: row.app_version,
          sdkVersion: row.sdk_version,
        },
        revoked: row.revoked_at !== null,
      };
    },

    /** The providers a device pushed for, with its last push of each (for the spec's `Device.provider`). */
    async pushedProviders(deviceId: string): Promise<{ provider: string; lastPushAt: Date | null }[]> {
      const rows = await db('sdk_sync_checkpoints')
        .where({ device_id: deviceId })
        .groupBy('provider')
        .orderBy('provider')
        .select<{ provider: string; last_push_at: Date | null }[]>(
          'provider',
          db.raw('max(last_push_at) as last_push_at'),
        );
      return rows.map((r) => ({ provider: r.provider, lastPushAt: r.last_push_at }));
    },

    /**
     * The installation's device, created or refreshed (its description, signed in again: not revoked);
     * locked until the transaction ends so concurrent sign-ins of one installation take turns.
     */
    async upsert(
      d: DeviceDescription & {
        id: string;
        teamId: string;
        environment: Environment;
        userId: string;
        now: Date;
      },
    ): Promise<string> {
      const description = {
        name: d.name,
        model: d.model,
        os: d.os,
        os_version: d.osVersion,
        app_id: d.appId,
        app_version: d.appVersion,
        sdk_version: d.sdkVersion,
      };
      const rows = await db('sdk_devices')
        .insert({
          id: d.id,
          team_id: d.teamId,
          environment: d.environment,
          user_id: d.userId,
          installation_id: d.installationId,
          ...description,
          created_at: d.now,
          last_seen_at: d.now,
        })
        .onConflict(['user_id', 'installation_id'])
        .merge({ ...description, last_seen_at: d.now, revoked_at: null })
        .returning<{ id: string }[]>('id');
      return rows[0]!.id;
    },

    async markRevoked(deviceIds: string[], now: Date): Promise<void> {
      if (deviceIds.length === 0) return;
      await db('sdk_devices').whereIn('id', deviceIds).whereNull('revoked_at').update({ revoked_at: now });
    },
  };
}
