import type { RequestHandler, Response } from 'express';
import type { Knex } from '@meridian/db';
import { DomainError, hashKey, looksLikeKind, type Environment, type Region } from '@meridian/domain';
import { createSdkSessionsRepository } from './sdk-sessions.repository';
import { SDK_TOKEN_PREFIX } from './sdk-tokens';

/**
 * Authenticates a mobile-SDK push: `Authorization: Bearer <access_token>` → the device session (decision
 * 0009 "Device authentication" 5). Only for operations whose `security` is `DeviceToken`.
 */

/** Who is pushing: one device session of one user in one team environment. */
export interface DevicePrincipal {
  sessionId: string;
  deviceId: string;
  userId: string;
  teamId: string;
  orgId: string;
  environment: Environment;
  region: Region;
}

/** `last_seen_at` is written at most once per this interval per device (a push burst costs one write). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** 401 `invalid_credentials` (api-shapes §3) with the RFC 6750 challenge the answer carries. */
class DeviceTokenError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(
    message: string,
    readonly challenge: string,
  ) {
    super('invalid_credentials', message);
  }
}

const REALM = 'realm="meridian-sdk"';
const missing = (message: string) => new DeviceTokenError(message, `Bearer ${REALM}`);
const invalid = (message: string) =>
  new DeviceTokenError(message, `Bearer ${REALM}, error="invalid_token", error_description="${message}"`);

const TEAM_KEY_REFUSED =
  'Push endpoints need a device access token (Authorization: Bearer), not a team API key; ' +
  'exchange a sign-in token at POST /v2/sdk/auth/token.';

/** The bearer value, or null when there is no usable `Authorization: Bearer` header. */
function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(header);
  return match ? match[1]! : null;
}

async function authenticate(
  deps: { db: Knex; clock: () => Date },
  authorization: string | undefined,
  apiKeyHeader: string | undefined,
): Promise<DevicePrincipal> {
  const token = bearerOf(authorization);
  if (!token) {
    if (apiKeyHeader) throw missing(TEAM_KEY_REFUSED);
    throw missing('The Authorization: Bearer header with a device access token is required.');
  }
  if (looksLikeKind(token) === 'team_api_key') throw invalid(TEAM_KEY_REFUSED);
  if (!token.startsWith(SDK_TOKEN_PREFIX.access)) {
    throw invalid('The bearer token is not a device access token.');
  }
  const now = deps.clock();
  const sessions = createSdkSessionsRepository(deps.db);
  const found = await sessions.findActiveByAccessHash(hashKey(token), now);
  if (!found) throw invalid('The device access token is unknown, expired or revoked.');
  if (!found.lastSeenAt || now.getTime() - found.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await sessions.touchDevice(
      found.principal.deviceId,
      now,
      new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS),
    );
  }
  return found.principal;
}

/**
 * Express middleware: sets `res.locals.device` or answers 401 with `WWW-Authenticate: Bearer`. A team API
 * key (in `x-service-api-key` or as the bearer value) is refused with a message naming the device token.
 */
export function createDeviceAuthentication(deps: { db: Knex; clock: () => Date }): RequestHandler {
  return (req, res, next) => {
    authenticate(deps, req.header('authorization'), req.header('x-service-api-key')).then(
      (principal) => {
        res.locals.device = principal;
        next();
      },
      (err: unknown) => {
        if (err instanceof DeviceTokenError) res.setHeader('WWW-Authenticate', err.challenge);
        next(err);
      },
    );
  };
}

export function deviceOf(res: Response): DevicePrincipal {
  const device = res.locals.device as DevicePrincipal | undefined;
  if (!device)
    throw new Error('device principal missing: createDeviceAuthentication did not run for this route');
  return device;
}
