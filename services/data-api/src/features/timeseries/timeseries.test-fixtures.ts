import express from 'express';
import type { Knex } from '@meridian/db';
import { createCredentialsRepository } from '@meridian/db';
import { newId, type Environment, type TimeseriesSpec } from '@meridian/domain';
import {
  createHttpApp,
  createLogger,
  createMetricsRegistry,
  createRouteMatcher,
  createCursorCodec,
  loadOpenApiDocument,
  type CursorCodec,
} from '@meridian/platform';
import { DATA_API_OPENAPI_PATH } from '../../app';
import { createUnitOfWork } from '../unit-of-work';
import { createDataApiGuard } from '../../auth/data-api.guard';
import { createTimeseriesRouter, type TimeseriesRouterDeps } from './timeseries.router';

/** Test helpers for the timeseries reads: rows written straight into the tables ingestion fills. */

export async function insertUser(
  knex: Knex,
  teamId: string,
  opts: { environment?: Environment; deleted?: boolean } = {},
): Promise<string> {
  const id = newId();
  await knex('users').insert({
    id,
    team_id: teamId,
    environment: opts.environment ?? 'sandbox',
    client_user_id: `client-${id}`,
    ...(opts.deleted && { deleted_at: new Date(), purge_after: new Date(Date.now() + 7 * 86_400_000) }),
  });
  return id;
}

export interface SampleFixture {
  resource: string;
  start: string;
  end?: string | null;
  provider?: string;
  source_type?: string;
  type?: string;
  timezone_offset?: number | null;
  value?: number | null;
  value_text?: string | null;
  systolic?: number | null;
  diastolic?: number | null;
  app_id?: string | null;
  device_id?: string | null;
  workout_id?: string | null;
  sport?: string | null;
  extras?: Record<string, unknown> | null;
}

export async function insertSamples(knex: Knex, userId: string, samples: SampleFixture[]): Promise<void> {
  if (samples.length === 0) return;
  await knex('timeseries_samples').insert(
    samples.map((s) => ({
      user_id: userId,
      resource: s.resource,
      provider: s.provider ?? 'oura',
      source_type: s.source_type ?? 'unknown',
      type: s.type ?? '',
      start_at: s.start,
      end_at: s.end ?? null,
      timezone_offset: s.timezone_offset ?? null,
      value: s.value ?? null,
      value_text: s.value_text ?? null,
      systolic: s.systolic ?? null,
      diastolic: s.diastolic ?? null,
      app_id: s.app_id ?? null,
      device_id: s.device_id ?? null,
      workout_id: s.workout_id ?? null,
      sport: s.sport ?? null,
      extras: s.extras ? JSON.stringify(s.extras) : null,
    })),
  );
}

function clampToRange(value: number, range: TimeseriesSpec['range']): number {
  return range ? Math.min(Math.max(value, range[0]), range[1]) : value;
}

/** A stored sample of `spec` at `start` with a value of every column its shape renders. */
export function sampleOf(spec: TimeseriesSpec, start: string, overrides: Partial<SampleFixture> = {}) {
  const fixture: SampleFixture = { resource: spec.resource, start };
  if (spec.shape === 'interval') fixture.end = new Date(Date.parse(start) + 60_000).toISOString();
  if (spec.shape === 'blood_pressure') Object.assign(fixture, { systolic: 120, diastolic: 80 });
  else if (spec.textValue) fixture.value_text = 'Porridge with berries';
  // Within the canonical range ingestion enforces (and the document states): 42.5 where it fits.
  else fixture.value = spec.slug === 'hypnogram' ? 2 : clampToRange(42.5, spec.range);
  if (spec.types?.required) fixture.type = spec.types.values?.[0] ?? 'lead_i';
  if (spec.extras?.length) {
    const extras: Record<string, unknown> = {
      sensor_location: 'wrist',
      delivery_mode: 'bolus',
      delivery_form: 'standard',
      bolus_purpose: 'meal',
      tags: ['food'],
      intensity: 'high',
    };
    fixture.extras = Object.fromEntries(spec.extras.map((e) => [e, extras[e]]));
  }
  return { ...fixture, ...overrides };
}

/** The data API's middleware stack around only the timeseries router, built with test deps (page size). */
export function createTimeseriesTestApp(
  knex: Knex,
  deps: Omit<TimeseriesRouterDeps, 'uow' | 'cursors'> & {
    cursors?: CursorCodec;
    /** Validate answers (default true); off, rendered bytes go to the socket as in production. */
    validateResponses?: boolean;
  },
) {
  const openapi = loadOpenApiDocument(DATA_API_OPENAPI_PATH);
  const routes = express.Router();
  const cursors = deps.cursors ?? createCursorCodec(Buffer.alloc(32, 1));
  const { validateResponses = true, ...routerDeps } = deps;
  routes.use(createTimeseriesRouter({ ...routerDeps, uow: createUnitOfWork(knex), cursors }));
  return createHttpApp({
    service: 'data-api',
    openapi,
    logger: createLogger({ service: 'data-api', silent: true }),
    metrics: createMetricsRegistry('data-api'),
    readiness: {},
    guard: createDataApiGuard({
      credentials: createCredentialsRepository(knex),
      match: createRouteMatcher(openapi),
      region: 'us',
    }),
    routes,
    validateResponses,
  });
}
