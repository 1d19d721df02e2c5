import { ConflictError } from '../errors';
import { COLLECTION_METHODS, type CollectionMethod } from './enums';
import { InvalidStateError } from './errors';
import {
  ORDER_HAPPY_PATHS,
  ORDER_INITIAL_STATUSES,
  ORDER_TRANSITIONS,
  allowedOrderTransitions,
  assertOrderTransition,
  initialOrderStatus,
  isOrderCancellable,
  isTerminalOrderStatus,
  nextOrderStatus,
  orderChangeEventType,
  orderStatusPath,
  orderTopLevelStatus,
  type OrderTrigger,
} from './order-state-machine';
import {
  ORDER_STATUSES,
  formatOrderStatus,
  isOrderStatus,
  orderLowLevelStatusesOf,
  parseOrderStatus,
  type OrderLowLevelStatus as Low,
  type OrderStatus,
} from './order-status';

/** §6.5 "At-home phlebotomy transitions", written out independently of the implementation. */
const AT_HOME_TABLE: [Low, Low[]][] = [
  ['ordered', ['requisition_created', 'requisition_bypassed', 'cancelled']],
  ['requisition_created', ['appointment_scheduled', 'appointment_pending', 'cancelled']],
  ['requisition_bypassed', ['appointment_scheduled', 'appointment_pending', 'cancelled']],
  ['appointment_cancelled', ['appointment_scheduled', 'appointment_pending', 'cancelled']],
  ['appointment_pending', ['appointment_scheduled', 'appointment_cancelled', 'cancelled']],
  [
    'appointment_scheduled',
    ['appointment_scheduled', 'draw_completed', 'appointment_cancelled', 'cancelled'],
  ],
  ['draw_completed', ['partial_results', 'completed', 'sample_error']],
  ['partial_results', ['completed', 'sample_error']],
  ['completed', ['corrected']],
  ['corrected', []],
  ['cancelled', []],
  ['sample_error', []],
];

const expectInvalidState = (fn: () => unknown, status: string) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidStateError);
    expect(err).toBeInstanceOf(ConflictError);
    const e = err as InvalidStateError;
    expect(e.errorType).toBe('invalid_state');
    expect(e.kind).toBe('conflict');
    expect(e.extra).toEqual({ status });
    return;
  }
  throw new Error('expected an InvalidStateError');
};

describe('order statuses (§6.5)', () => {
  it.each([
    ['at_home_phlebotomy', 'draw_completed', 'collecting_sample.at_home_phlebotomy.draw_completed'],
    ['on_site_collection', 'draw_completed', 'sample_with_lab.on_site_collection.draw_completed'],
    ['testkit', 'do_not_process', 'cancelled.testkit.do_not_process'],
    ['testkit', 'lost', 'failed.testkit.lost'],
    ['walk_in_test', 'redraw_available', 'collecting_sample.walk_in_test.redraw_available'],
    ['at_home_phlebotomy', 'corrected', 'completed.at_home_phlebotomy.corrected'],
  ] as [CollectionMethod, Low, string][])('%s %s is %s', (method, low, status) => {
    expect(formatOrderStatus(method, low)).toBe(status);
    expect(parseOrderStatus(status)).toEqual({ top: status.split('.')[0], method, low });
  });

  it('lists §6.5 values per method and nothing else', () => {
    expect(orderLowLevelStatusesOf('at_home_phlebotomy')).toHaveLength(12);
    expect(orderLowLevelStatusesOf('walk_in_test')).toHaveLength(12);
    expect(orderLowLevelStatusesOf('testkit')).toHaveLength(21);
    expect(orderLowLevelStatusesOf('on_site_collection')).toHaveLength(9);
    expect(ORDER_STATUSES).toHaveLength(54);
    expect(new Set(ORDER_STATUSES).size).toBe(ORDER_STATUSES.length);
  });

  it.each([
    'collecting_sample.at_home_phlebotomy.ordered',
    'received.on_site_collection.appointment_scheduled',
    'received.walk_in_test.draw_completed',
    'received.at_home_phlebotomy',
    'received.at_home_phlebotomy.ordered.x',
    '',
    42,
  ])('refuses %p as an OrderStatus', (value) => {
    expect(isOrderStatus(value)).toBe(false);
    expect(parseOrderStatus(value)).toBeUndefined();
  });

  it('refuses to format a status the method does not have', () => {
    expect(() => formatOrderStatus('walk_in_test', 'draw_completed')).toThrow(RangeError);
  });

  it('derives the top-level status from the last event', () => {
    expect(orderTopLevelStatus('sample_with_lab.at_home_phlebotomy.partial_results')).toBe('sample_with_lab');
    expect(orderTopLevelStatus(null)).toBeNull();
  });
});

