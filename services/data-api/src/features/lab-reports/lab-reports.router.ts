import express, { type Request, type Router } from 'express';
import { readStagedUpload, type StagedUploadPart } from '@meridian/lab-report-upload';
import { principalOf } from '../../auth/principal';
import type { components } from '../../generated/openapi';
import { createLabReportsService, type LabReportsDeps } from './lab-reports.service';

/**
 * `/lab_report/v1/parser/*`. The OpenAPI validator has parsed the multipart body (files staged on disk by the
 * HTTP kit's bounded upload store, deleted after the answer) and checked `user_id`, `needs_human_review` and
 * the job id. The files are read into memory only after the service's user and review checks.
 */

type LabReportUpload = components['schemas']['LabReportUpload'];
type ParsingJobBody = components['schemas']['ParsingJob'];

/** What the multipart reader leaves on the request for each file part (the platform's `StagedFile`). */
interface UploadedPart {
  fieldname: string;
  originalname?: string;
  mimetype: string;
  size: number;
  path: string;
}

const FILE_FIELD = 'file';

function stagedParts(req: Request): StagedUploadPart[] {
  const files = ((req as { files?: UploadedPart[] }).files ?? []).filter((f) => f.fieldname === FILE_FIELD);
  return files.map((f) => ({
    path: f.path,
    size: f.size,
    declaredType: f.mimetype,
    ...(f.originalname ? { filename: f.originalname } : {}),
  }));
}

export function createLabReportsRouter(deps: LabReportsDeps): Router {
  const service = createLabReportsService(deps);
  const router = express.Router();

  router.post('/lab_report/v1/parser/job', async (req, res) => {
    const body = req.body as LabReportUpload;
    const job: ParsingJobBody = await service.create(principalOf(res), {
      userId: body.user_id,
      needsHumanReview: body.needs_human_review === 'true',
      readParts: () => readStagedUpload(stagedParts(req)),
    });
    res.json(job);
  });

  router.get('/lab_report/v1/parser/job/:job_id', async (req, res) => {
    const job: ParsingJobBody = await service.get(principalOf(res), req.params.job_id);
    res.json(job);
  });

  return router;
}
