import type { SourceType } from '@meridian/domain';
import type { SourceInput } from '@meridian/ingestion';
import type { MapContext, MobileProvider } from '../types';

/**
 * The source context of pushed data.
 * - `type`: what measured it, from the native device description (a watch, the phone itself, a ring...).
 * - `app_id`: the app that wrote the record into the platform's store (bundle id / package name).
 * - `device_id`: the Meridian device (the pushing phone's session) when the team asks for per-device
 *   activity timeseries; otherwise null, so the same platform data pushed from two phones of one user
 *   (iCloud-synced Health data, for instance) lands on the same samples. The native device model is not
 *   an id and is only used to pick the source type.
 */
export interface NativeDevice {
  /** Free text: model, name, product type, manufacturer, as the platform reports them. */
  descriptions: readonly (string | null)[];
  /** A source type the platform states outright (Health Connect `Device.type`, Samsung `deviceType`). */
  stated?: SourceType | null;
}

const BY_DESCRIPTION: readonly (readonly [RegExp, SourceType])[] = [
  [/watch/i, 'watch'],
  [/\bring\b|oura/i, 'ring'],
  [/chest|strap|\bH10\b|tickr/i, 'chest_strap'],
  [/scale|body ?cardio|\bindex\b/i, 'scale'],
  [/cuff|blood ?pressure|\bBPM\b/i, 'cuff'],
  [/airpods|beats|earbud|headphone/i, 'earphone'],
  [/iphone|ipad|ipod|phone|mobile/i, 'phone'],
];

export function sourceTypeOf(device: NativeDevice, fallback: SourceType): SourceType {
  if (device.stated && device.stated !== 'unknown') return device.stated;
  for (const text of device.descriptions) {
    if (!text) continue;
    for (const [re, type] of BY_DESCRIPTION) if (re.test(text)) return type;
  }
  return fallback;
}

/**
 * The sources of one mapping (one push context), by provider, type and app: the records of a batch share a
 * handful, so each is made once and its series key (`Output`) computed once. Nothing downstream mutates them.
 */
const sourcesByContext = new WeakMap<MapContext, Map<string, SourceInput>>();

export function sourceInput(
  provider: MobileProvider,
  ctx: MapContext,
  type: SourceType,
  appId: string | null,
): SourceInput {
  let sources = sourcesByContext.get(ctx);
  if (!sources) {
    sources = new Map();
    sourcesByContext.set(ctx, sources);
  }
  const deviceId = ctx.perDeviceActivity ? ctx.deviceId : null;
  // Only the app id (last) may hold a `|`: the key is unambiguous.
  const key = `${provider}|${type}|${deviceId === null ? '-' : `=${deviceId}`}|${appId === null ? '-' : `=${appId}`}`;
  let source = sources.get(key);
  if (!source) {
    source = { provider, type, app_id: appId, device_id: deviceId };
    sources.set(key, source);
  }
  return source;
}
