/**
 * The safety net behind the event path: every `LAB_SUBMIT_SWEEP_MS`, orders standing at their lab-submission
 * point for longer than `staleAfterMs` without an accepted submission — never attempted (an event missed, a lab
 * interface configured later) or whose last attempt is that old (retries dead-lettered while the lab was down)
 * — are re-queued as `lab.order.submit`. So are production orders still at `ordered` whose requisition step
 * (lab-results/requisition-step.ts, run by the same message) never ran because its event was lost. Refused (`rejected`) submissions are left to people. One replica
 * sweeps at a time (a transaction-scoped advisory lock); a message that still races one in flight is harmless:
 * the resend reuses the MSH-10 and the lab acknowledges the copy.
 */
import { LAB_SUBMISSION_POINTS, REQUISITION_METHODS } from '@meridian/data-api/lab-fulfilment';
import type { Knex } from '@meridian/db';
import type { CollectionMethod, Environment } from '@meridian/domain';
import { createMessage, LAB_ORDER_SUBMIT, type Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';

/** pg advisory lock key of the sweep ('LABSWEEP' in ASCII). */
const SWEEP_LOCK = 0x4c41425357454550n;

export interface SubmissionSweep {
  sweepOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createSubmissionSweep(deps: {
  db: Knex;
  transport: Pick<Transport, 'publish'>;
  logger: Logger;
  intervalMs: number;
  staleAfterMs: number;
  batchSize?: number;
  clock?: () => Date;
}): SubmissionSweep {
  const batchSize = deps.batchSize ?? 200;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function sweepOnce(): Promise<number> {
    const now = deps.clock?.() ?? new Date();
    const staleBefore = new Date(now.getTime() - deps.staleAfterMs);
    return deps.db.transaction(async (trx) => {
      const { rows: lock } = await trx.raw<{ rows: { locked: boolean }[] }>(
        'select pg_try_advisory_xact_lock(?::bigint) as locked',
        [SWEEP_LOCK.toString()],
      );
      if (!lock[0]?.locked) return 0;
      const due = trx('lab_orders as o')
        .leftJoin('lab_order_submissions as s', 's.order_id', 'o.id')
        .where('o.status_changed_at', '<', staleBefore)
        .where((q) => {
          for (const [method, statuses] of Object.entries(LAB_SUBMISSION_POINTS) as [
            CollectionMethod,
            string[],
          ][]) {
            q.orWhere((m) => m.where('o.collection_method', method).whereIn('o.status_low', statuses));
          }
          // Requisition not drawn yet: the message handler draws it (and the order then moves on by its event).
          q.orWhere((m) =>
            m
              .where('o.environment', 'production')
              .where('o.status_low', 'ordered')
              .whereIn('o.collection_method', REQUISITION_METHODS),
          );
        })
        .where((q) =>
          q
            .whereNull('s.order_id')
            .orWhere((s) =>
              s
                .where('s.state', 'sending')
                .whereRaw('coalesce(s.last_attempt_at, s.created_at) < ?', [staleBefore]),
            ),
        )
        .orderBy('o.status_changed_at')
        .limit(batchSize)
        .select<{ id: string; team_id: string; environment: Environment }[]>(
          'o.id',
          'o.team_id',
          'o.environment',
        );
      const orders = await due;
      for (const order of orders) {
        await deps.transport.publish(
          LAB_ORDER_SUBMIT,
          createMessage(LAB_ORDER_SUBMIT, {
            order_id: order.id,
            team_id: order.team_id,
            environment: order.environment,
          }),
        );
      }
      // Marks the re-queued attempts so the next sweeps wait `staleAfterMs` for this one to be handled.
      if (orders.length > 0) {
        await trx('lab_order_submissions')
          .whereIn(
            'order_id',
            orders.map((o) => o.id),
          )
          .where({ state: 'sending' })
          .update({ last_attempt_at: now });
      }
      return orders.length;
    });
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepOnce()
        .then((n) => {
          if (n > 0) deps.logger.info('lab submissions re-queued', { orders: n });
        })
        .catch((err: unknown) => deps.logger.warn('lab submission sweep failed', { err }))
        .finally(schedule);
    }, deps.intervalMs);
    timer.unref?.();
  }

  return {
    sweepOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