describe('order state machine', () => {
  it('at-home phlebotomy is exactly the §6.5 table', () => {
    for (const [from, to] of AT_HOME_TABLE) {
      expect([...allowedOrderTransitions('at_home_phlebotomy', from)].sort()).toEqual([...to].sort());
    }
    expect(Object.keys(ORDER_TRANSITIONS.at_home_phlebotomy).sort()).toEqual(
      AT_HOME_TABLE.filter(([, to]) => to.length > 0)
        .map(([from]) => from)
        .sort(),
    );
  });

  const allowed = COLLECTION_METHODS.flatMap((method) =>
    Object.entries(ORDER_TRANSITIONS[method]).flatMap(([from, tos]) =>
      tos.map((to) => [method, from as Low, to] as [CollectionMethod, Low, Low]),
    ),
  );

  it.each(allowed)('%s: %s → %s is allowed and stays within the method', (method, from, to) => {
    expect(() => assertOrderTransition(method, from, to)).not.toThrow();
    expect(orderLowLevelStatusesOf(method)).toContain(from);
    expect(orderLowLevelStatusesOf(method)).toContain(to);
  });

  it.each([
    ['at_home_phlebotomy', 'ordered', 'appointment_scheduled'],
    ['at_home_phlebotomy', 'ordered', 'appointment_pending'],
    ['at_home_phlebotomy', 'draw_completed', 'cancelled'],
    ['at_home_phlebotomy', 'partial_results', 'cancelled'],
    ['at_home_phlebotomy', 'completed', 'cancelled'],
    ['at_home_phlebotomy', 'cancelled', 'ordered'],
    ['at_home_phlebotomy', 'corrected', 'corrected'],
    ['at_home_phlebotomy', 'sample_error', 'completed'],
    ['at_home_phlebotomy', 'appointment_pending', 'draw_completed'],
    ['at_home_phlebotomy', 'appointment_pending', 'appointment_pending'],
    ['at_home_phlebotomy', 'requisition_created', 'draw_completed'],
    ['at_home_phlebotomy', 'partial_results', 'partial_results'],
    ['walk_in_test', 'ordered', 'appointment_scheduled'],
    ['walk_in_test', 'partial_results', 'cancelled'],
    ['walk_in_test', 'requisition_created', 'draw_completed'],
    ['testkit', 'transit_lab', 'cancelled'],
    ['testkit', 'delivered_to_lab', 'cancelled'],
    ['testkit', 'ordered', 'transit_customer'],
    ['testkit', 'awaiting_registration', 'transit_lab'],
    ['testkit', 'lost', 'delivered_to_lab'],
    ['testkit', 'transit_customer', 'problem_in_transit_lab'],
    ['on_site_collection', 'ordered', 'draw_completed'],
    ['on_site_collection', 'draw_completed', 'cancelled'],
    ['on_site_collection', 'requisition_created', 'appointment_scheduled'],
  ] as [CollectionMethod, Low, Low][])(
    '%s: %s → %s is refused with 409 invalid_state',
    (method, from, to) => {
      expectInvalidState(() => assertOrderTransition(method, from, to), formatOrderStatus(method, from));
    },
  );

  it('treats a from-status the method does not have as a programming error', () => {
    expect(() => assertOrderTransition('walk_in_test', 'draw_completed', 'completed')).toThrow(RangeError);
  });

  it('terminal statuses have no way out but a correction of completed results', () => {
    for (const method of COLLECTION_METHODS) {
      for (const low of orderLowLevelStatusesOf(method)) {
        if (!isTerminalOrderStatus(low)) continue;
        const out = allowedOrderTransitions(method, low);
        expect(out).toEqual(low === 'completed' ? ['corrected'] : []);
      }
    }
  });

  it('every non-terminal status of every method has a way forward and is reachable from creation', () => {
    for (const method of COLLECTION_METHODS) {
      const reachable = new Set<Low>(ORDER_INITIAL_STATUSES[method]);
      for (let grew = true; grew;) {
        grew = false;
        for (const from of [...reachable]) {
          for (const to of allowedOrderTransitions(method, from)) {
            if (!reachable.has(to)) {
              reachable.add(to);
              grew = true;
            }
          }
        }
      }
      expect([...reachable].sort()).toEqual([...orderLowLevelStatusesOf(method)].sort());
      for (const low of orderLowLevelStatusesOf(method)) {
        if (!isTerminalOrderStatus(low))
          expect(allowedOrderTransitions(method, low).length).toBeGreaterThan(0);
      }
    }
  });

  it('cancel is allowed before the draw and refused from draw_completed on', () => {
    expect(isOrderCancellable('at_home_phlebotomy', 'appointment_scheduled')).toBe(true);
    expect(isOrderCancellable('at_home_phlebotomy', 'draw_completed')).toBe(false);
    expect(isOrderCancellable('on_site_collection', 'draw_completed')).toBe(false);
    expect(isOrderCancellable('testkit', 'with_customer')).toBe(true);
    expect(isOrderCancellable('testkit', 'transit_lab')).toBe(false);
  });

  it('creates orders in their initial status', () => {
    expect(initialOrderStatus('at_home_phlebotomy')).toBe('received.at_home_phlebotomy.ordered');
    expect(initialOrderStatus('testkit', 'awaiting_registration')).toBe(
      'received.testkit.awaiting_registration',
    );
    expect(() => initialOrderStatus('at_home_phlebotomy', 'completed')).toThrow(RangeError);
  });
});

