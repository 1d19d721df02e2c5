import {
  BadRequestError,
  eventEnvelope,
  hashKey,
  newId,
  NotFoundError,
  type Environment,
  type TeamScope,
} from '@meridian/domain';
import type { Repositories } from '../repositories';
import type { UnitOfWork } from '../unit-of-work';
import { USER_NOT_FOUND } from '../users/users.service';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  ROTATION_GRACE_MS,
  SIGN_IN_TOKEN_TTL_MS,
} from './sdk-auth.policy';
import { toDeviceWire } from './device-wire';
import type { DeviceDescription, SignedInBefore } from './sdk-devices.repository';
import type { SignInTokenGrant } from './sdk-sign-in-tokens.repository';
import type { RefreshableSession } from './sdk-sessions.repository';
import { issueToken, openPair, sealPair, tokenKindOf, type TokenPair } from './sdk-tokens';

/**
 * Device sign-in (decision 0009 "Device authentication"): a team backend mints a sign-in token, the app
 * exchanges it for a device session, refreshes rotate the pair (with a grace window), revoke signs out.
 */

type SdkAuthRepositories = 'users' | 'sdkSignInTokens' | 'sdkDevices' | 'sdkSessions' | 'outbox';

export interface SdkAuthDeps {
  uow: UnitOfWork<SdkAuthRepositories>;
  clock: () => Date;
}

export interface DeviceSession {
  accessToken: string;
  expiresInSeconds: number;
  refreshToken: string;
  refreshExpiresInSeconds: number;
  userId: string;
  deviceId: string;
  teamId: string;
  environment: Environment;
}

/** RFC 6749 §5.2 `invalid_grant`, in the error envelope (400). */
const invalidGrant = (message: string) => new BadRequestError('invalid_grant', message);

const SIGN_IN_TOKEN_UNUSABLE = 'The sign-in token is unknown, expired or already used; request a new one.';
const REFRESH_TOKEN_UNUSABLE = 'The refresh token is unknown, expired or revoked; sign in again.';
const REFRESH_TOKEN_REUSED =
  'The refresh token was already rotated; its session was revoked as a precaution. Sign in again.';

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

type Repos = Pick<Repositories, SdkAuthRepositories>;

