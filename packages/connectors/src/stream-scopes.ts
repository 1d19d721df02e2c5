import type { Resource } from '@meridian/domain';
import type { StreamSpec } from './connector';

/**
 * `Connector.scopesFor` for connectors whose scopes are declared on their streams: the scopes of every
 * stream that feeds the resource.
 */
export function scopesFromStreams(streams: readonly StreamSpec[]): (resource: Resource) => string[] {
  const byResource = new Map<Resource, Set<string>>();
  for (const stream of streams) {
    for (const resource of stream.resources) {
      const scopes = byResource.get(resource) ?? new Set<string>();
      for (const scope of stream.scopes) scopes.add(scope);
      byResource.set(resource, scopes);
    }
  }
  return (resource) => [...(byResource.get(resource) ?? [])];
}
