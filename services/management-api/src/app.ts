import { randomBytes } from 'node:crypto';
import path from 'node:path';
import express, { type Express } from 'express';
import { createCredentialsRepository, type Knex } from '@meridian/db';
import type { AuditRecorder, Region } from '@meridian/domain';
import {
  createCursorCodec,
  createHttpApp,
  createRateLimits,
  decodeSecretsKey,
  DEV_SECRETS_ENCRYPTION_KEY,
  createRouteMatcher,
  loadOpenApiDocument,
  type ApiRateLimitOptions,
  type Logger,
  type ReadinessCheck,
} from '@meridian/platform';
import type { ManagementPrincipal } from './auth/principal';
import type { Registry } from 'prom-client';
import { createManagementAuthentication, createManagementAuthorization } from './auth/management.guard';
import { managementAuditedGuard } from './audit/management-audit';
import { createManagementRoutes } from './features/routes';
import { createReviewPageRouter } from './features/lab-report-review/review-page.router';
import { createSecretBox } from '@meridian/platform';
import { createTargetAllowList } from '@meridian/platform';
import { resolveWithDns, type HostResolver } from './features/webhooks/webhook-target';

export const MANAGEMENT_API_OPENAPI_PATH = path.join(__dirname, '..', 'openapi.yaml');

export interface ManagementApiDeps {
  db: Knex;
  logger: Logger;
  metrics: Registry;
  region: Region;
  readiness: Record<string, ReadinessCheck>;
  clock?: () => Date;
  validateResponses?: boolean;
  /**
   * AES-256-GCM key sealing webhook secrets and ETL destination credentials at rest (`SECRETS_ENCRYPTION_KEY`). Without one a random key is
   * used, so secrets stored by this process cannot be read after a restart: main.ts always passes one.
   */
  secretsKey?: Buffer;
  /** `WEBHOOK_ALLOWED_TARGETS`: hosts, addresses or CIDRs webhooks may reach despite the SSRF rules. */
  webhookAllowedTargets?: string[];
  /** DNS for the SSRF check of webhook URLs (tests inject a fake). */
  resolveHost?: HostResolver;
  /** `DATA_API_PUBLIC_URL`, without a trailing slash (default `http://localhost:8000`). */
  dataApiPublicUrl?: string;
  /** Audit trail recorder (issue 11): the composition root owns and closes it (server.ts); absent or null: none. */
  audit?: AuditRecorder | null;
  /** Request rate limits (issue 11); absent: none (tests), main.ts and `pnpm start` pass the configured ones. */
  rateLimits?: ApiRateLimitOptions;
}

/** The management API (operators' surface). Does no I/O of its own: everything arrives in `deps`. */
export function createManagementApi(deps: ManagementApiDeps): Express {
  const openapi = loadOpenApiDocument(MANAGEMENT_API_OPENAPI_PATH);
  const guardDeps = { credentials: createCredentialsRepository(deps.db), match: createRouteMatcher(openapi) };
  const routes = express.Router();
  routes.use(
    createManagementRoutes({
      db: deps.db,
      region: deps.region,
      clock: deps.clock ?? (() => new Date()),
      webhookSecurity: {
        secretBox: createSecretBox(deps.secretsKey ?? randomBytes(32)),
        resolveHost: deps.resolveHost ?? resolveWithDns,
        allowList: createTargetAllowList(deps.webhookAllowedTargets ?? []),
      },
      dataApiPublicUrl: deps.dataApiPublicUrl ?? 'http://localhost:8000',
      defaultKeyRateLimit: deps.rateLimits?.dataApiPerKey,
      // Page cursors must open on every replica (and after a restart): keyed from the configured key.
      cursors: createCursorCodec(deps.secretsKey ?? decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY)),
    }),
  );
  return createHttpApp({
    service: 'management-api',
    openapi,
    logger: deps.logger,
    metrics: deps.metrics,
    readiness: deps.readiness,
    trustProxy: deps.rateLimits?.trustProxy,
    rateLimits: deps.rateLimits && managementRateLimits(deps.rateLimits),
    // Headers only: the body of a request without a valid key is never read.
    authenticate: managementAuditedGuard({ ...deps, openapi }, createManagementAuthentication(guardDeps)),
    // Scope checks may need the body (team ids it names).
    guard: createManagementAuthorization(guardDeps),
    routes,
    // Hosted pages, served before authentication: the lab report review page signs in from its script.
    publicRoutes: createReviewPageRouter(),
    validateResponses: deps.validateResponses,
  });
}

/** Per management key and, for requests without a key, per client address. */
function managementRateLimits(opts: ApiRateLimitOptions) {
  return createRateLimits({
    limiter: opts.limiter,
    settings: opts.settings,
    keyHeaders: ['x-management-key', 'x-service-org-key'],
    keyBucketOf: (res) => {
      const p = res.locals.principal as ManagementPrincipal | undefined;
      return p ? { keyId: p.keyId, perMinute: null } : null;
    },
  });
}
