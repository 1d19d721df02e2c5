import type { Knex } from '@meridian/db';
import {
  InvalidStateError,
  NotFoundError,
  ValidationError,
  hasCollectionInstructions,
  isCalendarDate,
  parseOrderStatus,
  type OrderLowLevelStatus,
  type TeamScope,
} from '@meridian/domain';
import type * as LabDocuments from '@meridian/lab-documents';
import type { DocumentOrder, TeamBrand } from '@meridian/lab-documents';
import { createLabOrdersRepository } from '../lab-orders/lab-orders.repository';
import { ORDER_NOT_FOUND, loadOrderWire, type OrderWire } from '../lab-orders/order-transitions';
import { toLabTest } from '../lab-tests/lab-tests.presenter';
import { createLabTestsRepository } from '../lab-tests/lab-tests.repository';
import {
  documentBrand,
  documentLabTest,
  documentOrder,
  documentResults,
  orderMethodOf,
} from './document-inputs';
import { createDocumentQueue, type DocumentQueue } from './document-queue';
import { createLabOrderDocumentsRepository } from './lab-order-documents.repository';
import type { PdfDocument } from './pdf-response';

/**
 * The lab-testing PDFs of an order and of a catalogue lab test (api-shapes §6.2): each loads the `Order` as the
 * orders feature presents it (another tenant's order is not found), checks that the document exists in the
 * order's state, and draws it with @meridian/lab-documents through the per-process document queue.
 *
 * When a document exists (design): results once the lab reported (a `lab_results` row: partial, final or
 * corrected); the requisition once the order reached `requisition_created` or `requisition_bypassed` (Requisition
 * Ready, §6.1) at any point of its history, else 409 `invalid_state`; collection instructions for every method but
 * on-site collection (a clinician collects there); the ABN only for an order with `has_abn`; labels once the
 * order has a sample id (else 409 `invalid_state`).
 */

const REQUISITION_READY = new Set<OrderLowLevelStatus>(['requisition_created', 'requisition_bypassed']);

export interface LabelsRequest {
  collectionDate: string;
  numberOfLabels?: number;
}

interface LoadedOrder {
  wire: OrderWire;
  doc: DocumentOrder;
  brand: TeamBrand | null;
}

export function requisitionExists(order: Pick<OrderWire, 'requisition_form_url' | 'events'>): boolean {
  if (order.requisition_form_url !== null) return true;
  return order.events.some((e) => {
    const low = parseOrderStatus(e.status)?.low;
    return low !== undefined && REQUISITION_READY.has(low);
  });
}

let labDocumentsModule: typeof LabDocuments | undefined;

/**
 * @meridian/lab-documents, loaded at the first document drawn (issue #16): it brings pdf-lib, fontkit and
 * bwip-js (about 10 MB of heap), which a data API that only serves reads never needs. `require`, not
 * `import()`: the package loads as CommonJS under tsx, jest and the compiled build alike.
 */
export function labDocuments(): typeof LabDocuments {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  labDocumentsModule ??= require('@meridian/lab-documents') as typeof LabDocuments;
  return labDocumentsModule;
}

const currentStatusOf = (order: OrderWire): string => order.last_event?.status ?? order.status ?? 'unknown';

