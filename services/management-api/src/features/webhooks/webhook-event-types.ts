import { DATA_EVENT_RESOURCE_NAMES, SUBSCRIBABLE_EVENT_TYPES } from '@meridian/domain';

/** Event types a webhook may name in `filter_types` (api-shapes §7.2): the domain event catalog plus the deprecated hypnogram ones. */
export const WEBHOOK_EVENT_TYPES: ReadonlySet<string> = new Set(SUBSCRIBABLE_EVENT_TYPES);

export const DATA_EVENT_RESOURCE_COUNT = DATA_EVENT_RESOURCE_NAMES.length;
