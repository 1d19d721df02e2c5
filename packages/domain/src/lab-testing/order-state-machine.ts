/**
 * The order state machine (api-shapes §6.5), the one place that says which status may follow which. Services
 * call `nextOrderStatus` (a named trigger) or `assertOrderTransition` (an explicit target); an illegal move is
 * an `InvalidStateError` (409 `invalid_state`). At-home phlebotomy follows the §6.5 table exactly; the other
 * methods' edges are our design from their listed statuses (packages/domain/src/lab-testing/README.md).
 */
import type { CollectionMethod } from './enums';
import { InvalidStateError } from './errors';
import {
  formatOrderStatus,
  orderLowLevelStatusesOf,
  orderTopLevelOf,
  parseOrderStatus,
  type OrderLowLevelStatus as Low,
  type OrderStatus,
  type OrderTopLevelStatus,
} from './order-status';

type Edges = Readonly<Partial<Record<Low, readonly Low[]>>>;

const REQUISITION_READY = ['requisition_created', 'requisition_bypassed'] as const;

/** at_home_phlebotomy: the §6.5 table, row by row. */
const AT_HOME: Edges = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: ['appointment_scheduled', 'appointment_pending', 'cancelled'],
  requisition_bypassed: ['appointment_scheduled', 'appointment_pending', 'cancelled'],
  appointment_cancelled: ['appointment_scheduled', 'appointment_pending', 'cancelled'],
  appointment_pending: ['appointment_scheduled', 'appointment_cancelled', 'cancelled'],
  appointment_scheduled: ['appointment_scheduled', 'draw_completed', 'appointment_cancelled', 'cancelled'],
  draw_completed: ['partial_results', 'completed', 'sample_error'],
  partial_results: ['completed', 'sample_error'],
  completed: ['corrected'],
};

/**
 * walk_in_test: as at home, but the patient goes to a service center (booked or walking in without an
 * appointment), so there is no `draw_completed`: results follow a ready requisition or an appointment. A
 * sample the lab cannot use offers a redraw (`redraw_available`, back to booking) instead of failing outright.
 */
const WALK_IN_BOOKABLE: readonly Low[] = [
  'appointment_scheduled',
  'appointment_pending',
  'partial_results',
  'completed',
  'sample_error',
  'cancelled',
];
const WALK_IN: Edges = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: WALK_IN_BOOKABLE,
  requisition_bypassed: WALK_IN_BOOKABLE,
  appointment_cancelled: WALK_IN_BOOKABLE,
  redraw_available: WALK_IN_BOOKABLE,
  appointment_pending: ['appointment_scheduled', 'appointment_cancelled', 'cancelled'],
  appointment_scheduled: [
    'appointment_scheduled',
    'appointment_cancelled',
    'partial_results',
    'completed',
    'redraw_available',
    'sample_error',
    'cancelled',
  ],
  partial_results: ['completed', 'redraw_available', 'sample_error'],
  completed: ['corrected'],
};

/**
 * testkit: the kit travels to the customer and back to the lab. A kit handed out offline starts at
 * `awaiting_registration` and is `registered` to a patient (POST /v3/order/testkit/register); a registered kit
 * is already with the customer, so after its requisition it goes straight to `transit_lab`. Cancellation is
 * possible until the sample leaves the customer; the lab can refuse a delivered sample (`do_not_process`).
 */
const TESTKIT: Edges = {
  ordered: ['requisition_created', 'requisition_bypassed', 'awaiting_registration', 'cancelled'],
  awaiting_registration: ['registered', 'cancelled'],
  registered: ['requisition_created', 'requisition_bypassed', 'transit_lab', 'cancelled'],
  requisition_created: ['transit_customer', 'transit_lab', 'cancelled'],
  requisition_bypassed: ['transit_customer', 'transit_lab', 'cancelled'],
  transit_customer: [
    'out_for_delivery',
    'with_customer',
    'problem_in_transit_customer',
    'failure_to_deliver_to_customer',
    'lost',
    'cancelled',
  ],
  out_for_delivery: [
    'with_customer',
    'problem_in_transit_customer',
    'failure_to_deliver_to_customer',
    'lost',
    'cancelled',
  ],
  problem_in_transit_customer: [
    'transit_customer',
    'out_for_delivery',
    'with_customer',
    'failure_to_deliver_to_customer',
    'lost',
    'cancelled',
  ],
  with_customer: ['transit_lab', 'cancelled'],
  transit_lab: ['delivered_to_lab', 'problem_in_transit_lab', 'failure_to_deliver_to_lab', 'lost'],
  problem_in_transit_lab: ['transit_lab', 'delivered_to_lab', 'failure_to_deliver_to_lab', 'lost'],
  delivered_to_lab: ['lab_processing_blocked', 'completed', 'sample_error', 'do_not_process'],
  lab_processing_blocked: ['delivered_to_lab', 'completed', 'sample_error', 'do_not_process'],
  completed: ['corrected'],
};

