/**
 * When an order goes to its lab (README "When to call"): the statuses at which the specimen is, or is about to
 * be, with the lab. The lab gateway submits an order that reaches one of them (its `labtest.order.*` event, or
 * its sweep for an event it missed) and has no accepted submission yet. Statuses past these (results, failures,
 * cancellation) never trigger a submission: an order the sandbox walked to its results needs no lab.
 */
import type { CollectionMethod, OrderLowLevelStatus } from '@meridian/domain';

export const LAB_SUBMISSION_POINTS: Readonly<Record<CollectionMethod, readonly OrderLowLevelStatus[]>> = {
  // The phlebotomist's draw report / the team's own draw: the tube is on its way.
  at_home_phlebotomy: ['draw_completed'],
  on_site_collection: ['draw_completed'],
  // The service center draws against the lab's order, so the lab has it once the requisition is ready.
  walk_in_test: [
    'requisition_created',
    'requisition_bypassed',
    'appointment_scheduled',
    'appointment_cancelled',
    'redraw_available',
  ],
  // The kit is on its way back (or already there): the lab accessions it against the order.
  testkit: ['transit_lab', 'problem_in_transit_lab', 'delivered_to_lab', 'lab_processing_blocked'],
};

/** Every status that is a submission point for some method (the sweep's candidate statuses). */
export const LAB_SUBMISSION_STATUSES: readonly OrderLowLevelStatus[] = [
  ...new Set(Object.values(LAB_SUBMISSION_POINTS).flat()),
];

export function isDueForLab(method: CollectionMethod, low: OrderLowLevelStatus): boolean {
  return LAB_SUBMISSION_POINTS[method]?.includes(low) ?? false;
}

/** OBR-7 of the order: the draw, when the status says the specimen was drawn at that moment. */
export function collectedAtOf(low: OrderLowLevelStatus, statusChangedAt: Date): Date | null {
  return low === 'draw_completed' ? statusChangedAt : null;
}
