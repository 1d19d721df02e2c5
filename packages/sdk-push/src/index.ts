/**
 * `@meridian/sdk-push`: maps the native records a mobile app pushes (Apple HealthKit samples, Health
 * Connect records, Samsung Health data points) onto the one ingestion path's inputs. Pure: no I/O.
 */
export {
  MOBILE_PROVIDERS,
  isMobileProvider,
  type MapContext,
  type MapResult,
  type MobileProvider,
  type NativeResourceEntry,
  type PushIssue,
} from './types';
export {
  mapNativeResource,
  supportedResources,
  MAX_ISSUES,
  MAX_RECORDS_PER_RESOURCE,
  MAX_SAMPLES_PER_RESOURCE,
} from './map-native-resource';
