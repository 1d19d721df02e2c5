import type { CredentialsRepository, TeamApiKeyRecord } from '@meridian/db';

/**
 * Remembers valid team API keys for a short time so a request does not queue for a database connection
 * twice (once for the key, once for the data). Revocation therefore takes effect within `ttlMs` on the
 * data API (2 s by default; 0 turns the cache off). Unknown keys are never cached, and concurrent lookups
 * of one key share a single query.
 */
export function withCredentialCache(
  repo: CredentialsRepository,
  opts: { ttlMs: number; maxEntries?: number; now?: () => number },
): CredentialsRepository {
  if (opts.ttlMs <= 0) return repo;
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 10_000;
  const keys = new Map<string, { expires: number; record: Promise<TeamApiKeyRecord | undefined> }>();
  const features = new Map<string, { expires: number; enabled: Promise<boolean> }>();

  function remember<V>(
    map: Map<string, { expires: number } & V>,
    key: string,
    entry: { expires: number } & V,
  ): void {
    if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, entry);
  }

  return {
    ...repo,
    findTeamApiKey(keyHash) {
      const hit = keys.get(keyHash);
      if (hit && hit.expires > now()) return hit.record;
      const record = repo.findTeamApiKey(keyHash);
      remember(keys, keyHash, { expires: now() + opts.ttlMs, record });
      // Only valid keys stay cached: a miss or a failed lookup is asked again next time.
      record.then(
        (found) => {
          if (!found && keys.get(keyHash)?.record === record) keys.delete(keyHash);
        },
        () => {
          if (keys.get(keyHash)?.record === record) keys.delete(keyHash);
        },
      );
      return record;
    },
    isFeatureEnabled(teamId, feature) {
      const cacheKey = `${teamId}:${feature}`;
      const hit = features.get(cacheKey);
      if (hit && hit.expires > now()) return hit.enabled;
      const enabled = repo.isFeatureEnabled(teamId, feature);
      remember(features, cacheKey, { expires: now() + opts.ttlMs, enabled });
      enabled.catch(() => features.delete(cacheKey));
      return enabled;
    },
  };
}
