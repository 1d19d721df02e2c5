import {
  APPOINTMENT_ACTIONS,
  appointmentTransitionTable,
  assertCanCreateAppointment,
  canRescheduleAppointment,
  initialAppointmentState,
  isActiveAppointment,
  nextAppointmentState,
  type AppointmentAction,
  type AppointmentChange,
} from './appointment-state-machine';
import { APPOINTMENT_STATUSES, type AppointmentStatus, type CollectionMethod } from './enums';
import { AppointmentExistsError, InvalidStateError } from './errors';
import { nextOrderStatus } from './order-state-machine';
import type { OrderLowLevelStatus } from './order-status';

/** §6.7 transitions, written out independently (plus `confirmed → completed` and `reserved`, see the module). */
const EXPECTED: [AppointmentStatus, AppointmentAction, AppointmentChange][] = [
  [
    'pending',
    'confirm',
    { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_confirmed' },
  ],
  [
    'pending',
    'cancel',
    { status: 'cancelled', eventStatus: 'cancelled', orderTrigger: 'appointment_cancelled' },
  ],
  [
    'reserved',
    'confirm',
    { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_booked' },
  ],
  ['reserved', 'cancel', { status: 'cancelled', eventStatus: 'cancelled' }],
  [
    'confirmed',
    'reschedule',
    { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_rescheduled' },
  ],
  ['confirmed', 'start', { status: 'in_progress', eventStatus: 'in_progress' }],
  [
    'confirmed',
    'complete',
    { status: 'completed', eventStatus: 'completed', orderTrigger: 'draw_completed' },
  ],
  [
    'confirmed',
    'cancel',
    { status: 'cancelled', eventStatus: 'cancelled', orderTrigger: 'appointment_cancelled' },
  ],
  [
    'in_progress',
    'complete',
    { status: 'completed', eventStatus: 'completed', orderTrigger: 'draw_completed' },
  ],
];

describe('appointment state machine (§6.7)', () => {
  it('allows exactly the listed moves', () => {
    const table = appointmentTransitionTable().map(({ from, action, to }) => [from, action, to]);
    expect(table).toEqual(expect.arrayContaining(EXPECTED));
    expect(table).toHaveLength(EXPECTED.length);
  });

  it.each(EXPECTED)('%s + %s', (from, action, to) => {
    expect(nextAppointmentState(from, action)).toEqual(to);
  });

  const refused = APPOINTMENT_STATUSES.flatMap((from) =>
    APPOINTMENT_ACTIONS.filter((a) => !EXPECTED.some(([f, x]) => f === from && x === a)).map(
      (action) => [from, action] as [AppointmentStatus, AppointmentAction],
    ),
  );
  it.each(refused)('%s + %s is refused with 409 invalid_state', (from, action) => {
    expect(() => nextAppointmentState(from, action)).toThrow(InvalidStateError);
    try {
      nextAppointmentState(from, action);
    } catch (err) {
      expect((err as InvalidStateError).extra).toEqual({ status: from });
    }
  });

  it('a completed service-center visit does not move the order (walk-in has no draw_completed)', () => {
    expect(nextAppointmentState('in_progress', 'complete', 'patient_service_center')).toEqual({
      status: 'completed',
      eventStatus: 'completed',
    });
  });

  it('book starts confirmed/scheduled, request pending/pending; both move the order', () => {
    expect(initialAppointmentState('book')).toEqual({
      status: 'confirmed',
      eventStatus: 'scheduled',
      orderTrigger: 'appointment_booked',
    });
    expect(initialAppointmentState('request')).toEqual({
      status: 'pending',
      eventStatus: 'pending',
      orderTrigger: 'appointment_requested',
    });
  });

  it('active and reschedulable statuses', () => {
    expect(APPOINTMENT_STATUSES.filter(isActiveAppointment)).toEqual([
      'pending',
      'reserved',
      'confirmed',
      'in_progress',
    ]);
    expect(APPOINTMENT_STATUSES.filter(canRescheduleAppointment)).toEqual(['confirmed']);
  });

  it('every order trigger of an at-home appointment is an allowed order move from where it happens', () => {
    const at = (low: OrderLowLevelStatus) => `collecting_sample.at_home_phlebotomy.${low}` as const;
    expect(nextOrderStatus('received.at_home_phlebotomy.requisition_created', 'appointment_booked')).toBe(
      at('appointment_scheduled'),
    );
    expect(
      nextOrderStatus(at('appointment_pending'), nextAppointmentState('pending', 'confirm').orderTrigger!),
    ).toBe(at('appointment_scheduled'));
    expect(
      nextOrderStatus(
        at('appointment_scheduled'),
        nextAppointmentState('in_progress', 'complete').orderTrigger!,
      ),
    ).toBe(at('draw_completed'));
    expect(
      nextOrderStatus(at('appointment_pending'), nextAppointmentState('pending', 'cancel').orderTrigger!),
    ).toBe(at('appointment_cancelled'));
  });
});

describe('creating an appointment', () => {
  const base = {
    action: 'book' as const,
    type: 'phlebotomy' as const,
    orderMethod: 'at_home_phlebotomy' as CollectionMethod,
    orderStatus: 'requisition_created' as OrderLowLevelStatus,
    activeAppointmentId: null,
  };

  it.each([
    ['at_home_phlebotomy', 'phlebotomy', 'requisition_created'],
    ['at_home_phlebotomy', 'phlebotomy', 'requisition_bypassed'],
    ['at_home_phlebotomy', 'phlebotomy', 'appointment_cancelled'],
    ['walk_in_test', 'patient_service_center', 'requisition_created'],
    ['walk_in_test', 'patient_service_center', 'redraw_available'],
  ] as const)('%s %s from %s is allowed', (orderMethod, type, orderStatus) => {
    expect(assertCanCreateAppointment({ ...base, orderMethod, type, orderStatus }).status).toBe('confirmed');
    expect(
      assertCanCreateAppointment({ ...base, action: 'request', orderMethod, type, orderStatus }).status,
    ).toBe('pending');
  });

  it('an active appointment → 409 appointment_exists with its id (checked first)', () => {
    const call = () =>
      assertCanCreateAppointment({
        ...base,
        orderStatus: 'appointment_scheduled',
        activeAppointmentId: 'a-1',
      });
    expect(call).toThrow(AppointmentExistsError);
    try {
      call();
    } catch (err) {
      expect((err as AppointmentExistsError).errorType).toBe('appointment_exists');
      expect((err as AppointmentExistsError).extra).toEqual({ appointment_id: 'a-1' });
    }
  });

  it.each([
    ['at_home_phlebotomy', 'phlebotomy', 'ordered', 'received.at_home_phlebotomy.ordered'],
    [
      'at_home_phlebotomy',
      'phlebotomy',
      'draw_completed',
      'collecting_sample.at_home_phlebotomy.draw_completed',
    ],
    ['at_home_phlebotomy', 'phlebotomy', 'cancelled', 'cancelled.at_home_phlebotomy.cancelled'],
    [
      'at_home_phlebotomy',
      'patient_service_center',
      'requisition_created',
      'received.at_home_phlebotomy.requisition_created',
    ],
    ['testkit', 'phlebotomy', 'requisition_created', 'received.testkit.requisition_created'],
    [
      'on_site_collection',
      'phlebotomy',
      'requisition_created',
      'received.on_site_collection.requisition_created',
    ],
    ['walk_in_test', 'patient_service_center', 'completed', 'completed.walk_in_test.completed'],
  ] as const)('%s %s while %s → 409 invalid_state %s', (orderMethod, type, orderStatus, status) => {
    const call = () => assertCanCreateAppointment({ ...base, orderMethod, type, orderStatus });
    expect(call).toThrow(InvalidStateError);
    try {
      call();
    } catch (err) {
      expect((err as InvalidStateError).extra).toEqual({ status });
    }
  });
});
