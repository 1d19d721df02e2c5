import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Knex } from '@meridian/db';
import { createCredentialsRepository } from '@meridian/db';
import type { Region } from '@meridian/domain';
import { providerSettingsFromEnv, type ProviderSettings } from '@meridian/connectors';
import {
  createHttpApp,
  createRateLimits,
  createCursorCodec,
  createRouteMatcher,
  createSecretBox,
  decodeSecretsKey,
  DEV_SECRETS_ENCRYPTION_KEY,
  loadOpenApiDocument,
  type ApiRateLimitOptions,
  type KeyBucketOf,
  type CursorCodec,
  type Logger,
  type ReadinessCheck,
  type SecretBox,
  type TargetAllowList,
} from '@meridian/platform';
import type { SyncDeps } from '@meridian/sync';
import type { Registry } from 'prom-client';
import type { Transport } from '@meridian/messaging';
import { inspectUpload, type UploadPart } from '@meridian/lab-report-upload';
import { LAB_REPORT_LIMITS, type AuditRecorder } from '@meridian/domain';
import { createDataApiGuard } from './auth/data-api.guard';
import { dataApiAuditedGuard } from './audit/data-api-audit';
import { withCredentialCache } from './auth/credential-cache';
import type { TeamPrincipal } from './auth/principal';
import { createUsersRouter } from './features/users/users.router';
import { createProvidersRouter } from './features/providers/providers.router';
import { createTimeseriesRouter } from './features/timeseries/timeseries.router';
import { createSummariesRouter } from './features/summaries/summaries.router';
import { createIntrospectionRouter } from './features/introspection/introspection.router';
import { createLinkRouter } from './features/link/link.router';
import { createLinkApiRouter } from './features/link/link-api.router';
import { createLinkWidgetRouter } from './features/link-widget/link-widget.router';
import { createTeamRouter } from './features/team/team.router';
import { createProviderWebhooksRouter } from './features/provider-webhooks/provider-webhooks.router';
import { createEventsRouter } from './features/events/events.router';
import { createUnitOfWork } from './features/unit-of-work';
import { createLabReportsRouter } from './features/lab-reports/lab-reports.router';
import {
  createSdkPushRouter,
  pushLimitsOf,
  SDK_PUSH_PATH,
  sdkPushBeforeBody,
  sdkPushRawBody,
  type SdkPushOptions,
} from './features/sdk-push/sdk-push.router';
import { createSdkAuthRouter } from './features/sdk-auth/sdk-auth.router';
import { createLabTestsRouter } from './features/lab-tests/lab-tests.router';
import { createLabOrderDocumentsRouter } from './features/lab-order-documents/lab-order-documents.router';
import { createLabOrdersRouter } from './features/lab-orders/lab-orders.router';
import { createAggregateRouter } from './features/aggregate/aggregate.router';
import { createContinuousQueryResultsRouter } from './features/continuous-query-results/continuous-query-results.router';
import { createLabAppointmentsRouter } from './features/lab-appointments/lab-appointments.router';
import { createPhlebotomyWebhooksRouter } from './features/lab-appointments/phlebotomy-webhooks.router';
import {
  createLabAppointmentsService,
  type PhlebotomyPartnerSet,
} from './features/lab-appointments/lab-appointments.service';
import {
  createBookingPageRouter,
  createLabBookingPageRouter,
} from './features/lab-booking-page/lab-booking-page.router';
import { createLabBookingPageService } from './features/lab-booking-page/lab-booking-page.service';
import { createLabPscRouter } from './features/lab-psc/lab-psc.router';
import { createLabPscService } from './features/lab-psc/lab-psc.service';
import {
  createLabTestkitRouter,
  createTestkitWebhooksRouter,
} from './features/lab-testkit/lab-testkit.router';
import { createLabTestkitService } from './features/lab-testkit/lab-testkit.service';
import type { FulfilmentPartner, PscPartner } from '@meridian/lab-partners';
import { createBookingTokens } from './features/lab-booking-page/booking-token';

export const DATA_API_OPENAPI_PATH = path.join(__dirname, '..', 'openapi.yaml');

