import type { RequestHandler } from 'express';
import {
  featureNotEnabled,
  hashKey,
  outOfScope,
  sameHash,
  UnauthenticatedError,
  wrongKeyType,
  type Feature,
  type Region,
} from '@meridian/domain';
import type { CredentialsRepository } from '@meridian/db';
import type { RouteMatcher } from '@meridian/platform';
import type { TeamPrincipal } from './principal';

/**
 * Whether the operation is authenticated here. Operations without `TeamApiKey` in their `security`
 * (`security: []` = public; `LinkToken` only = the widget's calls) authenticate in their route; an
 * operation taking either credential does so when a link token and no API key is sent.
 */
function needsTeamApiKey(security: unknown, header: (name: string) => string | undefined): boolean {
  if (!Array.isArray(security)) return true;
  const schemes = new Set(security.flatMap((s) => (s && typeof s === 'object' ? Object.keys(s) : [])));
  if (!schemes.has('TeamApiKey')) return false;
  return !(schemes.has('LinkToken') && !header('x-service-api-key') && header('x-service-link-token'));
}

/**
 * Authenticates `x-service-api-key` and applies the closed-beta gate, before request validation
 * (check order: 401 → 403 wrong_key_type → 403 feature_not_enabled → 422 → 404).
 */
export function createDataApiGuard(deps: {
  credentials: CredentialsRepository;
  match: RouteMatcher;
  region: Region;
}): RequestHandler {
  return (req, res, next) => {
    const op = deps.match(req.method, req.path);
    if (op && !needsTeamApiKey(op.operation.security, req.header.bind(req))) return next();
    void (async () => {
      const presented = req.header('x-service-api-key');
      if (!presented) throw new UnauthenticatedError('The x-service-api-key header is required.');
      const hash = hashKey(presented);
      const key = await deps.credentials.findTeamApiKey(hash);
      if (!key || !sameHash(key.keyHash, hash) || key.region !== deps.region) {
        if (await deps.credentials.findManagementKey(hash)) {
          throw wrongKeyType('A management key cannot be used on the data API; send a team API key.');
        }
        throw new UnauthenticatedError();
      }
      const principal: TeamPrincipal = {
        keyId: key.keyId,
        teamId: key.teamId,
        orgId: key.orgId,
        environment: key.environment,
        region: key.region,
        rateLimitPerMinute: key.rateLimitPerMinute,
      };
      res.locals.principal = principal;
      // `x-meridian-environment`: an operation that exists in one environment only (the demo provider).
      const onlyIn = op?.operation['x-meridian-environment'] as string | undefined;
      if (onlyIn && onlyIn !== key.environment) {
        throw outOfScope(`This operation is available in the ${onlyIn} environment only.`);
      }
      const feature = op?.operation['x-meridian-feature'] as Feature | undefined;
      if (feature && !(await deps.credentials.isFeatureEnabled(key.teamId, feature))) {
        throw featureNotEnabled(feature);
      }
    })().then(() => next(), next);
  };
}
