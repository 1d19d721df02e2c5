/**
 * What a result message does to its order (api-shapes §6.5): the status it moves the order to, or that it
 * leaves the status alone. Pure; the state machine itself (which moves are legal) stays in the domain and
 * order-transitions.ts.
 */
import type { OrderLowLevelStatus, OrderStatusDetail } from '@meridian/domain';
import type { LabResultMessage, MissingLabResult } from '@meridian/lab-partners';

export type ResultEffect =
  /** Store the results and move the order to `to` (or keep it where it is when `to` is null). */
  | { kind: 'results'; to: OrderLowLevelStatus | null; reportStatus: 'partial' | 'final' | 'corrected' }
  /** The lab could not test the specimen at all: the order fails with a detail. */
  | { kind: 'sample_error'; detail: OrderStatusDetail }
  /** A preliminary report arriving after the final one: recorded as received, changes nothing. */
  | { kind: 'ignored' };

const DONE: ReadonlySet<OrderLowLevelStatus> = new Set<OrderLowLevelStatus>(['completed', 'corrected']);

/**
 * The effect of `message` on an order currently at `current`. Targets the state machine refuses (results for
 * an order not yet drawn, or cancelled) are left to `applyOrderTransition` to refuse.
 */
export function resultEffectOf(message: LabResultMessage, current: OrderLowLevelStatus): ResultEffect {
  switch (message.resultStatus) {
    case 'cancelled':
      return { kind: 'sample_error', detail: sampleErrorDetailOf(message.missingResults) };
    case 'preliminary':
      if (DONE.has(current)) return { kind: 'ignored' };
      return {
        kind: 'results',
        to: current === 'partial_results' ? null : 'partial_results',
        reportStatus: 'partial',
      };
    case 'final':
      return { kind: 'results', to: DONE.has(current) ? null : 'completed', reportStatus: final(current) };
    case 'corrected':
      // A correction of a report we never had as final completes the order; later ones keep it corrected.
      if (current === 'completed') return { kind: 'results', to: 'corrected', reportStatus: 'corrected' };
      if (current === 'corrected') return { kind: 'results', to: null, reportStatus: 'corrected' };
      return { kind: 'results', to: 'completed', reportStatus: 'final' };
  }
}

const final = (current: OrderLowLevelStatus) => (current === 'corrected' ? 'corrected' : 'final');

/** OrderStatusDetail of a rejected specimen, from the lab's reasons (the first that says something). */
export function sampleErrorDetailOf(missing: readonly MissingLabResult[]): OrderStatusDetail {
  for (const m of missing) {
    const note = m.note ?? '';
    switch (m.failureType) {
      case 'quantity_not_sufficient_failure':
      case 'insufficient_volume':
        return 'sample_quantity_not_sufficient';
      case 'collection_process_failure':
        if (/hemoly[sz]/i.test(note)) return 'sample_hemolyzed';
        if (/contaminat/i.test(note)) return 'sample_contaminated';
        return 'sample_improper_collection';
      case 'drop_off_failure':
        return /stability|too old|expired/i.test(note) ? 'sample_stability_exceeded' : 'fulfillment_error';
      case 'missing_demo_aoe_calc_failure':
        return /mismatch|does not match/i.test(note)
          ? 'demographic_information_mismatch'
          : 'demographic_information_unspecified';
      case 'order_entry_failure':
        return /collection date|date of collection/i.test(note)
          ? 'date_of_collection_unspecified'
          : 'fulfillment_error';
      case 'internal_lab_failure':
      case 'patient_condition_failure':
      case 'missing_result_calc_failure':
      case 'non_failure':
      case 'unknown_failure':
        break;
    }
  }
  return 'fulfillment_error';
}
