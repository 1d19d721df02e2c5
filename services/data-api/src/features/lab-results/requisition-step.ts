/**
 * Requisition Ready in production. Meridian draws the requisition itself from the order (patient, physician,
 * ICD codes, the lab test's markers: `GET /v3/order/{id}/requisition/pdf`), so a production order that needs
 * one (at-home, walk-in, on-site) moves `ordered → requisition_created` as soon as the lab gateway sees its
 * `labtest.order.created` event — the step that lets the patient book. Sandbox orders are left to the
 * sandbox test walk (`POST /v3/order/{id}/test`), which drives every status itself; test kits have their own
 * path (the kit ships with its requisition, features/lab-testkit).
 */
import type { Knex } from '@meridian/db';
import type { CollectionMethod, Environment, OrderLowLevelStatus } from '@meridian/domain';
import { applyOrderTransition } from '../lab-orders/order-transitions';

/** Collection methods whose production orders get a requisition drawn by Meridian (test kits ship with theirs). */
export const REQUISITION_METHODS: readonly CollectionMethod[] = [
  'at_home_phlebotomy',
  'walk_in_test',
  'on_site_collection',
];
const NEEDS_REQUISITION: ReadonlySet<CollectionMethod> = new Set(REQUISITION_METHODS);

export function isRequisitionDue(
  environment: Environment,
  method: CollectionMethod,
  low: OrderLowLevelStatus,
): boolean {
  return environment === 'production' && low === 'ordered' && NEEDS_REQUISITION.has(method);
}

/**
 * Moves the order to `requisition_created` when it is still due (re-checked under the order's lock, so a
 * repeated event or a concurrent cancel changes nothing); true when it moved. The change and its
 * `labtest.order.updated` event commit together (order-transitions.ts).
 */
export async function createRequisitionIfDue(
  db: Knex,
  ref: { teamId: string; environment: Environment; orderId: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const order = await trx('lab_orders')
      .where({ id: ref.orderId, team_id: ref.teamId, environment: ref.environment })
      .forUpdate()
      .first<{ collection_method: CollectionMethod; status_low: OrderLowLevelStatus } | undefined>(
        'collection_method',
        'status_low',
      );
    if (!order || !isRequisitionDue(ref.environment, order.collection_method, order.status_low)) return false;
    await applyOrderTransition(trx, { ...ref, to: 'requisition_created', now });
    return true;
  });
}
