/**
 * Sends an order to its lab as an ORM^O01 (through the lab's `LabAdapter`), built from the order row: patient,
 * physician NPI, ICD codes, and one test per marker of the ordered lab test. Called by the orders/appointments
 * flows once the specimen is (about to be) with the lab — see README.md for when — and safe to call again: an
 * accepted submission is returned as it is, a retry reuses the first attempt's message control id so a lab
 * that did receive it recognises the copy. No database transaction is held while talking to the lab.
 */
import { withTransaction, type Knex } from '@meridian/db';
import {
  ConflictError,
  NotFoundError,
  newId,
  type Environment,
  type PatientGender,
  type TeamScope,
} from '@meridian/domain';
import {
  LabOrderRejectedError,
  LabTransportError,
  type LabAdapter,
  type LabOrderRequest,
  type LabOrderSubmission,
  type LabOrderTest,
} from '@meridian/lab-partners';
import { createLabOrdersRepository, type OrderRecord } from '../lab-orders/lab-orders.repository';
import { createLabTestsRepository, type LabTestRecord } from '../lab-tests/lab-tests.repository';
import { createLabResultsRepository } from './lab-results.repository';

export type TestCoding = 'lab' | 'loinc';

export interface LabOrderRouting {
  /** The adapter of `labSlug`'s order interface for `environment` (sandbox: one sending MSH-11 `T`). */
  adapterFor(labSlug: string, environment: Environment): LabAdapter | undefined;
  /**
   * The code each marker is ordered by: the lab's own compendium code (`provider_id`, coding system `L`, the
   * default) or its LOINC code (`LN`) for a lab whose interface takes LOINC orderables.
   */
  testCoding?: TestCoding | ((labSlug: string) => TestCoding);
  /** MSH-10 of a first attempt (default: a random id). */
  newControlId?: () => string;
}

export interface SubmitOrderToLabArgs {
  teamId: string;
  environment: Environment;
  orderId: string;
  now: Date;
  /** When the specimen was collected, when it already was (OBR-7). */
  collectedAt?: Date | null;
}

export const LAB_UNAVAILABLE = 'lab_unavailable';

export async function submitOrderToLab(
  db: Knex,
  routing: LabOrderRouting,
  args: SubmitOrderToLabArgs,
): Promise<LabOrderSubmission> {
  const scope: TeamScope = { teamId: args.teamId, environment: args.environment };
  const order = await createLabOrdersRepository(db).findOrder(scope, args.orderId);
  if (!order) throw new NotFoundError('Order not found.');
  const labTest = await createLabTestsRepository(db).findLabTest(scope, order.labTestId);
  const lab = labTest?.lab;
  if (!labTest || !lab)
    throw new ConflictError(LAB_UNAVAILABLE, "The order's lab test has no lab to send it to.");
  const adapter = routing.adapterFor(lab.slug, args.environment);
  if (!adapter) throw new ConflictError(LAB_UNAVAILABLE, `No order interface is configured for ${lab.slug}.`);

  const existing = await createLabResultsRepository(db).findSubmission(order.id);
  if (existing?.state === 'accepted') {
    return {
      orderId: order.id,
      messageControlId: existing.messageControlId,
      accessionNumber: existing.accessionNumber,
      acceptedAt: existing.acceptedAt!,
    };
  }
  const coding = typeof routing.testCoding === 'function' ? routing.testCoding(lab.slug) : routing.testCoding;
  const request = labOrderRequestOf(order, labTest, coding ?? 'lab', args.collectedAt ?? null);
  const claimed = await withTransaction(db, (trx) =>
    createLabResultsRepository(trx).claimSubmission(
      scope,
      order.id,
      lab.slug,
      existing?.messageControlId ?? routing.newControlId?.() ?? newId().replace(/-/g, '').slice(0, 20),
      args.now,
    ),
  );
  let submission: LabOrderSubmission;
  try {
    submission = await adapter.submitOrder(request, { messageControlId: claimed.messageControlId });
  } catch (error) {
    // Remembered for the gateway's sweep and for people: the lab's refusal (it stays refused), or the kind of
    // transport failure (the submission stays `sending` and is retried).
    const repo = createLabResultsRepository(db);
    if (error instanceof LabOrderRejectedError)
      await repo.markSubmissionRejected(order.id, error.ackCode, error.reason, args.now);
    else if (error instanceof LabTransportError) await repo.recordSubmissionFailure(order.id, error.failure);
    throw error;
  }
  await createLabResultsRepository(db).markSubmissionAccepted(
    order.id,
    submission.accessionNumber,
    submission.acceptedAt,
  );
  return submission;
}

const SEX: Record<PatientGender, LabOrderRequest['patient']['sex']> = {
  female: 'female',
  male: 'male',
  other: 'other',
  unknown: 'unknown',
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The adapter's order from an order row and its lab test (exported for tests and the bench). */
export function labOrderRequestOf(
  order: OrderRecord,
  labTest: LabTestRecord,
  coding: 'lab' | 'loinc',
  collectedAt: Date | null,
): LabOrderRequest {
  const details = order.patientDetails;
  const address = order.patientAddress;
  const gender = text(details.gender) as PatientGender | null;
  const tests: LabOrderTest[] = labTest.markers.map((m) =>
    coding === 'loinc' && m.loinc
      ? { code: m.loinc, name: m.name, codeSystem: 'LN' }
      : { code: m.providerId, name: m.name, codeSystem: 'L' },
  );
  return {
    orderId: order.id,
    patient: {
      id: order.userId,
      firstName: order.firstName,
      lastName: order.lastName,
      dob: order.dob,
      sex: (gender && SEX[gender]) ?? 'unknown',
      phoneNumber: text(details.phone_number),
      address:
        text(address.first_line) && text(address.city)
          ? {
              firstLine: text(address.first_line)!,
              secondLine: text(address.second_line),
              city: text(address.city)!,
              state: text(address.state) ?? '',
              zip: text(address.zip) ?? '',
              country: text(address.country) ?? 'US',
            }
          : null,
    },
    tests,
    icdCodes: order.icdCodes,
    physician: order.physician
      ? {
          npi: order.physician.npi,
          firstName: order.physician.first_name,
          lastName: order.physician.last_name,
        }
      : null,
    priority: order.priority,
    collectedAt,
    clinicalNotes: order.clinicalNotes,
  };
}
