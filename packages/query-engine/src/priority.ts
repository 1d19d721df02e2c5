import { SOURCE_TYPE_PRIORITY } from '@meridian/domain';

/**
 * Default ranking of sources when several cover the same local day: providers named in
 * `provider_priority_overrides` first, in their order; then the most specific device kind (the domain's
 * SOURCE_TYPE_PRIORITY: a watch before a phone, as activity derivation ranks them); then provider slug.
 */
export const SOURCE_TYPE_ORDER: readonly string[] = SOURCE_TYPE_PRIORITY;
