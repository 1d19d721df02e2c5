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

/**
 * The type a description names (BY_DESCRIPTION), or null; by description text, since the records of a batch
 * repeat a handful of them. Bounded: past `MAX_KNOWN` texts the map starts over.
 */
const typeByText = new Map<string, SourceType | null>();
const MAX_KNOWN = 1000;

function typeOfText(text: string): SourceType | null {
  let type = typeByText.get(text);
  if (type !== undefined) return type;
  type = null;
  for (const [re, t] of BY_DESCRIPTION) {
    if (re.test(text)) {
      type = t;
      break;
    }
  }
  if (typeByText.size >= MAX_KNOWN) typeByText.clear();
  typeByText.set(text, type);
  return type;
}

export function sourceTypeOf(device: NativeDevice, fallback: SourceType): SourceType {
  if (device.stated && device.stated !== 'unknown') return device.stated;
  for (const text of device.descriptions) {
    if (!text) continue;
    const type = typeOfText(text);
    if (type !== null) return type;
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
