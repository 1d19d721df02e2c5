/**
 * How lab results enter Meridian: one validated ORU^R01 (`LabResultMessage`) applied to its order in ONE
 * transaction — the message recorded (duplicates are no-ops), the report and its rows stored, the order's
 * interpretation and status moved (through order-transitions.ts, which emits `labtest.order.updated`),
 * `labtest.result.critical` for a critical report, and the values that have a timeseries ingested as the
 * user's health data. Anything that fails rolls all of it back; the listener then answers AE and the lab
 * resends. See README.md in this folder.
 */
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  assertOrderTransition,
  eventEnvelope,
  formatOrderStatus,
  InvalidStateError,
  isLabSlug,
  orderChangeEventType,
  type Interpretation,
  type LabtestResultCriticalData,
  type OrderLowLevelStatus,
  type OrderStatus,
  type TeamScope,
} from '@meridian/domain';
import { createIngestion } from '@meridian/ingestion';
import { HL7_ERROR_CODES, Hl7MessageError, type LabResultMessage } from '@meridian/lab-partners';
import { createLabTestsRepository, type LabTestRecord } from '../lab-tests/lab-tests.repository';
import { createLabOrdersRepository } from '../lab-orders/lab-orders.repository';
import { applyOrderTransition, loadOrderWire, orderEvent } from '../lab-orders/order-transitions';
import { healthDataOf } from './health-data';
import { createLabResultsRepository, type ResultOrder } from './lab-results.repository';
import { reportMetadataOf, sampleInformationOf, type ReportOrder } from './report-metadata';
import { mergeReport, orderInterpretation, type OrderedMarker } from './result-rows';
import { resultEffectOf, type ResultEffect } from './result-status';

export interface ApplyLabResultOptions {
  now: Date;
}

export type ApplyLabResultOutcome =
  | {
      outcome: 'applied';
      orderId: string;
      /** The order's result version this message made (1, 2, ...). */
      version: number;
      appliedAs: 'results' | 'sample_error' | 'ignored';
      status: OrderStatus;
      interpretation: Interpretation | null;
      critical: boolean;
      /** Health-data samples written (created or updated). */
      samples: number;
    }
  | { outcome: 'duplicate'; orderId: string };

export async function applyLabResultMessage(
  db: Knex,
  message: LabResultMessage,
  options: ApplyLabResultOptions,
): Promise<ApplyLabResultOutcome> {
  const now = options.now;
  return withTransaction(db, async (trx) => {
    const repo = createLabResultsRepository(trx);
    const order = await repo.lockOrder(message.orderId);
    if (!order) {
      throw new Hl7MessageError('unknown placer order number', 'AE', HL7_ERROR_CODES.unknownKey, 'OBR-2');
    }
    // Copies of one message serialize on the order lock, so the second always sees the first's record.
    if (await repo.isMessageApplied(message.idempotencyKey))
      return { outcome: 'duplicate', orderId: order.id };
    checkMessageFitsOrder(message, order);
    const effect = resultEffectOf(message, order.statusLow);
    const target = targetOf(effect);
    const arrived = kitArrivalImplied(order, target);
    if (target !== null)
      assertResultsMove(arrived ? { ...order, statusLow: 'delivered_to_lab' } : order, target);
    const scope: TeamScope = { teamId: order.teamId, environment: order.environment };
    const labTest = await createLabTestsRepository(trx).findLabTest(scope, order.labTestId);
    if (!labTest) throw new Error(`lab test of order ${order.id} missing`);
    const written = effect.kind === 'results' ? await storeReport(trx, order, labTest, message, now) : null;
    const critical = written?.critical ?? false;
    const version = await repo.nextVersion(order.id);
    const recorded = await repo.recordMessage({
      idempotencyKey: message.idempotencyKey,
      orderId: order.id,
      scope,
      version,
      resultStatus: message.resultStatus,
      appliedAs: effect.kind,
      critical,
      receivedAt: now,
    });
    // Unreachable while the order lock holds; refuse rather than apply twice if it ever were.
    if (!recorded)
      throw new Hl7MessageError('duplicate message', 'AE', HL7_ERROR_CODES.duplicateKey, 'MSH-10');

    if (arrived) await applyOrderTransition(trx, { ...scopeOf(order), to: 'delivered_to_lab', now });
    if (effect.kind === 'sample_error') {
      await applyOrderTransition(trx, { ...scopeOf(order), to: 'sample_error', detail: effect.detail, now });
    } else if (effect.kind === 'results') {
      await moveOrEmit(trx, order, effect.to, now);
    }
    if (critical) await emitCritical(trx, order, now);
    const samples = written ? await ingestHealthData(trx, order, labTest, message, now) : 0;
    const final = await createLabOrdersRepository(trx).findOrder(scope, order.id);
    return {
      outcome: 'applied',
      orderId: order.id,
      version,
      appliedAs: effect.kind,
      status: formatOrderStatus(order.method, final!.statusLow),
      interpretation: final!.interpretation,
      critical,
      samples,
    };
  });
}