/** Provider connections: secrets, where providers are, and where this API and its widget are reached. */
export interface ProviderLinkOptions {
  /** Seals provider tokens; default: the public dev key (main.ts always passes the configured one). */
  secretBox?: SecretBox;
  /** Provider URLs and platform OAuth apps; default: the providers' real URLs, no platform apps. */
  providers?: Map<string, ProviderSettings>;
  /** SSRF rules for provider calls; null (the default) allows local emulators. */
  allowList?: TargetAllowList | null;
  /** Where browsers and providers reach this API (OAuth redirect URI, webhook URLs). */
  publicUrl?: string;
  /** The hosted link widget; default `${publicUrl}/link`. */
  linkWebUrl?: string;
}

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
  providerLinks?: ProviderLinkOptions;
  /** Audit trail recorder (issue 11): the composition root owns and closes it (server.ts); absent or null: none. */
  audit?: AuditRecorder | null;
  /** Request rate limits (issue 11); absent: none (tests), main.ts and `pnpm start` pass the configured ones. */
  rateLimits?: ApiRateLimitOptions;
  /** Seals page cursors (issue 11); default: keyed from the public dev key (main.ts passes the configured one). */
  cursors?: CursorCodec;
  /** Mobile-SDK push limits (issue 12); the per-device limiter defaults to `rateLimits.limiter` (none in tests). */
  sdkPush?: SdkPushOptions;
  /**
   * Lab partners (issue 13). Absent: none configured — area info reports no phlebotomy provider, and
   * availability, book and request answer 400 `provider_not_available`.
   */
  labPartners?: {
    phlebotomy?: PhlebotomyPartnerSet;
    /** Walk-in: the labs' patient service center scheduling (api-shapes §6.10); absent: none. */
    psc?: readonly PscPartner[];
    /** Test kits: the fulfilment partner (api-shapes §6.11); absent: none. */
    fulfilment?: FulfilmentPartner | null;
  };
  /**
   * Signs the hosted booking page's tokens (issue 13; a key is derived from it): SECRETS_ENCRYPTION_KEY in
   * main.ts; default: the public dev key.
   */
  bookingPageSecretsKey?: Buffer;
}

function syncDepsOf(
  deps: DataApiDeps,
  clock: () => Date,
  urls: { publicUrl: string; linkWebUrl: string },
): SyncDeps {
  const opts = deps.providerLinks ?? {};
  return {
    db: deps.db,
    secretBox: opts.secretBox ?? createSecretBox(decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY)),
    providers: opts.providers ?? providerSettingsFromEnv({}),
    allowList: opts.allowList ?? null,
    clock,
    logger: deps.logger,
    transport: deps.transport,
    linkWebUrl: urls.linkWebUrl,
    webhookBaseUrl: urls.publicUrl,
  };
}

