/**
 * The spec's `Device` (api-shapes §4.1) of an app installation signed in with the mobile SDK: what
 * `GET /v2/user/{user_id}/device` answers (with the installation's own fields besides) and what
 * `provider.device.created` / `.updated` carry.
 */

export interface DeviceFacts {
  id: string;
  userId: string;
  installationId: string;
  model: string | null;
  os: string | null;
  osVersion: string | null;
  appId: string | null;
}

/** What is known of the device's pushes: per provider and resource, when it last pushed. */
export interface PushedProvider {
  provider: string;
  lastPushAt: Date | null;
}

export interface DeviceWire {
  id: string;
  user_id: string;
  provider: string;
  source_type: 'phone';
  app_id: string | null;
  device_manufacturer: string | null;
  device_model: string | null;
  device_version: string | null;
  device_id: string;
}

/** The mobile provider a device pushes for: its latest push's, else by its OS (Android: Health Connect). */
export function deviceProvider(d: Pick<DeviceFacts, 'os'>, pushed: readonly PushedProvider[]): string {
  let latest: PushedProvider | undefined;
  for (const c of pushed) {
    if (c.lastPushAt && (!latest?.lastPushAt || c.lastPushAt > latest.lastPushAt)) latest = c;
  }
  const provider = latest?.provider ?? pushed[0]?.provider;
  if (provider) return provider;
  return /android/i.test(d.os ?? '') ? 'health_connect' : 'apple_health_kit';
}

export function toDeviceWire(d: DeviceFacts, pushed: readonly PushedProvider[]): DeviceWire {
  const provider = deviceProvider(d, pushed);
  const apple = provider === 'apple_health_kit' || /^(ios|ipados|watchos)\b/i.test(d.os ?? '');
  return {
    id: d.id,
    user_id: d.userId,
    provider,
    source_type: 'phone',
    app_id: d.appId,
    device_manufacturer: apple ? 'Apple' : null,
    device_model: d.model,
    device_version: d.osVersion,
    device_id: d.installationId,
  };
}
