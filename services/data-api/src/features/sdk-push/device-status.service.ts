import type { Knex } from '@meridian/db';
import { NotFoundError, type TeamScope } from '@meridian/domain';
import { createDeviceStatusRepository, type DeviceRecord } from './device-status.repository';
import { createSyncCheckpointsRepository, type SyncCheckpoint } from './sync-checkpoints.repository';

/** `GET /v2/user/{user_id}/device[/{device_id}]`: a user's devices with their sync status per resource. */

export interface DeviceStatus {
  device: DeviceRecord;
  checkpoints: SyncCheckpoint[];
}

const noUser = () => new NotFoundError('No user with this id.');

export function createDeviceStatusService(deps: { db: Knex }) {
  const devices = createDeviceStatusRepository(deps.db);
  const checkpoints = createSyncCheckpointsRepository(deps.db);

  async function withCheckpoints(list: DeviceRecord[]): Promise<DeviceStatus[]> {
    const all = await checkpoints.listForDevices(list.map((d) => d.id));
    return list.map((device) => ({ device, checkpoints: all.filter((c) => c.deviceId === device.id) }));
  }

  return {
    async list(scope: TeamScope, userId: string): Promise<DeviceStatus[]> {
      if (!(await devices.userExists(scope, userId))) throw noUser();
      return withCheckpoints(await devices.listForUser(scope, userId));
    },

    async get(scope: TeamScope, userId: string, deviceId: string): Promise<DeviceStatus> {
      if (!(await devices.userExists(scope, userId))) throw noUser();
      const device = await devices.find(scope, userId, deviceId);
      if (!device) throw new NotFoundError('No device with this id for this user.');
      const [status] = await withCheckpoints([device]);
      return status!;
    },
  };
}
