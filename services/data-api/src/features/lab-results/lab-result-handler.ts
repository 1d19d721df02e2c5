/**
 * The `apply` / `isAlreadyApplied` pair an `Hl7ResultListener` takes (the composition root builds the listener
 * with them): `apply` runs `applyLabResultMessage` and turns a duplicate into `DuplicateLabMessageError`, so
 * the listener answers AA without counting it as applied twice.
 */
import type { Knex } from '@meridian/db';
import {
  DuplicateLabMessageError,
  type Hl7ResultListenerOptions,
  type LabResultContext,
  type LabResultMessage,
} from '@meridian/lab-partners';
import { applyLabResultMessage, type ApplyLabResultOutcome } from './apply-lab-result';
import { createLabResultsRepository } from './lab-results.repository';

export interface LabResultHandlerDeps {
  db: Knex;
  /** Default: the time the listener received the message. */
  clock?: () => Date;
  /** Every applied message's outcome (ids and statuses only: safe to log). */
  onApplied?: (outcome: ApplyLabResultOutcome) => void;
}

export function createLabResultHandler(
  deps: LabResultHandlerDeps,
): Required<Pick<Hl7ResultListenerOptions, 'apply' | 'isAlreadyApplied'>> {
  return {
    async apply(message: LabResultMessage, context: LabResultContext): Promise<void> {
      const now = deps.clock?.() ?? context.receivedAt;
      const outcome = await applyLabResultMessage(deps.db, message, { now });
      deps.onApplied?.(outcome);
      if (outcome.outcome === 'duplicate')
        throw new DuplicateLabMessageError('result message already applied');
    },
    isAlreadyApplied: (idempotencyKey: string) =>
      createLabResultsRepository(deps.db).isMessageApplied(idempotencyKey),
  };
}
