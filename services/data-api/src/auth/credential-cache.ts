import type { CredentialsRepository, TeamApiKeyRecord } from '@meridian/db';

/** A remembered answer: usable until `expires`, refreshed in the background from `refreshAt`. */
interface Entry<V> {
  /** Infinity while the first lookup is under way (its callers share it). */
  expires: number;
  refreshAt: number;
  value: Promise<V>;
  /** A background refresh under way (one at a time). */
  refreshing?: Promise<V>;
}

/** A refresh starts once this share of the TTL has passed since the answer it would replace. */
const REFRESH_AFTER = 0.25;

/**
 * Remembers valid team API keys (and feature flags) for a short time so a request does not queue for a
 * database connection twice (once for the key, once for the data). Revocation therefore takes effect within
 * `ttlMs` on the data API (2 s by default; 0 turns the cache off): an answer is used at most `ttlMs` after
 * the database gave it (a lookup reads the key when it runs, so a key revoked before that is refused; a
 * lookup's wait for a pool connection does not count, its few milliseconds of running do). Unknown keys are
 * never cached, and concurrent lookups of one key share a single query.
 *
 * Refresh ahead (issue 16): a quarter of the TTL after an answer, the next use starts a background lookup
 * and keeps answering from the entry, which the lookup replaces (a revoked key is dropped at once). Without
 * it, every expiry made all requests of a busy key wait for a lookup queued behind the whole pool's queue,
 * and then queue again for their data: a stall every TTL that set the read benchmark's p99. Only a refresh
 * still unanswered at the expiry (three quarters of the TTL later) is waited for, by the requests that
 * arrive then, as a first lookup is.
 */
export function withCredentialCache(
  repo: CredentialsRepository,
  opts: { ttlMs: number; maxEntries?: number; now?: () => number },
): CredentialsRepository {
  if (opts.ttlMs <= 0) return repo;
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs;
  const maxEntries = opts.maxEntries ?? 10_000;
  const keys = new Map<string, Entry<TeamApiKeyRecord | undefined>>();
  const features = new Map<string, Entry<boolean>>();

  /** An answered entry: valid for the TTL from now (the answer's arrival), refreshed from a quarter of it. */
  const answered = <V>(value: V): Entry<V> => {
    const at = now();
    return { expires: at + ttl, refreshAt: at + ttl * REFRESH_AFTER, value: Promise.resolve(value) };
  };

  /**
   * The cached answer of `key`, asking `load` when there is none (or it expired), and in the background once
   * it is past its refresh time. `keep` says whether an answer may be cached (an unknown key may not).
   */
  function cached<V>(
    map: Map<string, Entry<V>>,
    key: string,
    load: () => Promise<V>,
    keep: (value: V) => boolean,
  ): Promise<V> {
    const at = now();
    const hit = map.get(key);
    if (hit) {
      if (hit.expires > at) {
        if (at >= hit.refreshAt && hit.refreshing === undefined) refresh(map, key, hit, load, keep);
        return hit.value;
      }
      if (hit.refreshing !== undefined) return hit.refreshing;
    }
    const value = load();
    const entry: Entry<V> = { expires: Number.POSITIVE_INFINITY, refreshAt: Number.POSITIVE_INFINITY, value };
    remember(map, key, entry);
    // Only answers that may be kept stay cached: a miss or a failed lookup is asked again next time.
    value.then(
      (v) => {
        if (map.get(key) !== entry) return;
        if (keep(v)) map.set(key, answered(v));
        else map.delete(key);
      },
      () => {
        if (map.get(key) === entry) map.delete(key);
      },
    );
    return value;
  }

  function refresh<V>(
    map: Map<string, Entry<V>>,
    key: string,
    entry: Entry<V>,
    load: () => Promise<V>,
    keep: (value: V) => boolean,
  ): void {
    const value = load();
    entry.refreshing = value;
    value.then(
      (v) => {
        if (map.get(key) !== entry) return;
        if (keep(v)) map.set(key, answered(v));
        else map.delete(key);
      },
      () => {
        // The entry stays until its own expiry; the next use after that looks the key up again.
        if (map.get(key) !== entry) return;
        entry.refreshing = undefined;
        if (entry.expires <= now()) map.delete(key);
      },
    );
  }

  function remember<V>(map: Map<string, Entry<V>>, key: string, entry: Entry<V>): void {
    if (map.size >= maxEntries && !map.has(key)) map.delete(map.keys().next().value as string);
    map.set(key, entry);
  }

  return {
    ...repo,
    findTeamApiKey(keyHash) {
      return cached(
        keys,
        keyHash,
        () => repo.findTeamApiKey(keyHash),
        (found) => found !== undefined,
      );
    },
    isFeatureEnabled(teamId, feature) {
      return cached(
        features,
        `${teamId}:${feature}`,
        () => repo.isFeatureEnabled(teamId, feature),
        () => true,
      );
    },
  };
}
