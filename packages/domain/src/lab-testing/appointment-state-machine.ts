/**
 * The appointment state machine (api-shapes §6.7) and the rules for creating one: one active appointment per
 * order (409 `appointment_exists`), booking only once the requisition is ready and before the draw (409
 * `invalid_state`). Each change names the event status it records and the order trigger it causes.
 */
import type { AppointmentEventStatus, AppointmentStatus, AppointmentType, CollectionMethod } from './enums';
import { AppointmentExistsError, InvalidStateError } from './errors';
import { APPOINTMENT_BOOKABLE_ORDER_STATUSES, type OrderTrigger } from './order-state-machine';
import { formatOrderStatus, type OrderLowLevelStatus } from './order-status';

/** What happens to an appointment. */
export const APPOINTMENT_ACTIONS = [
  'book',
  'request',
  'reserve',
  'confirm',
  'reschedule',
  'start',
  'complete',
  'cancel',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export interface AppointmentChange {
  status: AppointmentStatus;
  eventStatus: AppointmentEventStatus;
  /** What the change does to the order (undefined: nothing, e.g. the phlebotomist arriving). */
  orderTrigger?: OrderTrigger;
}

/** Actions that create an appointment, and what they start as. */
const CREATE: Readonly<Partial<Record<AppointmentAction, AppointmentChange>>> = {
  book: { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_booked' },
  request: { status: 'pending', eventStatus: 'pending', orderTrigger: 'appointment_requested' },
  // Pre-requisition booking is deferred (§10): `reserved` exists for it; nothing creates it yet.
  reserve: { status: 'reserved', eventStatus: 'reserved' },
};

/** From each status, the allowed actions and where they lead. */
const TRANSITIONS: Readonly<
  Record<AppointmentStatus, Readonly<Partial<Record<AppointmentAction, AppointmentChange>>>>
> = {
  pending: {
    confirm: { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_confirmed' },
    cancel: { status: 'cancelled', eventStatus: 'cancelled', orderTrigger: 'appointment_cancelled' },
  },
  reserved: {
    confirm: { status: 'confirmed', eventStatus: 'scheduled', orderTrigger: 'appointment_booked' },
    cancel: { status: 'cancelled', eventStatus: 'cancelled' },
  },
  confirmed: {
    reschedule: {
      status: 'confirmed',
      eventStatus: 'scheduled',
      orderTrigger: 'appointment_rescheduled',
    },
    start: { status: 'in_progress', eventStatus: 'in_progress' },
    // A partner that reports the draw without an arrival step.
    complete: { status: 'completed', eventStatus: 'completed', orderTrigger: 'draw_completed' },
    cancel: { status: 'cancelled', eventStatus: 'cancelled', orderTrigger: 'appointment_cancelled' },
  },
  in_progress: {
    complete: { status: 'completed', eventStatus: 'completed', orderTrigger: 'draw_completed' },
  },
  completed: {},
  cancelled: {},
};

export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'reserved',
  'confirmed',
  'in_progress',
];

export function isActiveAppointment(status: AppointmentStatus): boolean {
  return ACTIVE_APPOINTMENT_STATUSES.includes(status);
}

export function isTerminalAppointment(status: AppointmentStatus): boolean {
  return !isActiveAppointment(status);
}

/** Only a confirmed appointment (a time agreed, not yet under way) can be rescheduled. */
export function canRescheduleAppointment(status: AppointmentStatus): boolean {
  return TRANSITIONS[status].reschedule !== undefined;
}

/**
 * The change `action` makes to an appointment in `status`; `InvalidStateError` (with `status`) when refused.
 * A completed service-center visit moves the order nothing (walk-in orders have no `draw_completed`; their
 * results move them on).
 */
export function nextAppointmentState(
  status: AppointmentStatus,
  action: AppointmentAction,
  type: AppointmentType = 'phlebotomy',
): AppointmentChange {
  const change = TRANSITIONS[status][action];
  if (!change) {
    throw new InvalidStateError(status, `An appointment that is ${status} cannot be changed by ${action}.`);
  }
  if (type === 'patient_service_center' && change.orderTrigger === 'draw_completed') {
    return { status: change.status, eventStatus: change.eventStatus };
  }
  return change;
}

/** The appointment type a collection method books, or undefined when it has no appointments. */
export function appointmentTypeFor(method: CollectionMethod): AppointmentType | undefined {
  if (method === 'at_home_phlebotomy') return 'phlebotomy';
  if (method === 'walk_in_test') return 'patient_service_center';
  return undefined;
}

/**
 * May `action` (book, request) create an appointment for an order? Checks, in the §6.7 order: an active
 * appointment → `AppointmentExistsError`; an order whose method has no appointments of `type`, or whose status
 * is not ready (before Requisition Ready, after the draw, cancelled) → `InvalidStateError` with the order's
 * status. Returns the initial state of the new appointment.
 */
export function assertCanCreateAppointment(input: {
  action: 'book' | 'request';
  type: AppointmentType;
  orderMethod: CollectionMethod;
  orderStatus: OrderLowLevelStatus;
  activeAppointmentId: string | null;
}): AppointmentChange {
  if (input.activeAppointmentId) throw new AppointmentExistsError(input.activeAppointmentId);
  const bookable = APPOINTMENT_BOOKABLE_ORDER_STATUSES[input.orderMethod] ?? [];
  if (appointmentTypeFor(input.orderMethod) !== input.type || !bookable.includes(input.orderStatus)) {
    throw new InvalidStateError(
      formatOrderStatus(input.orderMethod, input.orderStatus),
      `An appointment cannot be ${input.action === 'book' ? 'booked' : 'requested'} while the order is ${input.orderStatus}.`,
    );
  }
  return CREATE[input.action]!;
}

/** The initial state of an appointment created by `action`. */
export function initialAppointmentState(action: 'book' | 'request' | 'reserve'): AppointmentChange {
  return CREATE[action]!;
}

/** For the tests and documentation: every allowed (from, action) pair. */
export function appointmentTransitionTable(): {
  from: AppointmentStatus;
  action: AppointmentAction;
  to: AppointmentChange;
}[] {
  return (Object.keys(TRANSITIONS) as AppointmentStatus[]).flatMap((from) =>
    (Object.entries(TRANSITIONS[from]) as [AppointmentAction, AppointmentChange][]).map(([action, to]) => ({
      from,
      action,
      to,
    })),
  );
}