describe('nextOrderStatus', () => {
  it.each([
    [
      'received.at_home_phlebotomy.ordered',
      'requisition_created',
      'received.at_home_phlebotomy.requisition_created',
    ],
    [
      'received.at_home_phlebotomy.requisition_bypassed',
      'appointment_booked',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
    ],
    [
      'received.at_home_phlebotomy.requisition_created',
      'appointment_requested',
      'collecting_sample.at_home_phlebotomy.appointment_pending',
    ],
    [
      'collecting_sample.at_home_phlebotomy.appointment_pending',
      'appointment_confirmed',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
    ],
    [
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
      'appointment_rescheduled',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
    ],
    [
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
      'draw_completed',
      'collecting_sample.at_home_phlebotomy.draw_completed',
    ],
    [
      'collecting_sample.at_home_phlebotomy.draw_completed',
      'partial_results_received',
      'sample_with_lab.at_home_phlebotomy.partial_results',
    ],
    [
      'sample_with_lab.at_home_phlebotomy.partial_results',
      'results_completed',
      'completed.at_home_phlebotomy.completed',
    ],
    ['completed.at_home_phlebotomy.completed', 'results_corrected', 'completed.at_home_phlebotomy.corrected'],
    [
      'collecting_sample.at_home_phlebotomy.appointment_cancelled',
      'order_cancelled',
      'cancelled.at_home_phlebotomy.cancelled',
    ],
    [
      'collecting_sample.testkit.transit_customer',
      'problem_in_transit',
      'collecting_sample.testkit.problem_in_transit_customer',
    ],
    [
      'collecting_sample.testkit.transit_lab',
      'problem_in_transit',
      'collecting_sample.testkit.problem_in_transit_lab',
    ],
    [
      'collecting_sample.testkit.out_for_delivery',
      'delivery_failed',
      'failed.testkit.failure_to_deliver_to_customer',
    ],
    [
      'collecting_sample.testkit.problem_in_transit_lab',
      'delivery_failed',
      'failed.testkit.failure_to_deliver_to_lab',
    ],
    [
      'sample_with_lab.testkit.lab_processing_blocked',
      'lab_processing_unblocked',
      'sample_with_lab.testkit.delivered_to_lab',
    ],
    ['received.testkit.awaiting_registration', 'kit_registered', 'received.testkit.registered'],
    [
      'received.on_site_collection.requisition_created',
      'draw_completed',
      'sample_with_lab.on_site_collection.draw_completed',
    ],
  ] as [OrderStatus, OrderTrigger, OrderStatus][])('%s + %s → %s', (current, trigger, next) => {
    expect(nextOrderStatus(current, trigger)).toBe(next);
  });

  it.each([
    ['received.at_home_phlebotomy.ordered', 'appointment_booked'],
    ['collecting_sample.at_home_phlebotomy.draw_completed', 'order_cancelled'],
    ['completed.at_home_phlebotomy.completed', 'order_cancelled'],
    ['received.walk_in_test.requisition_created', 'draw_completed'],
    ['received.testkit.ordered', 'problem_in_transit'],
    ['sample_with_lab.testkit.delivered_to_lab', 'lab_processing_unblocked'],
    ['received.on_site_collection.ordered', 'appointment_booked'],
  ] as [OrderStatus, OrderTrigger][])('%s + %s is refused with the current status', (current, trigger) => {
    expectInvalidState(() => nextOrderStatus(current, trigger), current);
  });
});

