import { createOutboxRepository, type Knex, type OutboxEvent } from '@meridian/db';
import {
  NotFoundError,
  assertOrderTransition,
  eventEnvelope,
  formatOrderStatus,
  nextOrderStatus,
  orderChangeEventType,
  parseOrderStatus,
  type Environment,
  type OrderLowLevelStatus,
  type OrderStatusDetail,
  type OrderTrigger,
  type TeamScope,
} from '@meridian/domain';
import { createLabTestsRepository } from '../lab-tests/lab-tests.repository';
import { createLabOrdersRepository, type OrderRecord } from './lab-orders.repository';
import { toOrderWire, type OrderWire } from './lab-orders.presenter';

/**
 * The ONE place an existing order changes status (api-shapes §6.5): checks the move against the domain state
 * machine (illegal → 409 `invalid_state` with the current `status`), updates the status columns, appends the
 * order event and writes `labtest.order.updated` to the outbox — all in the caller's transaction.
 * `partial_results` is recorded like any status but emits its event only when the team environment has
 * `partial_webhooks_enabled`.
 *
 * Used by the orders endpoints (cancel, draw_completed, the sandbox walk) and the appointments feature (book,
 * request, cancel, draw). Lock order: callers lock the order (`findOrderForUpdate`) before any appointment
 * row of it, so concurrent changes of one order serialize on the order row.
 */

export { toOrderWire, type OrderWire } from './lab-orders.presenter';

export const ORDER_NOT_FOUND = 'Order not found.';

/**
 * `to` is either the target low-level status (`'cancelled'`, `'draw_completed'`…) or a named trigger of the
 * domain (`{ trigger: 'appointment_booked' }` → `appointment_scheduled`), whichever reads better at the call
 * site. Both are checked by the same state machine.
 */
export type OrderTransitionTarget = OrderLowLevelStatus | { trigger: OrderTrigger };

export interface ApplyOrderTransitionArgs {
  teamId: string;
  environment: Environment;
  orderId: string;
  to: OrderTransitionTarget;
  detail?: OrderStatusDetail | null;
  now: Date;
}

/** The order, locked `for update` until `trx` ends; 404 `not_found` for another tenant's or unknown id. */
export async function findOrderForUpdate(
  trx: Knex.Transaction,
  teamId: string,
  environment: Environment,
  orderId: string,
): Promise<OrderRecord> {
  const order = await createLabOrdersRepository(trx).findOrder({ teamId, environment }, orderId, {
    forUpdate: true,
  });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/** The `Order` wire object of a loaded order (lab test, events, latest appointment), read through `db`. */
export async function loadOrderWire(db: Knex | Knex.Transaction, order: OrderRecord): Promise<OrderWire> {
  const [wire] = await loadOrderWires(db, [order]);
  return wire!;
}

/** `Order` wire objects of orders of one tenant, in the given order. */
export async function loadOrderWires(
  db: Knex | Knex.Transaction,
  orders: OrderRecord[],
): Promise<OrderWire[]> {
  if (orders.length === 0) return [];
  const scope: TeamScope = { teamId: orders[0]!.teamId, environment: orders[0]!.environment };
  const repo = createLabOrdersRepository(db);
  const ids = orders.map((o) => o.id);
  const labTestsOf = () =>
    createLabTestsRepository(db).findLabTests(scope, [...new Set(orders.map((o) => o.labTestId))]);
  // A transaction is one connection: its reads go one after the other (node-postgres deprecates queueing a
  // query on a busy client); outside one, the pool answers them side by side.
  const [labTests, events, appointments] = db.isTransaction
    ? [await labTestsOf(), await repo.eventsOf(ids), await repo.latestAppointmentIds(ids)]
    : await Promise.all([labTestsOf(), repo.eventsOf(ids), repo.latestAppointmentIds(ids)]);
  return orders.map((o) => {
    const labTest = labTests.find((t) => t.id === o.labTestId);
    if (!labTest) throw new Error(`lab test of order ${o.id} missing`);
    return toOrderWire(o, {
      labTest,
      events: events.get(o.id) ?? [],
      appointmentId: appointments.get(o.id) ?? null,
    });
  });
}

/** The outbox row of an order event (`labtest.order.created` / `.updated`, data = the `Order`). */
export function orderEvent(
  type: 'labtest.order.created' | 'labtest.order.updated',
  order: OrderRecord,
  wire: OrderWire,
): OutboxEvent {
  return {
    teamId: order.teamId,
    environment: order.environment,
    userId: order.userId,
    envelope: eventEnvelope(type, wire, {
      userId: order.userId,
      clientUserId: order.clientUserId,
      teamId: order.teamId,
    }),
  };
}

/** Where an order's requisition is served (relative to the data API), set when the requisition is ready. */
export const requisitionPathOf = (orderId: string) => `/v3/order/${orderId}/requisition/pdf`;

/**
 * Moves the order (see the module comment). Locks the order itself, so callers need not have; returns the
 * `Order` after the change, as the event carries it.
 */
export async function applyOrderTransition(
  trx: Knex.Transaction,
  args: ApplyOrderTransitionArgs,
): Promise<OrderWire> {
  const scope: TeamScope = { teamId: args.teamId, environment: args.environment };
  const current = await findOrderForUpdate(trx, args.teamId, args.environment, args.orderId);
  const currentStatus = formatOrderStatus(current.method, current.statusLow);
  let low: OrderLowLevelStatus;
  if (typeof args.to === 'string') {
    assertOrderTransition(current.method, current.statusLow, args.to);
    low = args.to;
  } else {
    low = parseOrderStatus(nextOrderStatus(currentStatus, args.to.trigger))!.low;
  }
  const status = formatOrderStatus(current.method, low);
  const top = parseOrderStatus(status)!.top;
  const detail = args.detail ?? null;
  const repo = createLabOrdersRepository(trx);
  const requisitionReady = low === 'requisition_created' || low === 'requisition_bypassed';
  await repo.setStatus(scope, current.id, { top, low, detail }, args.now, {
    requisitionFormUrl:
      requisitionReady && current.requisitionFormUrl === null ? requisitionPathOf(current.id) : undefined,
  });
  await repo.appendEvent(scope, current.id, status, detail, args.now);
  const updated = (await repo.findOrder(scope, current.id))!;
  const wire = await loadOrderWire(trx, updated);
  const type = orderChangeEventType(low, {
    partialWebhooksEnabled: low === 'partial_results' && (await repo.partialWebhooksEnabled(scope)),
  });
  if (type) await createOutboxRepository(trx).append([orderEvent(type, updated, wire)]);
  return wire;
}
