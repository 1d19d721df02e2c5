import express, { type Request, type Response, type Router } from 'express';
import {
  LEGACY_TIMESERIES_SLUGS,
  NotFoundError,
  timeseriesBySlug,
  type TimeseriesSpec,
} from '@meridian/domain';
import { sendJsonText, type CursorCodec } from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';
import {
  createTimeseriesService,
  LEGACY_MAX_SAMPLES,
  TIMESERIES_PAGE_SIZE,
  type GroupedQuery,
  type RenderedJson,
} from './timeseries.service';

/**
 * `/v2/timeseries/*`. The OpenAPI document has one literal path per slug (and a catch-all that answers an
 * unknown slug with 422); here one handler serves them all. Literal stream paths come first.
 */

export interface TimeseriesRouterDeps {
  uow: UnitOfWork<'users' | 'timeseries'>;
  cursors: CursorCodec;
  /** Samples per grouped page; tests lower it. */
  pageSize?: number;
  /** Samples per legacy response; tests lower it. */
  legacyMaxSamples?: number;
}

const LEGACY_SLUGS: ReadonlySet<string> = new Set(LEGACY_TIMESERIES_SLUGS);
const CHOLESTEROL_TYPES = new Set(['triglycerides', 'total', 'ldl', 'hdl']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function rangeQuery(req: Request): GroupedQuery {
  const q = req.query;
  return {
    start_date: str(q.start_date) ?? '',
    end_date: str(q.end_date),
    provider: str(q.provider),
    next_cursor: str(q.next_cursor),
    cursor: str(q.cursor),
  };
}

function specOf(slug: string, allowed?: ReadonlySet<string>): TimeseriesSpec {
  const spec = timeseriesBySlug(slug);
  // The validator has already refused unknown paths and slugs; this guards direct router use.
  if (!spec || (allowed && !allowed.has(slug))) throw new NotFoundError('No such timeseries.');
  return spec;
}

/**
 * Sends a rendered answer; its buffer goes back to the pool on the response's 'finish' (the last write
 * handed to the kernel), so a later answer can reuse it. An answer that never finishes (the connection
 * failed mid-write) keeps its buffer out of the pool.
 */
function sendRendered(req: Request, res: Response, rendered: RenderedJson): void {
  res.once('finish', () => rendered.release());
  sendJsonText(req, res, rendered.body);
}

/** The client closed its connection (the read it asked for is then skipped: clientGoneError). */
const goneOf = (res: Response) => () => res.destroyed;

export function createTimeseriesRouter(deps: TimeseriesRouterDeps): Router {
  const timeseries = createTimeseriesService({
    uow: deps.uow,
    cursors: deps.cursors,
    pageSize: deps.pageSize ?? TIMESERIES_PAGE_SIZE,
    legacyMaxSamples: deps.legacyMaxSamples ?? LEGACY_MAX_SAMPLES,
  });
  const router = express.Router();

  router.get('/v2/timeseries/sleep/:sleep_id/stream', async (req, res) => {
    res.json(await timeseries.sleepStream(principalOf(res), req.params.sleep_id));
  });

  router.get('/v2/timeseries/workouts/:workout_id/stream', async (req, res) => {
    res.json(await timeseries.workoutStream(principalOf(res), req.params.workout_id));
  });

  router.get('/v2/timeseries/:user_id/:slug/grouped', async (req, res) => {
    const spec = specOf(req.params.slug);
    sendRendered(
      req,
      res,
      await timeseries.groupedJson(principalOf(res), req.params.user_id, spec, rangeQuery(req), goneOf(res)),
    );
  });

  router.get('/v2/timeseries/:user_id/cholesterol/:type', async (req, res) => {
    if (!CHOLESTEROL_TYPES.has(req.params.type)) throw new NotFoundError('No such timeseries.');
    const spec = specOf('cholesterol');
    sendRendered(
      req,
      res,
      await timeseries.legacyJson(
        principalOf(res),
        req.params.user_id,
        spec,
        req.params.type,
        rangeQuery(req),
        goneOf(res),
      ),
    );
  });

  router.get('/v2/timeseries/:user_id/:slug', async (req, res) => {
    const spec = specOf(req.params.slug, LEGACY_SLUGS);
    sendRendered(
      req,
      res,
      await timeseries.legacyJson(
        principalOf(res),
        req.params.user_id,
        spec,
        null,
        rangeQuery(req),
        goneOf(res),
      ),
    );
  });

  return router;
}