describe('sandbox walk paths', () => {
  it.each(COLLECTION_METHODS)('%s: the happy path is a chain of allowed moves', (method) => {
    const path = ORDER_HAPPY_PATHS[method];
    for (let i = 1; i < path.length; i++) {
      expect(allowedOrderTransitions(method, path[i - 1]!)).toContain(path[i]);
    }
  });

  it('walks the happy path, and a shortest path off it', () => {
    expect(orderStatusPath('at_home_phlebotomy', 'ordered', 'completed')).toEqual([
      'requisition_created',
      'appointment_scheduled',
      'draw_completed',
      'partial_results',
      'completed',
    ]);
    expect(orderStatusPath('at_home_phlebotomy', 'ordered', 'sample_error')).toEqual([
      'requisition_created',
      'appointment_scheduled',
      'draw_completed',
      'sample_error',
    ]);
    expect(orderStatusPath('testkit', 'ordered', 'lost')).toEqual([
      'requisition_created',
      'transit_customer',
      'lost',
    ]);
    expect(orderStatusPath('on_site_collection', 'ordered', 'cancelled')).toEqual(['cancelled']);
  });

  it('every status of every method is reachable from its first initial status', () => {
    for (const method of COLLECTION_METHODS) {
      const start = ORDER_INITIAL_STATUSES[method][0]!;
      for (const to of orderLowLevelStatusesOf(method)) {
        if (to === start) continue;
        const path = orderStatusPath(method, start, to);
        expect(path.at(-1)).toBe(to);
        let at = start;
        for (const next of path) {
          expect(allowedOrderTransitions(method, at)).toContain(next);
          at = next;
        }
      }
    }
  });

  it('refuses an unreachable target', () => {
    expectInvalidState(
      () => orderStatusPath('at_home_phlebotomy', 'cancelled', 'completed'),
      'cancelled.at_home_phlebotomy.cancelled',
    );
  });
});

describe('order events', () => {
  it('created emits labtest.order.created; every later change labtest.order.updated', () => {
    expect(orderChangeEventType('created', { partialWebhooksEnabled: false })).toBe('labtest.order.created');
    expect(orderChangeEventType('draw_completed', { partialWebhooksEnabled: false })).toBe(
      'labtest.order.updated',
    );
    expect(orderChangeEventType('completed', { partialWebhooksEnabled: false })).toBe(
      'labtest.order.updated',
    );
  });

  it('partial_results emits only with partial_webhooks_enabled', () => {
    expect(orderChangeEventType('partial_results', { partialWebhooksEnabled: false })).toBeNull();
    expect(orderChangeEventType('partial_results', { partialWebhooksEnabled: true })).toBe(
      'labtest.order.updated',
    );
  });
});
