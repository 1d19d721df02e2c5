import { toDeviceWire } from '../sdk-auth/device-wire';
import type { DeviceStatus } from './device-status.service';

/** The wire shape of a device (`SdkDevice` in openapi/sdk-push.yaml: the spec's `Device` and more). */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toDeviceResponse({ device: d, checkpoints }: DeviceStatus) {
  return {
    ...toDeviceWire(d, checkpoints),
    installation_id: d.installationId,
    name: d.name,
    model: d.model,
    os: d.os,
    os_version: d.osVersion,
    app_id: d.appId,
    app_version: d.appVersion,
    sdk_version: d.sdkVersion,
    created_at: d.createdAt.toISOString(),
    last_seen_at: iso(d.lastSeenAt),
    last_push_at: iso(d.lastPushAt),
    revoked_at: iso(d.revokedAt),
    clock_skew_seconds: d.clockSkewSeconds,
    sync_status: checkpoints.map((c) => ({
      provider: c.provider,
      resource: c.resource,
      acknowledged_anchor: c.anchor,
      acknowledged_at: iso(c.acknowledgedAt),
      last_push_at: iso(c.lastPushAt),
      last_batch_id: c.lastBatchId,
      records_stored: c.recordsStored,
      historical_push_completed_at: iso(c.historicalCompletedAt),
      last_error: c.lastError
        ? { type: c.lastError.type, message: c.lastError.message, at: c.lastError.at.toISOString() }
        : null,
    })),
  };
}
