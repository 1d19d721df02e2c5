import type { DeviceStatus } from './device-status.service';

/** The wire shape of a device (`SdkDevice` in openapi/sdk-push.yaml: the spec's `Device` and more). */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The mobile provider a device pushes for: its latest push's, else by its OS (see `SdkDevice.provider`). */
function providerOf({ device: d, checkpoints }: DeviceStatus): string {
  let latest: DeviceStatus['checkpoints'][number] | undefined;
  for (const c of checkpoints) {
    if (c.lastPushAt && (!latest?.lastPushAt || c.lastPushAt > latest.lastPushAt)) latest = c;
  }
  const provider = latest?.provider ?? checkpoints[0]?.provider;
  if (provider) return provider;
  return /android/i.test(d.os ?? '') ? 'health_connect' : 'apple_health_kit';
}

export function toDeviceResponse(status: DeviceStatus) {
  const { device: d, checkpoints } = status;
  const provider = providerOf(status);
  const apple = provider === 'apple_health_kit' || /^(ios|ipados|watchos)\b/i.test(d.os ?? '');
  return {
    id: d.id,
    user_id: d.userId,
    provider,
    source_type: 'phone' as const,
    device_manufacturer: apple ? 'Apple' : null,
    device_model: d.model,
    device_version: d.osVersion,
    device_id: d.installationId,
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
