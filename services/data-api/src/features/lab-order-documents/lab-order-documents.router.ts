import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Knex } from '@meridian/db';
import { principalOf } from '../../auth/principal';
import { DocumentQueueFullError, type DocumentQueue } from './document-queue';
import { createLabOrderDocumentsService } from './lab-order-documents.service';
import { sendPdf, type PdfDocument } from './pdf-response';

/**
 * The lab-testing PDFs (api-shapes §6.2): an order's results, requisition, collection instructions, ABN and
 * specimen labels, and a catalogue lab test's collection instructions. The OpenAPI validator has checked the
 * ids (uuid) and the label parameters; errors are JSON like everywhere else.
 */

type Make = (req: Request, res: Response) => Promise<PdfDocument>;

function pdfRoute(make: Make) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      sendPdf(req, res, await make(req, res));
    } catch (err) {
      if (err instanceof DocumentQueueFullError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      next(err);
    }
  };
}

export function createLabOrderDocumentsRouter(deps: { db: Knex; queue?: DocumentQueue }): Router {
  const service = createLabOrderDocumentsService(deps);
  const router = express.Router();
  const orderId = (req: Request) => String(req.params.order_id);

  router.get(
    '/v3/order/:order_id/result/pdf',
    pdfRoute((req, res) => service.results(principalOf(res), orderId(req))),
  );
  router.get(
    '/v3/order/:order_id/requisition/pdf',
    pdfRoute((req, res) => service.requisition(principalOf(res), orderId(req))),
  );
  router.get(
    '/v3/order/:order_id/collection_instruction_pdf',
    pdfRoute((req, res) => service.orderCollectionInstructions(principalOf(res), orderId(req))),
  );
  router.get(
    '/v3/order/:order_id/abn_pdf',
    pdfRoute((req, res) => service.abn(principalOf(res), orderId(req))),
  );
  router.get(
    '/v3/order/:order_id/labels/pdf',
    pdfRoute((req, res) => {
      const count = req.query.number_of_labels;
      return service.labels(principalOf(res), orderId(req), {
        // The validator made it a required string.
        collectionDate: req.query.collection_date as string,
        numberOfLabels: count === undefined || count === '' ? undefined : Number(count),
      });
    }),
  );
  router.get(
    '/v3/lab_test/:lab_test_id/collection_instruction_pdf',
    pdfRoute((req, res) =>
      service.labTestCollectionInstructions(principalOf(res), String(req.params.lab_test_id)),
    ),
  );
  return router;
}
