import { randomBytes } from 'node:crypto';
import path from 'node:path';
import express, { type Express } from 'express';
import { createCredentialsRepository, type Knex } from '@meridian/db';
import type { AuditRecorder, Region } from '@meridian/domain';
import {
  createHttpApp,
  createRouteMatcher,
  loadOpenApiDocument,
  type Logger,
  type ReadinessCheck,
} from '@meridian/platform';
import type { Registry } from 'prom-client';
import { createManagementGuard } from './auth/management.guard';
import { managementAuditedGuard } from './audit/management-audit';
import { createManagementRoutes } from './features/routes';
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
  /** Audit trail recorder (issue 11); default: a batched PostgreSQL writer on `db`; null: no audit trail. */
  audit?: AuditRecorder | null;
}

/** The management API (operators' surface). Does no I/O of its own: everything arrives in `deps`. */
export function createManagementApi(deps: ManagementApiDeps): Express {
  const openapi = loadOpenApiDocument(MANAGEMENT_API_OPENAPI_PATH);
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
    }),
  );
  return createHttpApp({
    service: 'management-api',
    openapi,
    logger: deps.logger,
    metrics: deps.metrics,
    readiness: deps.readiness,
    guard: managementAuditedGuard(
      { ...deps, openapi },
      createManagementGuard({
        credentials: createCredentialsRepository(deps.db),
        match: createRouteMatcher(openapi),
      }),
    ),
    routes,
    validateResponses: deps.validateResponses,
  });
}
