/**
 * Orders out: the consumer of `lab-gateway.orders`. A `labtest.order.created/.updated` event (relayed from the
 * outbox, thin: `{event_id}`) or a sweep's `lab.order.submit` names an order; the order is read as it is NOW,
 * and sent to its lab (`submitOrderToLab`, ORM^O01 over MLLP) when it stands at its lab-submission point and
 * has no accepted submission. So a stale or repeated event, a sandbox walk past the draw, a cancelled order
 * send nothing; a copy sent twice reuses the first attempt's MSH-10, which the lab recognises.
 *
 * A production order still at `ordered` first gets its requisition (lab-results/requisition-step.ts).
 * Outcomes: accepted → ack. Lab unreachable / no answer (`LabTransportError`) → thrown: the transport retries
 * with the queue's backoff, then dead-letters, and the sweep re-queues the order later (never lost). The lab
 * refused the order (AE/AR) → recorded as `rejected` with the lab's reason, acked: resending cannot help.
 * No interface for the order's lab → acked with a warning; the sweep tries again once one is configured.
 */
import {
  LAB_UNAVAILABLE,
  collectedAtOf,
  createLabResultsRepository,
  createRequisitionIfDue,
  isDueForLab,
  isRequisitionDue,
  submitOrderToLab,
  type LabOrderRouting,
} from '@meridian/data-api/lab-fulfilment';
import type { Knex } from '@meridian/db';
import {
  ConflictError,
  isUuid,
  type CollectionMethod,
  type Environment,
  type OrderLowLevelStatus,
} from '@meridian/domain';
import { LabOrderRejectedError, LabTransportError, newMessageControlId } from '@meridian/lab-partners';
import {
  LAB_ORDER_SUBMIT,
  meridianQueues,
  PermanentError,
  type ConsumedMessage,
  type Transport,
} from '@meridian/messaging';
import { runWithMessageContext, type Logger } from '@meridian/platform';
import type { LabGatewayMetrics } from './metrics';

export const LAB_GATEWAY_QUEUE = meridianQueues.labGatewayOrders;

export interface OrderRef {
  orderId: string;
  teamId: string;
  environment: Environment;
}

export type SubmissionOutcome =
  | 'accepted'
  | 'already_accepted'
  | 'not_due'
  | 'requisition_created'
  | 'rejected'
  | 'previously_rejected'
  | 'no_lab_interface'
  | 'unknown_order';

interface DueOrderRow {
  id: string;
  team_id: string;
  environment: Environment;
  collection_method: CollectionMethod;
  status_low: OrderLowLevelStatus;
  status_changed_at: Date;
  lab_test_id: string;
}

export interface OrderSubmitterDeps {
  db: Knex;
  routing: LabOrderRouting;
  logger: Logger;
  clock?: () => Date;
  metrics?: LabGatewayMetrics;
}