export function createSdkAuthService(deps: SdkAuthDeps) {
  /** Adds a fresh pair to the family; the caller links it to what it replaces. */
  async function startSession(
    repos: Repos,
    s: { deviceId: string; familyId: string; now: Date },
  ): Promise<{ id: string; pair: TokenPair }> {
    const access = issueToken('access');
    const refresh = issueToken('refresh');
    const id = newId();
    await repos.sdkSessions.insert({
      id,
      deviceId: s.deviceId,
      familyId: s.familyId,
      accessTokenHash: access.hash,
      accessExpiresAt: new Date(s.now.getTime() + ACCESS_TOKEN_TTL_MS),
      refreshTokenHash: refresh.hash,
      refreshExpiresAt: new Date(s.now.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: s.now,
    });
    return { id, pair: { accessToken: access.value, refreshToken: refresh.value } };
  }

  function answer(
    session: Pick<RefreshableSession, 'userId' | 'deviceId' | 'teamId' | 'environment'>,
    pair: TokenPair,
    ageMs: number,
  ): DeviceSession {
    return {
      accessToken: pair.accessToken,
      expiresInSeconds: seconds(ACCESS_TOKEN_TTL_MS - ageMs),
      refreshToken: pair.refreshToken,
      refreshExpiresInSeconds: seconds(REFRESH_TOKEN_TTL_MS - ageMs),
      userId: session.userId,
      deviceId: session.deviceId,
      teamId: session.teamId,
      environment: session.environment,
    };
  }

  type RefreshOutcome =
    { kind: 'session'; session: DeviceSession } | { kind: 'unusable' } | { kind: 'reused' };

  async function rotate(repos: Repos, refreshToken: string, now: Date): Promise<RefreshOutcome> {
    const current = await repos.sdkSessions.lockByRefreshHash(hashKey(refreshToken));
    if (!current || current.dead) return { kind: 'unusable' };
    if (current.rotatedAt) {
      const sinceRotation = now.getTime() - current.rotatedAt.getTime();
      const replacing = current.gracePairSealed && openPair(current.gracePairSealed, refreshToken);
      if (sinceRotation < ROTATION_GRACE_MS && replacing) {
        // A lost response: the same pair again, so the device and a retried call agree on one session.
        return { kind: 'session', session: answer(current, replacing, sinceRotation) };
      }
      // Replayed after the window: whoever holds the family is not to be trusted any more.
      await repos.sdkDevices.markRevoked(await repos.sdkSessions.revokeFamily(current.familyId, now), now);
      return { kind: 'reused' };
    }
    if (current.refreshExpiresAt <= now) return { kind: 'unusable' };
    const next = await startSession(repos, { deviceId: current.deviceId, familyId: current.familyId, now });
    await repos.sdkSessions.markRotated(current.id, next.id, now, sealPair(next.pair, refreshToken));
    await repos.sdkSessions.pruneExpiredOfFamily(current.familyId, now);
    return { kind: 'session', session: answer(current, next.pair, 0) };
  }

  /**
   * `provider.device.created` for an installation's first sign-in, `provider.device.updated` when it signs in
   * again described differently or after being signed out (api-shapes §7: the spec's `Device`), in the sign-in's
   * transaction.
   */
  async function announceDevice(
    repos: Repos,
    s: SignInTokenGrant & { deviceId: string; device: DeviceDescription; before: SignedInBefore | undefined },
  ): Promise<void> {
    const { installationId, ...description } = s.device;
    const changed =
      s.before === undefined ||
      s.before.revoked ||
      (Object.keys(description) as (keyof typeof description)[]).some(
        (k) => (description[k] ?? null) !== s.before!.description[k],
      );
    if (!changed) return;
    const user = await repos.users.findActiveById(s, s.userId);
    if (!user) return;
    const pushed = s.before ? await repos.sdkDevices.pushedProviders(s.deviceId) : [];
    const wire = toDeviceWire(
      {
        id: s.deviceId,
        userId: s.userId,
        installationId,
        model: description.model ?? null,
        os: description.os ?? null,
        osVersion: description.osVersion ?? null,
        appId: description.appId ?? null,
      },
      pushed,
    );
    const type = s.before ? 'provider.device.updated' : 'provider.device.created';
    await repos.outbox.append([
      {
        teamId: s.teamId,
        environment: s.environment,
        userId: s.userId,
        envelope: eventEnvelope(type, wire, {
          userId: s.userId,
          clientUserId: user.clientUserId,
          teamId: s.teamId,
        }),
      },
    ]);
  }

  return {
    /** `POST /v2/user/{user_id}/sign_in_token`: 404 unless the user is active in the key's team environment. */
    async createSignInToken(
      scope: TeamScope,
      userId: string,
    ): Promise<{ userId: string; signInToken: string }> {
      const now = deps.clock();
      const token = issueToken('signIn');
      await deps.uow.write(async ({ users, sdkSignInTokens }) => {
        // Locked: a concurrent DELETE of the user cannot slip between the check and the insert.
        const user = await users.findActiveById(scope, userId, { forUpdate: true });
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        await sdkSignInTokens.deleteExpiredOf(user.id, now);
        await sdkSignInTokens.insert({
          tokenHash: token.hash,
          teamId: scope.teamId,
          environment: scope.environment,
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SIGN_IN_TOKEN_TTL_MS),
        });
      });
      return { userId, signInToken: token.value };
    },

    /**
     * grant_type `sign_in_token`: consumes the token (one of two concurrent exchanges wins), registers or
     * refreshes the installation's device and starts a new session family; the installation's earlier
     * sessions end (one live session per installation).
     */
    async exchangeSignInToken(signInToken: string, device: DeviceDescription): Promise<DeviceSession> {
      if (tokenKindOf(signInToken) !== 'signIn') throw invalidGrant(SIGN_IN_TOKEN_UNUSABLE);
      const now = deps.clock();
      const session = await deps.uow.write(async (repos) => {
        const grant = await repos.sdkSignInTokens.take(hashKey(signInToken), now);
        if (!grant) return undefined;
        const before = await repos.sdkDevices.findForSignIn(grant.userId, device.installationId);
        const deviceId = await repos.sdkDevices.upsert({ ...device, ...grant, id: newId(), now });
        await announceDevice(repos, { ...grant, deviceId, device, before });
        await repos.sdkSessions.deleteRevokedOfDevice(deviceId);
        await repos.sdkSessions.revokeOfDevice(deviceId, now);
        const started = await startSession(repos, { deviceId, familyId: newId(), now });
        return answer({ ...grant, deviceId }, started.pair, 0);
      });
      if (!session) throw invalidGrant(SIGN_IN_TOKEN_UNUSABLE);
      return session;
    },

    /** grant_type `refresh_token`: rotation with a grace window; a replay after it revokes the family. */
    async refresh(refreshToken: string): Promise<DeviceSession> {
      if (tokenKindOf(refreshToken) !== 'refresh') throw invalidGrant(REFRESH_TOKEN_UNUSABLE);
      const now = deps.clock();
      // The revocation of a reused family must commit: the error is raised after the transaction.
      const outcome = await deps.uow.write((repos) => rotate(repos, refreshToken, now));
      if (outcome.kind === 'reused') throw invalidGrant(REFRESH_TOKEN_REUSED);
      if (outcome.kind === 'unusable') throw invalidGrant(REFRESH_TOKEN_UNUSABLE);
      return outcome.session;
    },

    /**
     * Signs the device out: an access or refresh token revokes its whole session family and the device;
     * a sign-in token is used up. Unknown tokens are accepted silently (RFC 7009 §2.2).
     */
    async revoke(token: string): Promise<void> {
      const now = deps.clock();
      const kind = tokenKindOf(token);
      if (kind === null) return;
      if (kind === 'signIn') {
        await deps.uow.write(({ sdkSignInTokens }) => sdkSignInTokens.take(hashKey(token), now));
        return;
      }
      await deps.uow.write(async (repos) => {
        const session = await repos.sdkSessions.findByTokenHash(hashKey(token));
        if (!session) return;
        await repos.sdkDevices.markRevoked(await repos.sdkSessions.revokeFamily(session.familyId, now), now);
      });
    },
  };
}

export type SdkAuthService = ReturnType<typeof createSdkAuthService>;
