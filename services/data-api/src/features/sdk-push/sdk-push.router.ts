import express, { type RequestHandler, type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Logger, RateLimitConsumer } from '@meridian/platform';
import { isMobileProvider } from '@meridian/sdk-push';
import { NotFoundError } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { deviceOf } from '../sdk-auth/device-auth';
import { createDeviceRateLimit } from './device-rate-limit';
import {
  createDeviceSessionCache,
  DeviceSessionEndedError,
  type DeviceSessionCache,
} from './device-session-cache';
import { toDeviceResponse } from './device-status.presenter';
import { createDeviceStatusService } from './device-status.service';
import {
  DEFAULT_PUSH_LIMITS,
  digestRawPushBody,
  rawPushBodyDigest,
  type PushLimits,
  type PushRequest,
} from './push-batch';
import { BatchInProgressError, createSdkPushService } from './sdk-push.service';

/**
 * Mobile-SDK pushes (`POST /v2/sdk/push/{provider}`, device token) and the devices a team reads with its API
 * key (`GET /v2/user/{user_id}/device[/{device_id}]`). The OpenAPI validator has checked the batch envelope;
 * the native records are checked by the mapper in the service.
 */

export const SDK_PUSH_PATH = '/v2/sdk/push';

export interface SdkPushOptions {
  /** Shared request limiter (the API keys' one); absent: no per-device limit. */
  limiter?: RateLimitConsumer;
  limits?: Partial<PushLimits>;
}

export const pushLimitsOf = (opts: SdkPushOptions | undefined): PushLimits => ({
  ...DEFAULT_PUSH_LIMITS,
  ...opts?.limits,
});

/**
 * The push route's device-session cache, one per database handle and clock (the data API hands the same
 * ones to the body hook and the router, which share it; an app built with another clock gets its own).
 */
const sessionCaches = new WeakMap<Knex, WeakMap<() => Date, DeviceSessionCache>>();

function sessionCacheOf(db: Knex, clock: () => Date): DeviceSessionCache {
  let byClock = sessionCaches.get(db);
  if (!byClock) {
    byClock = new WeakMap();
    sessionCaches.set(db, byClock);
  }
  let cache = byClock.get(clock);
  if (!cache) {
    cache = createDeviceSessionCache({ db, clock });
    byClock.set(clock, cache);
  }
  return cache;
}

/**
 * What runs on the push path before its body is read: device authentication (a lookup reused for a short
 * while, see device-session-cache.ts), then the per-device limit. An unauthenticated or limited request is
 * answered from its headers alone.
 */
export function sdkPushBeforeBody(deps: {
  db: Knex;
  clock: () => Date;
  options?: SdkPushOptions;
}): RequestHandler[] {
  const handlers = [sessionCacheOf(deps.db, deps.clock).authenticate];
  const limiter = deps.options?.limiter;
  if (limiter) {
    handlers.push(
      createDeviceRateLimit({ limiter, perMinute: pushLimitsOf(deps.options).perDevicePerMinute }),
    );
  }
  return handlers;
}

/** The push route's raw-body hook (`jsonRoutes[].onRawBody`): the batch fingerprint is over these bytes. */
export const sdkPushRawBody = digestRawPushBody;

export function createSdkPushRouter(deps: {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  options?: SdkPushOptions;
}): Router {
  const pushes = createSdkPushService({ ...deps, limits: pushLimitsOf(deps.options) });
  const devices = createDeviceStatusService(deps);
  const router = express.Router();

  router.post(`${SDK_PUSH_PATH}/:provider`, async (req, res) => {
    const provider = req.params.provider;
    if (!isMobileProvider(provider)) throw new NotFoundError('Unknown mobile provider.');
    const device = deviceOf(res);
    try {
      const outcome = await pushes.push(device, provider, req.body as PushRequest, rawPushBodyDigest(req));
      if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.json(outcome.answer);
    } catch (err) {
      if (err instanceof BatchInProgressError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      if (err instanceof DeviceSessionEndedError) {
        sessionCacheOf(deps.db, deps.clock).forget(device.sessionId);
        res.setHeader('WWW-Authenticate', err.challenge);
      }
      throw err;
    }
  });

  router.get('/v2/user/:user_id/device', async (req, res) => {
    const list = await devices.list(principalOf(res), req.params.user_id);
    res.json(list.map(toDeviceResponse));
  });

  router.get('/v2/user/:user_id/device/:device_id', async (req, res) => {
    res.json(toDeviceResponse(await devices.get(principalOf(res), req.params.user_id, req.params.device_id)));
  });

  return router;
}
