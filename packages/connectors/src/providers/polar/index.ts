import type { Connector } from '../../connector';
import { ProviderResponseError } from '../../errors';
import {
  deregisterPolarUser,
  exchangePolarCode,
  POLAR_SCOPE,
  polarAuthSpec,
  registerPolarUser,
} from './polar-auth';
import { polarStreams } from './polar-streams';
import { handlePolarWebhook } from './polar-webhook';

/**
 * Polar AccessLink v3 (https://www.polar.com/accesslink-api/). OAuth without refresh (the access token
 * lasts ~10 years), a required user registration, window-based pulls of the non-transactional endpoints,
 * and signed notify-only webhooks that tell which stream to pull.
 */
export const polarConnector: Connector = {
  slug: 'polar',
  auth: polarAuthSpec,
  defaultUrls: { api: 'https://www.polaraccesslink.com', auth: 'https://flow.polar.com' },
  mode: 'push_and_pull',
  pollMinutes: 360,
  // Documented per client app: 500 + 20 × registered users requests per 15 minutes (and 5000 + 100 × users
  // per 24 h); the floor is what holds for any number of users.
  rateLimit: { requests: 500, windowSeconds: 900, scope: 'app' },
  streams: polarStreams,
  scopesFor: () => [POLAR_SCOPE],
  exchangeCode: (ctx, code, redirectUri) => exchangePolarCode(ctx, code, redirectUri),
  identify: async (_ctx, tokens) => {
    // The token response names the user; `GET /v3/users/{id}` only answers after registration.
    if (!tokens.externalUserId) throw new ProviderResponseError('Polar tokens carry no x_user_id');
    return { externalUserId: tokens.externalUserId, extra: { polarUserId: tokens.externalUserId } };
  },
  register: registerPolarUser,
  revoke: deregisterPolarUser,
  webhook: { handle: handlePolarWebhook },
};

export { createPolarWebhook, polarSignature, POLAR_WEBHOOK_EVENTS } from './polar-webhook';
export type { PolarWebhookRegistration } from './polar-webhook';
