import { DATA_EVENT_RESOURCE_NAMES } from '@meridian/domain';

/** Resources `<R>` of `daily.data.<R>.*` / `historical.data.<R>.created` (api-shapes §7.2, the domain event catalog). */
export const DATA_EVENT_RESOURCES: ReadonlySet<string> = new Set<string>(DATA_EVENT_RESOURCE_NAMES);
