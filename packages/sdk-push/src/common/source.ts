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
 * Looked up in nested maps (no key text built per record).
 */
type Sources = Map<MobileProvider, Map<SourceType, Map<string | null, SourceInput>>>;
const sourcesByContext = new WeakMap<MapContext, Sources>();

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
  let byType = sources.get(provider);
  if (!byType) {
    byType = new Map();
    sources.set(provider, byType);
  }
  let byApp = byType.get(type);
  if (!byApp) {
    byApp = new Map();
    byType.set(type, byApp);
  }
  let source = byApp.get(appId);
  if (!source) {
    source = { provider, type, app_id: appId, device_id: ctx.perDeviceActivity ? ctx.deviceId : null };
    byApp.set(appId, source);
  }
  return source;
}
