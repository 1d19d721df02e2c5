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

export function createSdkDevicesRepository(db: Knex | Knex.Transaction) {
  return {
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
