import express, { type RequestHandler, type Router } from 'express';
import { REVIEW_PAGE_CSS, REVIEW_PAGE_HTML, REVIEW_PAGE_ICON, REVIEW_PAGE_JS } from './review-page.assets';

/**
 * The hosted review page for a team's reviewers (`GET /review/lab-reports`), served by the management API
 * outside its OpenAPI document (like the data API's link widget). The page holds no data: its script signs
 * in with a management key typed into the page (kept in memory, sent only as `X-Management-Key` to this
 * origin) and calls the `lab_report_review` operations. Query parameters `org_id`, `team_id` and
 * `environment` only prefill the sign-in form; a key never goes in a URL. Same-origin only, nothing inline.
 */
export const REVIEW_PAGE_PATH = '/review/lab-reports';

export const REVIEW_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', REVIEW_PAGE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export function createReviewPageRouter(): Router {
  const router = express.Router();
  router.use(REVIEW_PAGE_PATH, securityHeaders);
  router.get(REVIEW_PAGE_PATH, (_req, res) => {
    res.type('html').send(REVIEW_PAGE_HTML);
  });
  router.get(`${REVIEW_PAGE_PATH}/app.js`, (_req, res) => {
    res.type('application/javascript').send(REVIEW_PAGE_JS);
  });
  router.get(`${REVIEW_PAGE_PATH}/app.css`, (_req, res) => {
    res.type('text/css').send(REVIEW_PAGE_CSS);
  });
  router.get(`${REVIEW_PAGE_PATH}/icon.svg`, (_req, res) => {
    res.type('image/svg+xml').send(REVIEW_PAGE_ICON);
  });
  return router;
}