/** on_site_collection: the team's own staff draw (PATCH draw_completed) once the requisition is ready. */
const ON_SITE: Edges = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: ['draw_completed', 'cancelled'],
  requisition_bypassed: ['draw_completed', 'cancelled'],
  draw_completed: ['partial_results', 'completed', 'sample_error'],
  partial_results: ['completed', 'sample_error'],
  completed: ['corrected'],
};

export const ORDER_TRANSITIONS: Readonly<Record<CollectionMethod, Edges>> = {
  at_home_phlebotomy: AT_HOME,
  walk_in_test: WALK_IN,
  testkit: TESTKIT,
  on_site_collection: ON_SITE,
};

/** Statuses an order may be created in, the first being the default. */
export const ORDER_INITIAL_STATUSES: Readonly<Record<CollectionMethod, readonly Low[]>> = {
  at_home_phlebotomy: ['ordered'],
  walk_in_test: ['ordered'],
  testkit: ['ordered', 'awaiting_registration', 'registered'],
  on_site_collection: ['ordered'],
};

/**
 * No further progress from these (completed results may still be `corrected`, §6.5 "Terminal"). The testkit
 * failures (`lost`, failed deliveries) and `do_not_process` end a kit order the same way.
 */
export const TERMINAL_ORDER_LOW_LEVEL_STATUSES: readonly Low[] = [
  'completed',
  'corrected',
  'cancelled',
  'sample_error',
  'lost',
  'do_not_process',
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
];

/** The statuses from which an appointment may be booked or requested (Requisition Ready, or a retry). */
export const APPOINTMENT_BOOKABLE_ORDER_STATUSES: Readonly<
  Partial<Record<CollectionMethod, readonly Low[]>>
> = {
  at_home_phlebotomy: [...REQUISITION_READY, 'appointment_cancelled'],
  walk_in_test: [...REQUISITION_READY, 'appointment_cancelled', 'redraw_available'],
};

export function allowedOrderTransitions(method: CollectionMethod, from: Low): readonly Low[] {
  return ORDER_TRANSITIONS[method][from] ?? [];
}

export function canTransitionOrder(method: CollectionMethod, from: Low, to: Low): boolean {
  return allowedOrderTransitions(method, from).includes(to);
}

/** Throws `InvalidStateError` (409 `invalid_state`, `status` = the current OrderStatus) for an illegal move. */
export function assertOrderTransition(method: CollectionMethod, from: Low, to: Low): void {
  if (!orderTopLevelOf(method, from)) {
    throw new RangeError(`Collection method ${method} has no order status ${from}.`);
  }
  if (!canTransitionOrder(method, from, to)) {
    throw new InvalidStateError(
      formatOrderStatus(method, from),
      `The order cannot move from ${from} to ${to}.`,
    );
  }
}

export function isTerminalOrderStatus(low: Low): boolean {
  return TERMINAL_ORDER_LOW_LEVEL_STATUSES.includes(low);
}

/** Cancel (POST /v3/order/{id}/cancel) is allowed until the sample is drawn or on its way to the lab. */
export function isOrderCancellable(method: CollectionMethod, low: Low): boolean {
  return canTransitionOrder(method, low, 'cancelled');
}

export function initialOrderStatus(method: CollectionMethod, low?: Low): OrderStatus {
  const allowed = ORDER_INITIAL_STATUSES[method];
  const start = low ?? allowed[0]!;
  if (!allowed.includes(start)) {
    throw new RangeError(`An order by ${method} cannot start at ${start}.`);
  }
  return formatOrderStatus(method, start);
}

/** What happened to an order, in the words of the use cases that report it. */
export const ORDER_TRIGGERS = [
  'requisition_created',
  'requisition_bypassed',
  'appointment_booked',
  'appointment_requested',
  'appointment_confirmed',
  'appointment_rescheduled',
  'appointment_cancelled',
  'draw_completed',
  'redraw_available',
  'partial_results_received',
  'results_completed',
  'results_corrected',
  'sample_error',
  'order_cancelled',
  'registration_awaited',
  'kit_registered',
  'shipped_to_customer',
  'out_for_delivery',
  'delivered_to_customer',
  'shipped_to_lab',
  'delivered_to_lab',
  'problem_in_transit',
  'delivery_failed',
  'lost',
  'lab_processing_blocked',
  'lab_processing_unblocked',
  'do_not_process',
] as const;
export type OrderTrigger = (typeof ORDER_TRIGGERS)[number];

const OUTBOUND: readonly Low[] = ['transit_customer', 'out_for_delivery', 'problem_in_transit_customer'];
const INBOUND: readonly Low[] = ['transit_lab', 'problem_in_transit_lab'];

