import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { principalOf } from '../../auth/principal';
import { PartnerOutageError } from '../lab-appointments/partner-errors';
import { loadBookingPage } from './booking-page-assets';
import { BOOKING_TOKEN_HEADER, DEFAULT_BOOKING_TOKEN_TTL_SECONDS } from './booking-token';
import { BOOKING_PAGE_PATH, type createLabBookingPageService } from './lab-booking-page.service';

/**
 * The hosted appointment booking page (issue 13): the page itself (public, served before the key guard), the
 * page's calls (`/v3/booking_page/*`, authenticated by the booking token in `x-service-booking-token`), and
 * the link an integrator hands the patient (`POST …/phlebotomy/appointment/booking_link`, team API key).
 */

type Service = ReturnType<typeof createLabBookingPageService>;

const noStore: RequestHandler = (_req, res, next) => {
  // Personal answers: never kept by a browser or a proxy.
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof PartnerOutageError && !res.headersSent) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
  }
  next(err);
};

/** `GET /lab/booking`: the page (public; the token travels in the URL fragment, never to a server). */
export function createBookingPageRouter(): Router {
  const { html, csp } = loadBookingPage();
  const router = express.Router();
  router.get(BOOKING_PAGE_PATH, (_req, res) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html);
  });
  return router;
}

/** The page's calls and the booking link (behind the JSON parser and the OpenAPI validator). */
export function createLabBookingPageRouter(service: Service): Router {
  const router = express.Router();
  const token = (req: express.Request) => req.header(BOOKING_TOKEN_HEADER);
  const page = '/v3/booking_page';
  router.use(page, noStore);

  router.post('/v3/order/:order_id/phlebotomy/appointment/booking_link', noStore, async (req, res) => {
    const body = (req.body ?? {}) as { expires_in?: number };
    res.json(
      await service.createLink(
        principalOf(res),
        String(req.params.order_id),
        body.expires_in ?? DEFAULT_BOOKING_TOKEN_TTL_SECONDS,
      ),
    );
  });

  router.get(`${page}/appointment`, async (req, res) => {
    res.json(await service.state(token(req)));
  });

  router.post(`${page}/availability`, async (req, res) => {
    const start = typeof req.query.start_date === 'string' ? req.query.start_date : undefined;
    res.json(await service.availability(token(req), start));
  });

  router.post(`${page}/appointment/book`, async (req, res) => {
    res.json(await service.book(token(req), (req.body as { booking_key: string }).booking_key));
  });

  router.post(`${page}/appointment/request`, async (req, res) => {
    res.json(await service.request(token(req)));
  });

  router.patch(`${page}/appointment/reschedule`, async (req, res) => {
    res.json(await service.reschedule(token(req), (req.body as { booking_key: string }).booking_key));
  });

  router.patch(`${page}/appointment/cancel`, async (req, res) => {
    const body = req.body as { cancellation_reason_id: string };
    res.json(await service.cancel(token(req), body.cancellation_reason_id));
  });

  router.use(retryAfter);
  return router;
}
