import type { RequestHandler } from 'express';
import type { Knex } from '@meridian/db';
import { hashKey, UnauthenticatedError } from '@meridian/domain';
import {
  createDeviceAuthentication,
  LAST_SEEN_RESOLUTION_MS,
  type DevicePrincipal,
} from '../sdk-auth/device-auth';
import { createSdkSessionsRepository } from '../sdk-auth/sdk-sessions.repository';
import { SDK_TOKEN_PREFIX } from '../sdk-auth/sdk-tokens';

/**
 * Device authentication of the push route with a short-lived, per-process cache (access-token hash → device
 * session), so a phone pushing its history page after page costs one session lookup, not one per batch.
 *
 * The cache only saves the lookup; it never decides whether a push may write. Every push's first statement
 * (`beginPush`) checks the session again inside the push's transaction (not revoked, device not revoked,
 * access token not expired, rotated less than the grace window ago: the same rule as the lookup), and a
 * session found ended there answers 401 `invalid_credentials` with the same `WWW-Authenticate` challenge as
 * the lookup and drops the cache entry. Revocation (user deleted, connection removed, refresh rotation) is
 * therefore exact on every process, whatever the cache holds; an ended session is only noticed after its
 * body was read (and the per-device limit counted it) for at most `CACHE_TTL_MS` after it was cached.
 *
 * `last_seen_at` keeps its resolution: an entry is used only while the device was seen (written) less than
 * `LAST_SEEN_RESOLUTION_MS` ago; otherwise the lookup runs and touches the device as before.
 */

/** How long a looked-up session is reused without a lookup (each push still checks it in its transaction). */
export const CACHE_TTL_MS = 30_000;
/** Entries kept at most (the oldest are dropped first). */
const MAX_ENTRIES = 10_000;

const REALM = 'realm="meridian-sdk"';
const ENDED = 'The device access token is unknown, expired or revoked.';

/** 401 for a push whose session ended after it was cached: the lookup's answer for such a token. */
export class DeviceSessionEndedError extends UnauthenticatedError {
  readonly challenge = `Bearer ${REALM}, error="invalid_token", error_description="${ENDED}"`;
  constructor() {
    super(ENDED);
  }
}

interface Entry {
  principal: DevicePrincipal;
  cachedAt: number;
  /** When the device's `last_seen_at` was last known written (by this process's lookup or touch). */
  seenAt: number;
}

export interface DeviceSessionCache {
  /** The push route's device authentication (sets `res.locals.device`, or answers 401 as the lookup does). */
  authenticate: RequestHandler;
  /** Drops the entries of a session found ended. */
  forget(sessionId: string): void;
  /** Entries held (for tests). */
  readonly size: number;
}

const bearerOf = (header: string | undefined): string | null => {
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(header);
  return match ? match[1]! : null;
};

export function createDeviceSessionCache(deps: {
  db: Knex;
  clock: () => Date;
  ttlMs?: number;
}): DeviceSessionCache {
  const ttl = deps.ttlMs ?? CACHE_TTL_MS;
  const entries = new Map<string, Entry>();
  const lookup = createDeviceAuthentication({ db: deps.db, clock: deps.clock });
  const sessions = createSdkSessionsRepository(deps.db);

  const usable = (e: Entry, now: number) =>
    now - e.cachedAt < ttl && now - e.seenAt < LAST_SEEN_RESOLUTION_MS && now >= e.cachedAt;

  const remember = (hash: string, entry: Entry) => {
    entries.delete(hash);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(hash, entry);
  };

  /** The lookup of `createDeviceAuthentication`, keeping what it found; null when it did not find the session. */
  async function find(hash: string, now: Date): Promise<DevicePrincipal | null> {
    const found = await sessions.findActiveByAccessHash(hash, now);
    if (!found) return null;
    let seenAt = found.lastSeenAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (now.getTime() - seenAt >= LAST_SEEN_RESOLUTION_MS) {
      await sessions.touchDevice(
        found.principal.deviceId,
        now,
        new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS),
      );
      seenAt = now.getTime();
    }
    remember(hash, { principal: found.principal, cachedAt: now.getTime(), seenAt });
    return found.principal;
  }

  const authenticate: RequestHandler = (req, res, next) => {
    const token = bearerOf(req.header('authorization'));
    // Anything but a plain device access token: the lookup answers it (its 401s name the problem).
    if (!token || !token.startsWith(SDK_TOKEN_PREFIX.access) || req.header('x-service-api-key')) {
      return lookup(req, res, next);
    }
    const hash = hashKey(token);
    const now = deps.clock();
    const cached = entries.get(hash);
    if (cached && usable(cached, now.getTime())) {
      res.locals.device = cached.principal;
      return next();
    }
    if (cached) entries.delete(hash);
    find(hash, now).then((principal) => {
      if (!principal) return lookup(req, res, next);
      res.locals.device = principal;
      next();
    }, next);
  };

  return {
    authenticate,
    forget(sessionId) {
      for (const [hash, e] of entries) if (e.principal.sessionId === sessionId) entries.delete(hash);
    },
    get size() {
      return entries.size;
    },
  };
}
