import express, { type Response, type Router } from 'express';
import { ValidationError, type ValidationIssue } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import type { components } from '../../generated/openapi';
import type { UnitOfWork } from '../unit-of-work';
import type { DeviceDescription } from './sdk-devices.repository';
import { createSdkAuthService, type DeviceSession } from './sdk-auth.service';

/**
 * `POST /v2/user/{user_id}/sign_in_token` (team API key), and the device's own token and revoke endpoints
 * (`security: []`: the grant or token in the body is the credential). Shapes: decision 0009.
 */

type SdkTokenRequest = components['schemas']['SdkTokenRequest'];
type SdkDeviceDescription = components['schemas']['SdkDeviceDescription'];
type SdkTokenResponse = components['schemas']['SdkTokenResponse'];
type SignInTokenResponse = components['schemas']['SignInTokenResponse'];
type SdkRevokeRequest = components['schemas']['SdkRevokeRequest'];

const GRANT_FIELDS = {
  sign_in_token: { required: ['sign_in_token', 'device'], allowed: ['sign_in_token', 'device'] },
  refresh_token: { required: ['refresh_token'], allowed: ['refresh_token'] },
} as const;

/** The body's fields must fit its grant_type (the schema allows the union of both grants). */
function checkGrantFields(body: SdkTokenRequest): void {
  const rule = GRANT_FIELDS[body.grant_type];
  const issues: ValidationIssue[] = [];
  for (const field of rule.required) {
    if (body[field] === undefined) {
      issues.push({ loc: ['body', field], msg: 'Field required', type: 'missing', input: null, ctx: {} });
    }
  }
  for (const field of ['sign_in_token', 'refresh_token', 'device'] as const) {
    if (body[field] !== undefined && !(rule.allowed as readonly string[]).includes(field)) {
      issues.push({
        loc: ['body', field],
        msg: `Extra inputs are not permitted with grant_type ${body.grant_type}`,
        type: 'extra_forbidden',
        // Never echo a token back.
        input: null,
        ctx: { grant_type: body.grant_type },
      });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

function deviceDescription(d: SdkDeviceDescription): DeviceDescription {
  return {
    installationId: d.installation_id,
    name: d.name ?? null,
    model: d.model ?? null,
    os: d.os ?? null,
    osVersion: d.os_version ?? null,
    appId: d.app_id ?? null,
    appVersion: d.app_version ?? null,
    sdkVersion: d.sdk_version ?? null,
  };
}

function toTokenResponse(s: DeviceSession): SdkTokenResponse {
  return {
    access_token: s.accessToken,
    token_type: 'Bearer',
    expires_in: s.expiresInSeconds,
    refresh_token: s.refreshToken,
    refresh_expires_in: s.refreshExpiresInSeconds,
    user_id: s.userId,
    device_id: s.deviceId,
    team_id: s.teamId,
    environment: s.environment,
  };
}

/** RFC 6749 §5.1: token answers must not be cached. */
function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

export function createSdkAuthRouter(deps: {
  uow: UnitOfWork<'users' | 'sdkSignInTokens' | 'sdkDevices' | 'sdkSessions' | 'outbox'>;
  clock: () => Date;
}): Router {
  const service = createSdkAuthService(deps);
  const router = express.Router();

  router.post('/v2/user/:user_id/sign_in_token', async (req, res) => {
    const principal = principalOf(res);
    const issued = await service.createSignInToken(principal, req.params.user_id);
    const body: SignInTokenResponse = { user_id: issued.userId, sign_in_token: issued.signInToken };
    noStore(res);
    res.json(body);
  });

  router.post('/v2/sdk/auth/token', async (req, res) => {
    const body = req.body as SdkTokenRequest;
    checkGrantFields(body);
    const session =
      body.grant_type === 'sign_in_token'
        ? await service.exchangeSignInToken(body.sign_in_token!, deviceDescription(body.device!))
        : await service.refresh(body.refresh_token!);
    noStore(res);
    res.json(toTokenResponse(session));
  });

  router.post('/v2/sdk/auth/revoke', async (req, res) => {
    await service.revoke((req.body as SdkRevokeRequest).token);
    res.json({ success: true });
  });

  return router;
}
