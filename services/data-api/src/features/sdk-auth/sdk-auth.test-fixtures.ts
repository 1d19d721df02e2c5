import express, { type Express } from 'express';
import request from 'supertest';
import type { Knex } from '@meridian/db';
import { createErrorMapper, createLogger } from '@meridian/platform';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import type { DataApiHarness } from '../../testing/data-api.harness';
import { createDeviceAuthentication, deviceOf } from './device-auth';

/** Shared steps of the device-authentication tests: a team backend minting tokens, an app exchanging them. */

export interface TokenBody {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  user_id: string;
  device_id: string;
  team_id: string;
  environment: string;
}

export interface SeededTenant {
  teamId: string;
  sandboxKey: string;
  productionKey: string;
}

export async function seedTenant(db: Knex): Promise<SeededTenant> {
  const org = await seedOrg(db);
  const team = await seedTeam(db, org.orgId);
  return { teamId: team.teamId, sandboxKey: team.apiKeys.sandbox, productionKey: team.apiKeys.production };
}

export function sdkClient(h: DataApiHarness) {
  const api = () => request(h.app);
  let seq = 0;
  return {
    api,
    async createUser(key: string): Promise<string> {
      const res = await api()
        .post('/v2/user')
        .set('x-service-api-key', key)
        .send({ client_user_id: `sdk-${++seq}-${Date.now()}` });
      expect(res.status).toBe(200);
      return (res.body as { user_id: string }).user_id;
    },
    mintSignInToken: (userId: string, key: string) =>
      api().post(`/v2/user/${userId}/sign_in_token`).set('x-service-api-key', key).send(),
    async signInToken(userId: string, key: string): Promise<string> {
      const res = await api().post(`/v2/user/${userId}/sign_in_token`).set('x-service-api-key', key).send();
      expect(res.status).toBe(200);
      return (res.body as { sign_in_token: string }).sign_in_token;
    },
    exchange: (signInToken: string, installationId = 'install-1', extra: Record<string, unknown> = {}) =>
      api()
        .post('/v2/sdk/auth/token')
        .send({
          grant_type: 'sign_in_token',
          sign_in_token: signInToken,
          device: { installation_id: installationId, ...extra },
        }),
    refresh: (refreshToken: string) =>
      api().post('/v2/sdk/auth/token').send({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    revoke: (token: string) => api().post('/v2/sdk/auth/revoke').send({ token }),
    async session(userId: string, key: string, installationId = 'install-1'): Promise<TokenBody> {
      const res = await this.exchange(await this.signInToken(userId, key), installationId);
      expect(res.status).toBe(200);
      return res.body as TokenBody;
    },
  };
}

/** A stand-in for a push endpoint: the device middleware and the service's error mapper, as the push routes use them. */
export function deviceProbeApp(db: Knex, clock: () => Date): Express {
  const app = express();
  app.post('/probe', createDeviceAuthentication({ db, clock }), (_req, res) => {
    res.json(deviceOf(res));
  });
  app.use(createErrorMapper(createLogger({ service: 'test', silent: true })));
  return app;
}