/** A trigger's target; shipping problems depend on the leg the kit is on (undefined: none). */
function targetOf(trigger: OrderTrigger, from: Low): Low | undefined {
  switch (trigger) {
    case 'requisition_created':
    case 'requisition_bypassed':
    case 'appointment_cancelled':
    case 'draw_completed':
    case 'redraw_available':
    case 'sample_error':
    case 'out_for_delivery':
    case 'delivered_to_lab':
    case 'lost':
    case 'lab_processing_blocked':
    case 'do_not_process':
      return trigger;
    case 'appointment_booked':
    case 'appointment_confirmed':
    case 'appointment_rescheduled':
      return 'appointment_scheduled';
    case 'appointment_requested':
      return 'appointment_pending';
    case 'partial_results_received':
      return 'partial_results';
    case 'results_completed':
      return 'completed';
    case 'results_corrected':
      return 'corrected';
    case 'order_cancelled':
      return 'cancelled';
    case 'registration_awaited':
      return 'awaiting_registration';
    case 'kit_registered':
      return 'registered';
    case 'shipped_to_customer':
      return 'transit_customer';
    case 'delivered_to_customer':
      return 'with_customer';
    case 'shipped_to_lab':
      return 'transit_lab';
    case 'lab_processing_unblocked':
      return from === 'lab_processing_blocked' ? 'delivered_to_lab' : undefined;
    case 'problem_in_transit':
      if (OUTBOUND.includes(from)) return 'problem_in_transit_customer';
      return INBOUND.includes(from) ? 'problem_in_transit_lab' : undefined;
    case 'delivery_failed':
      if (OUTBOUND.includes(from)) return 'failure_to_deliver_to_customer';
      return INBOUND.includes(from) ? 'failure_to_deliver_to_lab' : undefined;
  }
}

/**
 * The status an order moves to when `trigger` happens in `current`; `InvalidStateError` when the trigger is
 * not allowed there (e.g. booking before Requisition Ready, cancelling after the draw).
 */
export function nextOrderStatus(current: OrderStatus, trigger: OrderTrigger): OrderStatus {
  const parts = parseOrderStatus(current);
  if (!parts) throw new RangeError(`Not an order status: ${String(current)}`);
  const to = targetOf(trigger, parts.low);
  if (!to || !orderTopLevelOf(parts.method, to)) {
    throw new InvalidStateError(current, `${trigger} is not possible while the order is ${parts.low}.`);
  }
  assertOrderTransition(parts.method, parts.low, to);
  return formatOrderStatus(parts.method, to);
}

/** `order.status`: the top level of the last event (null for an order without events). */
export function orderTopLevelStatus(lastStatus: OrderStatus | null | undefined): OrderTopLevelStatus | null {
  return lastStatus ? (parseOrderStatus(lastStatus)?.top ?? null) : null;
}

/** The typical course of each method, which the sandbox `/test` walk follows where it can. */
export const ORDER_HAPPY_PATHS: Readonly<Record<CollectionMethod, readonly Low[]>> = {
  at_home_phlebotomy: [
    'ordered',
    'requisition_created',
    'appointment_scheduled',
    'draw_completed',
    'partial_results',
    'completed',
    'corrected',
  ],
  walk_in_test: [
    'ordered',
    'requisition_created',
    'appointment_scheduled',
    'partial_results',
    'completed',
    'corrected',
  ],
  testkit: [
    'ordered',
    'requisition_created',
    'transit_customer',
    'out_for_delivery',
    'with_customer',
    'transit_lab',
    'delivered_to_lab',
    'completed',
    'corrected',
  ],
  on_site_collection: [
    'ordered',
    'requisition_created',
    'draw_completed',
    'partial_results',
    'completed',
    'corrected',
  ],
};

/**
 * The statuses (excluding `from`, ending with `to`) an order passes through from `from` to `to`: along the
 * method's happy path when both lie on it in that order, else a shortest path (edges tried in table order).
 * `InvalidStateError` when `to` cannot be reached. Used by the sandbox `/test` walk.
 */
export function orderStatusPath(method: CollectionMethod, from: Low, to: Low): Low[] {
  const happy = ORDER_HAPPY_PATHS[method];
  const i = happy.indexOf(from);
  const j = happy.indexOf(to);
  if (i >= 0 && j > i) return happy.slice(i + 1, j + 1);
  const previous = new Map<Low, Low>();
  const queue: Low[] = [from];
  const seen = new Set<Low>([from]);
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of allowedOrderTransitions(method, at)) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, at);
      if (next === to) {
        const path: Low[] = [to];
        for (let p = at; p !== from; p = previous.get(p)!) path.unshift(p);
        return path;
      }
      queue.push(next);
    }
  }
  throw new InvalidStateError(
    orderTopLevelOf(method, from) ? formatOrderStatus(method, from) : from,
    `The order cannot reach ${to} from ${from}.`,
  );
}

/** Whether the method has the status at all (e.g. `draw_completed` is not a walk-in status). */
export function methodHasOrderStatus(method: CollectionMethod, low: Low): boolean {
  return orderLowLevelStatusesOf(method).includes(low);
}

/**
 * The event a status change emits: `labtest.order.updated` for every change after creation, except
 * `partial_results` when the team has not enabled partial webhooks (`partial_webhooks_enabled`); creation
 * emits `labtest.order.created`.
 */
export function orderChangeEventType(
  to: Low | 'created',
  team: { partialWebhooksEnabled: boolean },
): 'labtest.order.created' | 'labtest.order.updated' | null {
  if (to === 'created') return 'labtest.order.created';
  if (to === 'partial_results' && !team.partialWebhooksEnabled) return null;
  return 'labtest.order.updated';
}