/** Sends one order if it is due (see the module comment); throws `LabTransportError` to be retried. */
export function createOrderSubmitter(deps: OrderSubmitterDeps) {
  const clock = deps.clock ?? (() => new Date());

  async function submitIfDue(ref: OrderRef): Promise<SubmissionOutcome> {
    const order = await deps
      .db<DueOrderRow>('lab_orders')
      .where({ id: ref.orderId, team_id: ref.teamId, environment: ref.environment })
      .first(
        'id',
        'team_id',
        'environment',
        'collection_method',
        'status_low',
        'status_changed_at',
        'lab_test_id',
      );
    if (!order) return 'unknown_order';
    if (isRequisitionDue(order.environment, order.collection_method, order.status_low)) {
      // Its own event (`labtest.order.updated`) brings the order back here for the lab if that is next.
      const moved = await createRequisitionIfDue(deps.db, ref, clock());
      return moved ? 'requisition_created' : 'not_due';
    }
    if (!isDueForLab(order.collection_method, order.status_low)) return 'not_due';
    const existing = await createLabResultsRepository(deps.db).findSubmission(order.id);
    if (existing?.state === 'accepted') return 'already_accepted';
    if (existing?.state === 'rejected') return 'previously_rejected';
    try {
      await submitOrderToLab(deps.db, deps.routing, {
        teamId: order.team_id,
        environment: order.environment,
        orderId: order.id,
        now: clock(),
        collectedAt: collectedAtOf(order.status_low, order.status_changed_at),
      });
      return 'accepted';
    } catch (error) {
      if (error instanceof LabOrderRejectedError) {
        // The lab's reason may quote the order: stored with the submission, logged as codes only.
        deps.logger.warn('lab rejected order', {
          order_id: order.id,
          ack_code: error.ackCode,
          error_code: error.errorCode,
        });
        return 'rejected';
      }
      if (error instanceof ConflictError && error.errorType === LAB_UNAVAILABLE) {
        await noteNoInterface(order);
        deps.logger.warn('no lab interface for order; the sweep retries it', { order_id: order.id });
        return 'no_lab_interface';
      }
      throw error;
    }
  }

  /**
   * Records the attempt (state `sending`, `last_error` no_lab_interface) so the sweep waits its stale period
   * before trying again, and orders that cannot be sent never crowd out the others at the head of the sweep.
   */
  async function noteNoInterface(order: DueOrderRow): Promise<void> {
    const lab = await deps
      .db('lab_tests as t')
      .leftJoin('labs as l', 'l.id', 't.lab_id')
      .where({ 't.id': order.lab_test_id, 't.team_id': order.team_id, 't.environment': order.environment })
      .first<{ slug: string | null } | undefined>('l.slug');
    const repo = createLabResultsRepository(deps.db);
    await repo.claimSubmission(
      { teamId: order.team_id, environment: order.environment },
      order.id,
      lab?.slug ?? 'none',
      newMessageControlId(),
      clock(),
    );
    await repo.recordSubmissionFailure(order.id, 'no_lab_interface');
  }

  async function handle(message: ConsumedMessage): Promise<SubmissionOutcome> {
    const ref = await orderRefOf(deps.db, message);
    if (!ref) return 'unknown_order';
    const started = performance.now();
    try {
      const outcome = await submitIfDue(ref);
      if (outcome !== 'not_due' && outcome !== 'unknown_order' && outcome !== 'already_accepted')
        deps.logger.info('lab submission', { order_id: ref.orderId, outcome, attempt: message.attempt });
      deps.metrics?.submission(outcome, (performance.now() - started) / 1000);
      return outcome;
    } catch (error) {
      const failure = error instanceof LabTransportError ? error.failure : 'error';
      deps.metrics?.submission(`failed_${failure}`, (performance.now() - started) / 1000);
      deps.logger.warn('lab submission failed; retrying later', {
        order_id: ref.orderId,
        failure,
        attempt: message.attempt,
        // A transport error names the failure only; other errors are ours (SQL, bugs), without PHI.
        ...(error instanceof LabTransportError ? {} : { err: error }),
      });
      throw error;
    }
  }

  return { submitIfDue, handle };
}

export type OrderSubmitter = ReturnType<typeof createOrderSubmitter>;

/** The order a message names: an order event's outbox row (team and environment from it), or a sweep's ref. */
async function orderRefOf(db: Knex, message: ConsumedMessage): Promise<OrderRef | null> {
  const { type, data } = message.envelope;
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (type === LAB_ORDER_SUBMIT) {
    const env = body.environment;
    if (!isUuid(body.order_id) || !isUuid(body.team_id) || (env !== 'production' && env !== 'sandbox'))
      throw new PermanentError('lab.order.submit without order_id, team_id and environment');
    return { orderId: body.order_id, teamId: body.team_id, environment: env };
  }
  if (type === 'event.labtest.order.created' || type === 'event.labtest.order.updated') {
    if (!isUuid(body.event_id)) throw new PermanentError(`${type} without a valid event_id`);
    const row = await db('outbox')
      .where({ id: body.event_id })
      .first<{ team_id: string; environment: Environment; order_id: string | null } | undefined>(
        'team_id',
        'environment',
        db.raw("payload->'data'->>'id' as order_id"),
      );
    // Unknown here: an event of another database sharing the broker, or pruned long ago.
    if (!row || !isUuid(row.order_id)) return null;
    return { orderId: row.order_id, teamId: row.team_id, environment: row.environment };
  }
  throw new PermanentError(`unexpected message type ${type}`);
}

/** Consumes `lab-gateway.orders` with bounded concurrency. */
export async function startOrderSubmissionWorker(deps: {
  submitter: OrderSubmitter;
  transport: Transport;
  concurrency: number;
  queue?: string;
}): Promise<{ close(): Promise<void> }> {
  const subscription = await deps.transport.consume(
    deps.queue ?? LAB_GATEWAY_QUEUE,
    (message) =>
      runWithMessageContext(message.headers, async () => {
        await deps.submitter.handle(message);
      }),
    { prefetch: deps.concurrency },
  );
  return { close: () => subscription.cancel() };
}