const scopeOf = (order: ResultOrder) => ({
  teamId: order.teamId,
  environment: order.environment,
  orderId: order.id,
});

function targetOf(effect: ResultEffect): OrderLowLevelStatus | null {
  switch (effect.kind) {
    case 'results':
      return effect.to;
    case 'sample_error':
      return 'sample_error';
    case 'ignored':
      return null;
  }
}

/**
 * Results only for the patient and the kind of order they were ordered for: test results (MSH-11 `T`/`D`)
 * never land on a production order, and a date of birth other than the order's means the lab mixed patients.
 */
function checkMessageFitsOrder(message: LabResultMessage, order: ResultOrder): void {
  if (order.environment === 'production' && message.processingId !== 'P') {
    throw new Hl7MessageError(
      'test results for a production order',
      'AE',
      HL7_ERROR_CODES.unsupportedProcessingId,
      'MSH-11',
    );
  }
  if (message.patient.dob !== null && message.patient.dob !== order.dob) {
    throw new Hl7MessageError(
      'patient date of birth does not match the order',
      'AE',
      HL7_ERROR_CODES.unknownKey,
      'PID-7',
    );
  }
}

/**
 * A test kit's results (or the lab's refusal of its sample) while the kit is still in transit to the lab: the
 * lab has the sample, so the kit was delivered — the order passes through `delivered_to_lab` first (its own
 * event), as the carrier's delivery scan would have moved it.
 */
function kitArrivalImplied(order: ResultOrder, target: OrderLowLevelStatus | null): boolean {
  return (
    order.method === 'testkit' &&
    (order.statusLow === 'transit_lab' || order.statusLow === 'problem_in_transit_lab') &&
    (target === 'completed' || target === 'sample_error')
  );
}

/** Refuses (before anything is written) results the order's state machine does not allow now. */
function assertResultsMove(order: ResultOrder, to: OrderLowLevelStatus): void {
  try {
    assertOrderTransition(order.method, order.statusLow, to);
  } catch (error) {
    if (!(error instanceof InvalidStateError)) throw error;
    throw new Hl7MessageError(
      `order is ${order.statusLow} and cannot take ${to} results now`,
      'AE',
      HL7_ERROR_CODES.applicationInternalError,
      'OBR-25',
      { cause: error },
    );
  }
}

