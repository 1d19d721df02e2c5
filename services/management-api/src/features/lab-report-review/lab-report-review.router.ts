import express, { type Request, type Router } from 'express';
import type { Environment } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import { bodyOf, pathParam, queryValue } from '../shared/request-parts';
import type { ReviewPlace } from './lab-report-review.repository';
import type { LabReportReviewService, ReviewRejection, ReviewSubmission } from './lab-report-review.service';

const PATH = '/v1/org/:org_id/team/:team_id/:environment/lab_report_review';
const ONE = `${PATH}/:job_id`;

function placeOf(req: Request): ReviewPlace {
  return {
    orgId: pathParam(req, 'org_id'),
    teamId: pathParam(req, 'team_id'),
    environment: pathParam(req, 'environment') as Environment,
  };
}

export function createLabReportReviewRouter(service: LabReportReviewService): Router {
  const router = express.Router();

  router.get(PATH, async (req, res) => {
    res.json(await service.listAwaiting(placeOf(req), { nextCursor: queryValue(req, 'next_cursor') }));
  });

  router.get(ONE, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.get(placeOf(req), pathParam(req, 'job_id')));
  });

  router.get(`${ONE}/page/:page_number`, async (req, res) => {
    const image = await service.page(
      placeOf(req),
      pathParam(req, 'job_id'),
      Number(pathParam(req, 'page_number')),
    );
    // A page of a patient's report: never cached by a browser or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(image.contentType).send(image.bytes);
  });

  router.post(`${ONE}/complete`, async (req, res) => {
    res.json(
      await service.submit(
        principalOf(res),
        placeOf(req),
        pathParam(req, 'job_id'),
        bodyOf<ReviewSubmission>(req),
      ),
    );
  });

  router.post(`${ONE}/reject`, async (req, res) => {
    res.json(
      await service.reject(
        principalOf(res),
        placeOf(req),
        pathParam(req, 'job_id'),
        bodyOf<ReviewRejection>(req),
      ),
    );
  });

  return router;
}