export function createLabOrderDocumentsService(deps: { db: Knex; queue?: DocumentQueue }) {
  const repo = createLabOrderDocumentsRepository(deps.db);
  const queue = deps.queue ?? createDocumentQueue();

  async function brandOf(scope: TeamScope): Promise<TeamBrand | null> {
    return documentBrand(await repo.teamSettings(scope.teamId), scope.environment);
  }

  async function loadOrder(scope: TeamScope, orderId: string): Promise<LoadedOrder> {
    const record = await createLabOrdersRepository(deps.db).findOrder(scope, orderId);
    if (!record) throw new NotFoundError(ORDER_NOT_FOUND);
    const wire = await loadOrderWire(deps.db, record);
    const [loincs, brand] = await Promise.all([
      repo.markerLoincs((wire.lab_test.markers ?? []).map((m) => m.id)),
      brandOf(scope),
    ]);
    return { wire, doc: documentOrder(wire, documentLabTest(wire.lab_test, loincs)), brand };
  }

  const pdf = async (filename: string, draw: () => Promise<Uint8Array>): Promise<PdfDocument> => ({
    bytes: await queue.run(draw),
    filename,
  });

  return {
    async results(scope: TeamScope, orderId: string): Promise<PdfDocument> {
      const { doc, brand } = await loadOrder(scope, orderId);
      const report = await repo.findResults(scope, orderId);
      if (!report) throw new NotFoundError('The order has no results yet.');
      return pdf(`results-${orderId}.pdf`, () =>
        labDocuments().resultsPdf(
          { results: documentResults(report), order: doc, brand },
          { createdAt: report.updatedAt },
        ),
      );
    },

    async requisition(scope: TeamScope, orderId: string): Promise<PdfDocument> {
      const { wire, doc, brand } = await loadOrder(scope, orderId);
      if (!requisitionExists(wire)) {
        throw new InvalidStateError(
          currentStatusOf(wire),
          'The requisition is not ready yet: it exists once the order reaches requisition_created or requisition_bypassed.',
        );
      }
      return pdf(`requisition-${orderId}.pdf`, () => labDocuments().requisitionPdf({ order: doc, brand }));
    },

    async orderCollectionInstructions(scope: TeamScope, orderId: string): Promise<PdfDocument> {
      const { wire, doc, brand } = await loadOrder(scope, orderId);
      if (!hasCollectionInstructions(orderMethodOf(wire))) {
        throw new NotFoundError('Orders collected on site have no collection instructions.');
      }
      return pdf(`collection-instructions-${orderId}.pdf`, () =>
        labDocuments().collectionInstructionsPdf({ lab_test: doc.lab_test, order: doc, brand }),
      );
    },

    async abn(scope: TeamScope, orderId: string): Promise<PdfDocument> {
      const { wire, doc, brand } = await loadOrder(scope, orderId);
      if (!wire.has_abn) throw new NotFoundError('The order has no Advance Beneficiary Notice.');
      return pdf(`abn-${orderId}.pdf`, () => labDocuments().abnPdf({ order: doc, brand }));
    },

    async labels(scope: TeamScope, orderId: string, req: LabelsRequest): Promise<PdfDocument> {
      // The validator checked the shape; an impossible day (2026-02-30) is refused here like any date param.
      if (!isCalendarDate(req.collectionDate)) {
        throw ValidationError.single(
          ['query', 'collection_date'],
          'Input should be a valid date in the format YYYY-MM-DD, day value is outside expected range',
          'date_parsing',
          req.collectionDate,
          { error: 'day value is outside expected range' },
        );
      }
      const { wire, doc, brand } = await loadOrder(scope, orderId);
      if (!wire.sample_id) {
        throw new InvalidStateError(
          currentStatusOf(wire),
          'The order has no sample id yet, so no specimen label can be printed.',
        );
      }
      const count = req.numberOfLabels ?? labDocuments().LABEL_COUNT.default;
      return pdf(`labels-${orderId}.pdf`, () =>
        labDocuments().labelsPdf({
          order: doc,
          collection_date: req.collectionDate,
          number_of_labels: count,
          brand,
        }),
      );
    },

    async labTestCollectionInstructions(scope: TeamScope, labTestId: string): Promise<PdfDocument> {
      const labTest = await createLabTestsRepository(deps.db).findLabTest(scope, labTestId);
      if (!labTest) throw new NotFoundError('Lab test not found.');
      if (!labTest.hasCollectionInstructions) {
        throw new NotFoundError('This lab test has no collection instructions (on-site collection).');
      }
      const wire = toLabTest(labTest);
      const loincs = new Map(labTest.markers.map((m) => [m.id, m.loinc]));
      const brand = await brandOf(scope);
      return pdf(`collection-instructions-${labTestId}.pdf`, () =>
        labDocuments().collectionInstructionsPdf(
          { lab_test: documentLabTest(wire, loincs), brand },
          { createdAt: labTest.createdAt },
        ),
      );
    },
  };
}

export type LabOrderDocumentsService = ReturnType<typeof createLabOrderDocumentsService>;