/** The data API (integrators' surface). Does no I/O of its own: everything arrives in `deps`. */
export function createDataApi(deps: DataApiDeps): Express {
  const openapi = loadOpenApiDocument(DATA_API_OPENAPI_PATH);
  const clock = deps.clock ?? (() => new Date());
  const publicUrl = (deps.providerLinks?.publicUrl ?? 'http://localhost:8000').replace(/\/+$/, '');
  const linkWebUrl = deps.providerLinks?.linkWebUrl ?? `${publicUrl}/link`;
  const sync = syncDepsOf(deps, clock, { publicUrl, linkWebUrl });
  const cursors = deps.cursors ?? createCursorCodec(decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY));
  const labTestkit = createLabTestkitService({
    db: deps.db,
    clock,
    cursors,
    logger: deps.logger,
    fulfilment: deps.labPartners?.fulfilment ?? null,
  });
  // Served before the JSON parser, the key guard and the validator: hosted pages and raw-body webhooks.
  const publicRoutes = express.Router();
  const labPsc = createLabPscService({
    db: deps.db,
    clock,
    logger: deps.logger,
    partners: deps.labPartners?.psc ?? [],
  });
  const labAppointments = createLabAppointmentsService({
    db: deps.db,
    clock,
    logger: deps.logger,
    phlebotomy: deps.labPartners?.phlebotomy ?? { partners: [] },
    pscSitesWithin: (lab, zipCode, radius) => labPsc.sitesWithin(lab, zipCode, radius),
  });
  // Before the provider webhooks: `/v2/provider_webhooks/phlebotomy/{provider}` is the partners' route.
  publicRoutes.use(createPhlebotomyWebhooksRouter(labAppointments));
  publicRoutes.use(createTestkitWebhooksRouter(labTestkit));
  publicRoutes.use(createProviderWebhooksRouter({ sync, publicUrl }));
  publicRoutes.use(createLinkWidgetRouter({ linkWebUrl }));
  publicRoutes.use(createBookingPageRouter());
  const routes = express.Router();
  const uow = createUnitOfWork(deps.db);
  routes.use(createUsersRouter({ uow, clock, sync, logger: deps.logger }));
  routes.use(createProvidersRouter());
  routes.use(createTimeseriesRouter({ uow, cursors }));
  routes.use(createSummariesRouter({ uow }));
  routes.use(createIntrospectionRouter({ uow, cursors }));
  routes.use(createEventsRouter({ uow, cursors }));
  routes.use(createLinkRouter({ uow, clock, transport: deps.transport, logger: deps.logger }));
  routes.use(createLinkApiRouter({ uow, clock, sync, publicUrl, linkWebUrl, logger: deps.logger }));
  routes.use(createTeamRouter({ uow }));
  const sdkPush: SdkPushOptions = { limiter: deps.rateLimits?.limiter, ...deps.sdkPush };
  routes.use(createSdkPushRouter({ db: deps.db, clock, logger: deps.logger, options: sdkPush }));
  routes.use(createSdkAuthRouter({ uow, clock }));
  routes.use(createLabTestsRouter({ db: deps.db, clock, cursors }));
  routes.use(createLabOrderDocumentsRouter({ db: deps.db }));
  // Literal /v3/order/area/... and /v3/order/phlebotomy/... paths: before any /v3/order/{order_id} route.
  routes.use(createLabAppointmentsRouter(labAppointments));
  // Literal /v3/order/psc/... and /v3/order/testkit paths: before any /v3/order/{order_id} route too.
  routes.use(createLabPscRouter(labPsc));
  routes.use(createLabTestkitRouter(labTestkit));
  routes.use(
    createLabBookingPageRouter(
      createLabBookingPageService({
        db: deps.db,
        appointments: labAppointments,
        publicUrl,
        tokens: createBookingTokens(
          deps.bookingPageSecretsKey ?? decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY),
          clock,
        ),
      }),
    ),
  );
  routes.use(
    createLabOrdersRouter({
      db: deps.db,
      clock,
      cursors,
      logger: deps.logger,
      kitDispatch: (scope) => labTestkit.plainOrderDispatch(scope),
      afterCancel: async (scope, orderId) => {
        // A walk-in visit is cancelled at its lab, a kit's shipment at the fulfilment partner, first.
        await labPsc.cancelForCancelledOrder(scope, orderId);
        await labTestkit.cancelForCancelledOrder(scope, orderId);
        return labAppointments.cancelForCancelledOrder(scope, orderId);
      },
    }),
  );
  routes.use(createAggregateRouter({ db: deps.db, clock }));
  routes.use(createContinuousQueryResultsRouter({ db: deps.db, cursors }));
  routes.use(
    createLabReportsRouter({
      uow,
      clock,
      inspectUpload: deps.inspectUpload ?? inspectUpload,
      transport: deps.transport,
      logger: deps.logger,
    }),
  );
  return createHttpApp({
    service: 'data-api',
    openapi,
    // The documents' `servers`: the configured public URL (else the server the page was loaded from).
    publicUrl: deps.providerLinks?.publicUrl,
    logger: deps.logger,
    metrics: deps.metrics,
    readiness: deps.readiness,
    trustProxy: deps.rateLimits?.trustProxy,
    rateLimits: deps.rateLimits && dataApiRateLimits(deps.rateLimits),
    // Headers only: the body of a request without a valid key is never read.
    authenticate: dataApiAuditedGuard(
      { ...deps, openapi, clock },
      createDataApiGuard({
        credentials: withCredentialCache(createCredentialsRepository(deps.db), {
          ttlMs: deps.keyCacheMs ?? 0,
        }),
        match: createRouteMatcher(openapi),
        region: deps.region,
      }),
    ),
    routes,
    publicRoutes,
    validateResponses: deps.validateResponses,
    // Push batches are larger than other bodies; the device is authenticated and limited before it is read.
    jsonRoutes: [
      {
        path: SDK_PUSH_PATH,
        limit: pushLimitsOf(sdkPush).maxBodySize,
        before: sdkPushBeforeBody({ db: deps.db, clock, options: sdkPush }),
        onRawBody: sdkPushRawBody,
      },
    ],
    upload: { maxBytes: LAB_REPORT_LIMITS.maxBytes, tooLargeErrorType: 'file_too_large' },
  });
}

/** Per team API key (a team's override wins) and, for requests without a key, per client address. */
function dataApiRateLimits(opts: ApiRateLimitOptions) {
  const keyBucketOf: KeyBucketOf = (res) => {
    const p = res.locals.principal as TeamPrincipal | undefined;
    return p ? { keyId: p.keyId, perMinute: p.rateLimitPerMinute ?? null } : null;
  };
  const limits = createRateLimits({
    limiter: opts.limiter,
    settings: opts.settings,
    keyHeaders: ['x-service-api-key'],
    keyBucketOf,
  });
  // A push with a device token is limited per device once authenticated (sdk-push), not per address: phones
  // behind one carrier NAT share an address. Failed authentications still count per address.
  const pushes = createRateLimits({
    limiter: opts.limiter,
    settings: opts.settings,
    keyHeaders: ['authorization'],
    keyBucketOf,
  });
  const beforeAuth: RequestHandler = (req, res, next) =>
    (req.path.startsWith(`${SDK_PUSH_PATH}/`) ? pushes : limits).beforeAuth(req, res, next);
  return { beforeAuth, afterAuth: limits.afterAuth };
}