async function storeReport(
  trx: Knex.Transaction,
  order: ResultOrder,
  labTest: LabTestRecord,
  message: LabResultMessage,
  now: Date,
): Promise<{ critical: boolean }> {
  const repo = createLabResultsRepository(trx);
  const scope: TeamScope = { teamId: order.teamId, environment: order.environment };
  const effect = resultEffectOf(message, order.statusLow);
  if (effect.kind !== 'results') throw new Error('storeReport called for a message without results');
  const stored = await repo.findReport(order.id);
  const markers: OrderedMarker[] = labTest.markers.map((m) => ({
    id: m.id,
    name: m.name,
    slug: m.slug,
    providerId: m.providerId,
    loinc: m.loinc,
  }));
  const rows = mergeReport(stored?.rows ?? { results: [], missing: [] }, message, markers);
  const interpretation = orderInterpretation(rows.results);
  const reportOrder: ReportOrder = {
    firstName: order.firstName,
    lastName: order.lastName,
    dob: order.dob,
    physician: order.physician,
    laboratory: labTest.lab?.name ?? null,
    fasting: labTest.fasting,
  };
  await repo.saveReport(
    scope,
    order.id,
    {
      status: effect.reportStatus,
      metadata: reportMetadataOf(message, reportOrder, {
        status: effect.reportStatus,
        interpretation,
        receivedAt: now,
      }),
      sampleInformation: sampleInformationOf(message, reportOrder, stored?.sampleInformation ?? null),
      interpretation,
      rows,
    },
    now,
  );
  await createLabOrdersRepository(trx).updateOrder(
    scope,
    order.id,
    {
      interpretation,
      hasMissingResults: rows.missing.length > 0,
      sampleId: order.sampleId ?? message.specimenId?.slice(0, 64) ?? undefined,
    },
    now,
  );
  return { critical: rows.results.some((r) => r.interpretation === 'critical') };
}

/**
 * Moves the order (order-transitions.ts emits `labtest.order.updated` with the new interpretation), or, for a
 * report that leaves the status as it is (a second correction, another preliminary), tells the team the order
 * changed all the same — `partial_results` only with partial webhooks, as the status change would.
 */
async function moveOrEmit(
  trx: Knex.Transaction,
  order: ResultOrder,
  to: OrderLowLevelStatus | null,
  now: Date,
): Promise<void> {
  if (to !== null) {
    await applyOrderTransition(trx, { ...scopeOf(order), to, now });
    return;
  }
  const scope: TeamScope = { teamId: order.teamId, environment: order.environment };
  const orders = createLabOrdersRepository(trx);
  const type = orderChangeEventType(order.statusLow, {
    partialWebhooksEnabled:
      order.statusLow === 'partial_results' && (await orders.partialWebhooksEnabled(scope)),
  });
  if (!type) return;
  const record = (await orders.findOrder(scope, order.id))!;
  await createOutboxRepository(trx).append([orderEvent(type, record, await loadOrderWire(trx, record))]);
}

/** `labtest.result.critical` (§6.9, §7.2): once per result version that holds a critical value. */
async function emitCritical(trx: Knex.Transaction, order: ResultOrder, now: Date): Promise<void> {
  const scope: TeamScope = { teamId: order.teamId, environment: order.environment };
  const record = (await createLabOrdersRepository(trx).findOrder(scope, order.id))!;
  const data: LabtestResultCriticalData = {
    order_id: record.id,
    sample_id: record.sampleId ?? '',
    status: record.statusTop,
    interpretation: 'critical',
    team_id: record.teamId,
    user_id: record.userId,
    created_at: record.createdAt.toISOString(),
    updated_at: now.toISOString(),
  };
  await createOutboxRepository(trx).append([
    {
      teamId: record.teamId,
      environment: record.environment,
      userId: record.userId,
      envelope: eventEnvelope('labtest.result.critical', data, {
        userId: record.userId,
        clientUserId: record.clientUserId,
        teamId: record.teamId,
      }),
    },
  ]);
}

/** The message's values that have a timeseries, as the user's health data (source: the lab, type `lab`). */
async function ingestHealthData(
  trx: Knex.Transaction,
  order: ResultOrder,
  labTest: LabTestRecord,
  message: LabResultMessage,
  now: Date,
): Promise<number> {
  const provider = labTest.lab?.slug;
  if (!provider || !isLabSlug(provider)) return 0;
  const timeseries = healthDataOf(message, provider);
  if (timeseries.length === 0) return 0;
  const result = await createIngestion({ db: trx, clock: () => now }).ingest({
    userId: order.userId,
    mode: 'daily',
    timeseries,
  });
  return result.created + result.updated;
}
