/**
 * Order statuses (api-shapes §6.5): `order.status` is the top level; `events[].status` is
 * `<top>.<collection method>.<low level>`, and which low-level statuses a method has, and under which top
 * level each falls, is fixed per method here (the same low level can sit under different tops: `draw_completed`
 * is `collecting_sample` at home but `sample_with_lab` on site).
 */
import type { CollectionMethod } from './enums';

export const ORDER_TOP_LEVEL_STATUSES = [
  'received',
  'collecting_sample',
  'sample_with_lab',
  'completed',
  'cancelled',
  'failed',
] as const;
export type OrderTopLevelStatus = (typeof ORDER_TOP_LEVEL_STATUSES)[number];

export const ORDER_LOW_LEVEL_STATUSES = [
  'ordered',
  'requisition_created',
  'requisition_bypassed',
  'transit_customer',
  'out_for_delivery',
  'with_customer',
  'transit_lab',
  'delivered_to_lab',
  'completed',
  'failure_to_deliver_to_lab',
  'failure_to_deliver_to_customer',
  'problem_in_transit_lab',
  'problem_in_transit_customer',
  'sample_error',
  'appointment_scheduled',
  'appointment_cancelled',
  'appointment_pending',
  'draw_completed',
  'cancelled',
  'lost',
  'do_not_process',
  'partial_results',
  'awaiting_registration',
  'registered',
  'redraw_available',
  'corrected',
  'lab_processing_blocked',
] as const;
export type OrderLowLevelStatus = (typeof ORDER_LOW_LEVEL_STATUSES)[number];

export function isOrderLowLevelStatus(value: unknown): value is OrderLowLevelStatus {
  return typeof value === 'string' && (ORDER_LOW_LEVEL_STATUSES as readonly string[]).includes(value);
}

/** `<top>.<method>.<low>`, e.g. `received.at_home_phlebotomy.ordered`. */
export type OrderStatus = `${OrderTopLevelStatus}.${CollectionMethod}.${OrderLowLevelStatus}`;

type TopOf = Readonly<Partial<Record<OrderLowLevelStatus, OrderTopLevelStatus>>>;

/** Each method's low-level statuses and their top level, in the order §6.5 lists them. */
export const ORDER_STATUSES_BY_METHOD: Readonly<Record<CollectionMethod, TopOf>> = {
  at_home_phlebotomy: {
    ordered: 'received',
    requisition_created: 'received',
    requisition_bypassed: 'received',
    appointment_pending: 'collecting_sample',
    appointment_scheduled: 'collecting_sample',
    draw_completed: 'collecting_sample',
    appointment_cancelled: 'collecting_sample',
    partial_results: 'sample_with_lab',
    completed: 'completed',
    corrected: 'completed',
    sample_error: 'failed',
    cancelled: 'cancelled',
  },
  walk_in_test: {
    ordered: 'received',
    requisition_created: 'received',
    requisition_bypassed: 'received',
    appointment_pending: 'collecting_sample',
    appointment_scheduled: 'collecting_sample',
    appointment_cancelled: 'collecting_sample',
    redraw_available: 'collecting_sample',
    partial_results: 'sample_with_lab',
    completed: 'completed',
    corrected: 'completed',
    sample_error: 'failed',
    cancelled: 'cancelled',
  },
  testkit: {
    ordered: 'received',
    awaiting_registration: 'received',
    requisition_created: 'received',
    requisition_bypassed: 'received',
    registered: 'received',
    transit_customer: 'collecting_sample',
    out_for_delivery: 'collecting_sample',
    with_customer: 'collecting_sample',
    transit_lab: 'collecting_sample',
    problem_in_transit_customer: 'collecting_sample',
    problem_in_transit_lab: 'collecting_sample',
    delivered_to_lab: 'sample_with_lab',
    lab_processing_blocked: 'sample_with_lab',
    completed: 'completed',
    corrected: 'completed',
    failure_to_deliver_to_customer: 'failed',
    failure_to_deliver_to_lab: 'failed',
    sample_error: 'failed',
    lost: 'failed',
    cancelled: 'cancelled',
    do_not_process: 'cancelled',
  },
  on_site_collection: {
    ordered: 'received',
    requisition_created: 'received',
    requisition_bypassed: 'received',
    draw_completed: 'sample_with_lab',
    partial_results: 'sample_with_lab',
    completed: 'completed',
    corrected: 'completed',
    sample_error: 'failed',
    cancelled: 'cancelled',
  },
};

/** The low-level statuses a method has, in §6.5 order. */
export function orderLowLevelStatusesOf(method: CollectionMethod): OrderLowLevelStatus[] {
  return Object.keys(ORDER_STATUSES_BY_METHOD[method]) as OrderLowLevelStatus[];
}

/** The top level of `low` for `method`, or undefined when the method has no such status. */
export function orderTopLevelOf(
  method: CollectionMethod,
  low: OrderLowLevelStatus,
): OrderTopLevelStatus | undefined {
  return ORDER_STATUSES_BY_METHOD[method][low];
}

/** Every OrderStatus value, method by method (for the OpenAPI enum and the `final_status` parameter). */
export const ORDER_STATUSES: readonly OrderStatus[] = (
  Object.keys(ORDER_STATUSES_BY_METHOD) as CollectionMethod[]
).flatMap((method) => orderLowLevelStatusesOf(method).map((low) => formatOrderStatus(method, low)));

const ORDER_STATUS_SET: ReadonlySet<string> = new Set(ORDER_STATUSES);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && ORDER_STATUS_SET.has(value);
}

export interface OrderStatusParts {
  top: OrderTopLevelStatus;
  method: CollectionMethod;
  low: OrderLowLevelStatus;
}

/** `OrderStatus` of `method` and `low`; throws when the method has no such status (a programming error). */
export function formatOrderStatus(method: CollectionMethod, low: OrderLowLevelStatus): OrderStatus {
  const top = orderTopLevelOf(method, low);
  if (!top) throw new RangeError(`Collection method ${method} has no order status ${low}.`);
  return `${top}.${method}.${low}`;
}

/** The parts of a valid OrderStatus, or undefined for anything else (including a wrong top level). */
export function parseOrderStatus(value: unknown): OrderStatusParts | undefined {
  if (!isOrderStatus(value)) return undefined;
  const [top, method, low] = value.split('.') as [OrderTopLevelStatus, CollectionMethod, OrderLowLevelStatus];
  return { top, method, low };
}
