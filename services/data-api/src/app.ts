import path from 'node:path';
import express, { type Express } from 'express';
import type { Knex } from '@meridian/db';
import { createCredentialsRepository } from '@meridian/db';
import type { Region } from '@meridian/domain';
import {
  createHttpApp,
  createRouteMatcher,
  loadOpenApiDocument,
  type Logger,
  type ReadinessCheck,
} from '@meridian/platform';
import type { Registry } from 'prom-client';
import type { Transport } from '@meridian/messaging';
import { inspectUpload, type UploadPart } from '@meridian/lab-reports';
import { LAB_REPORT_LIMITS } from '@meridian/domain';
import { createDataApiGuard } from './auth/data-api.guard';
import { withCredentialCache } from './auth/credential-cache';
import { createUsersRouter } from './features/users/users.router';
import { createProvidersRouter } from './features/providers/providers.router';
import { createTimeseriesRouter } from './features/timeseries/timeseries.router';
import { createSummariesRouter } from './features/summaries/summaries.router';
import { createIntrospectionRouter } from './features/introspection/introspection.router';
import { createLinkRouter } from './features/link/link.router';
import { createEventsRouter } from './features/events/events.router';
import { createLabReportsRouter } from './features/lab-reports/lab-reports.router';

export const DATA_API_OPENAPI_PATH = path.join(__dirname, '..', 'openapi.yaml');

export interface DataApiDeps {
  db: Knex;
  logger: Logger;
  metrics: Registry;
  region: Region;
  readiness: Record<string, ReadinessCheck>;
  clock?: () => Date;
  /** Publishes work for the workers (scheduler tasks); absent in tests that do not need it. */
  transport?: Pick<Transport, 'publish'>;
  /** How long a valid team API key is remembered (revocation takes effect within it); 0 = off. */
  keyCacheMs?: number;
  validateResponses?: boolean;
  /** Synchronous lab report upload checks (default: the parser package's). */
  inspectUpload?: (parts: UploadPart[]) => ReturnType<typeof inspectUpload>;
}

/** The data API (integrators' surface). Does no I/O of its own: everything arrives in `deps`. */
export function createDataApi(deps: DataApiDeps): Express {
  const openapi = loadOpenApiDocument(DATA_API_OPENAPI_PATH);
  const clock = deps.clock ?? (() => new Date());
  const routes = express.Router();
  routes.use(createUsersRouter({ db: deps.db, clock }));
  routes.use(createProvidersRouter());
  routes.use(createTimeseriesRouter({ db: deps.db, clock }));
  routes.use(createSummariesRouter({ db: deps.db, clock }));
  routes.use(createIntrospectionRouter({ db: deps.db, clock }));
  routes.use(createEventsRouter({ db: deps.db }));
  routes.use(createLinkRouter({ db: deps.db, clock, transport: deps.transport, logger: deps.logger }));
  routes.use(
    createLabReportsRouter({
      db: deps.db,
      clock,
      inspectUpload: deps.inspectUpload ?? inspectUpload,
      transport: deps.transport,
      logger: deps.logger,
    }),
  );
  return createHttpApp({
    service: 'data-api',
    openapi,
    logger: deps.logger,
    metrics: deps.metrics,
    readiness: deps.readiness,
    guard: createDataApiGuard({
      credentials: withCredentialCache(createCredentialsRepository(deps.db), { ttlMs: deps.keyCacheMs ?? 0 }),
      match: createRouteMatcher(openapi),
      region: deps.region,
    }),
    routes,
    validateResponses: deps.validateResponses,
    upload: { maxBytes: LAB_REPORT_LIMITS.maxBytes, tooLargeErrorType: 'file_too_large' },
  });
}
