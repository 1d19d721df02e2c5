import { withTransaction, type Knex } from '@meridian/db';
import {
  ConflictError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
  canTransitionOrder,
  formatOrderStatus,
  ORDER_HAPPY_PATHS,
  type OrderLowLevelStatus,
  type TeamScope,
  type ValidationIssue,
} from '@meridian/domain';
import {
  FulfilmentError,
  type CourierUpdate,
  type FulfilmentPartner,
  type FulfilmentShipment,
  type ShipmentLeg,
  type CourierStatus,
} from '@meridian/lab-partners';
import type { CursorCodec, Logger } from '@meridian/platform';
import { PartnerOutageError, providerNotAvailable } from '../lab-appointments/partner-errors';
import {
  createLabOrdersService,
  type CreateOrderBody,
  type PatientDetailsInput,
} from '../lab-orders/lab-orders.service';
import type { OrderWire } from '../lab-orders/lab-orders.presenter';
import { applyOrderTransition, findOrderForUpdate, loadOrderWire } from '../lab-orders/order-transitions';
import {
  ageInYears,
  checkAddress,
  checkDob,
  isEmail,
  isRealDate,
  isValidNpi,
  normalizePhone,
  type AddressInput,
} from '../lab-orders/order-input.rules';
import { createLabTestkitRepository, type ShipmentWire } from './lab-testkit.repository';

/**
 * Test-kit orders (api-shapes §6.11): create (the kit is dispatched by the fulfilment partner in the order's
 * own transaction: nothing is stored when the partner refuses or cannot be reached), register a kit handed out
 * offline, and the courier's scans (signed webhooks) driving the testkit statuses through
 * `applyOrderTransition` (order-transitions.ts). Results then complete the order like any other
 * (`delivered_to_lab → completed`).
 */

export interface LabTestkitDeps {
  db: Knex;
  clock: () => Date;
  cursors: CursorCodec;
  logger: Logger;
  fulfilment: FulfilmentPartner | null;
}

export interface RegisterKitBody {
  sample_id: string;
  user_id: string;
  patient_details: PatientDetailsInput;
  patient_address: AddressInput;
  physician?: { first_name: string; last_name: string; npi: string } | null;
  consents?: { consentType: string; version?: string; timeOfConsent?: string }[];
}

/** A kit shipped by the partner during a create, remembered so a failed transaction can cancel it. */
interface Sent {
  shipment?: FulfilmentShipment;
  partner?: FulfilmentPartner;
}

/** Dispatch of a test kit ordered through POST /v3/order (lab-orders.router.ts). */
export interface KitDispatch {
  /** In the order's transaction: ships a test-kit order's kit; the order as it stands after (others as given). */
  inTransaction(trx: Knex.Transaction, order: OrderWire): Promise<OrderWire>;
  /** After a failed transaction: cancels at the partner a kit shipped for it. */
  compensate(): Promise<void>;
}

/** Where a courier scan takes the order, by leg. */
const TARGET: Record<ShipmentLeg, Record<CourierStatus, OrderLowLevelStatus>> = {
  outbound: {
    in_transit: 'transit_customer',
    out_for_delivery: 'out_for_delivery',
    delivered: 'with_customer',
    exception: 'problem_in_transit_customer',
    failed: 'failure_to_deliver_to_customer',
    lost: 'lost',
  },
  inbound: {
    in_transit: 'transit_lab',
    out_for_delivery: 'transit_lab',
    delivered: 'delivered_to_lab',
    exception: 'problem_in_transit_lab',
    failed: 'failure_to_deliver_to_lab',
    lost: 'lost',
  },
};

const issue = (loc: string[], msg: string, input: unknown, type = 'value_error'): ValidationIssue => ({
  loc,
  msg,
  type,
  input,
  ctx: {},
});

export function shipmentWire(id: string, s: FulfilmentShipment): ShipmentWire {
  return {
    id,
    outbound_tracking_number: s.outbound?.trackingNumber ?? null,
    outbound_tracking_url: s.outbound?.trackingUrl ?? null,
    inbound_tracking_number: s.inbound.trackingNumber,
    inbound_tracking_url: s.inbound.trackingUrl,
    outbound_courier: s.outbound?.courier ?? null,
    inbound_courier: s.inbound.courier,
    notes: null,
  };
}

/**
 * The statuses a courier scan moves a kit order through: the direct edge, else the missed steps of the usual
 * course (`ORDER_HAPPY_PATHS.testkit`) up to the first one the scan's status may follow (a kit reported lost on
 * its way back was picked up first: `with_customer → transit_lab → lost`). Null: the order cannot follow.
 */
export function courierPath(
  from: OrderLowLevelStatus,
  to: OrderLowLevelStatus,
): OrderLowLevelStatus[] | null {
  if (from === to) return [];
  // Results are the lab's to report, never a courier's.
  if (to === 'completed' || to === 'corrected') return null;
  if (canTransitionOrder('testkit', from, to)) return [to];
  const happy = ORDER_HAPPY_PATHS.testkit;
  const i = happy.indexOf(from === 'registered' ? 'with_customer' : from);
  if (i < 0) return null;
  const j = happy.indexOf(to);
  if (j > i) {
    const walk = happy.slice(i + 1, j + 1);
    return walk.every((s, k) => canTransitionOrder('testkit', k === 0 ? from : walk[k - 1]!, s))
      ? walk
      : null;
  }
  const path: OrderLowLevelStatus[] = [];
  let at = from;
  for (const next of happy.slice(i + 1)) {
    if (next === 'completed' || !canTransitionOrder('testkit', at, next)) return null;
    path.push(next);
    at = next;
    if (next === to) return path;
    if (canTransitionOrder('testkit', at, to)) return [...path, to];
  }
  return null;
}

export function createLabTestkitService(deps: LabTestkitDeps) {
  const orders = createLabOrdersService({ db: deps.db, clock: deps.clock, cursors: deps.cursors });
  const repo = createLabTestkitRepository(deps.db);

  function partnerOrThrow(): FulfilmentPartner {
    if (!deps.fulfilment) throw providerNotAvailable('No test-kit fulfilment partner is configured.');
    return deps.fulfilment;
  }

  function fromFulfilmentError(err: unknown): unknown {
    if (!(err instanceof FulfilmentError)) return err;
    if (err.code === 'rejected')
      return providerNotAvailable('The fulfilment partner refused to ship a kit to this address.');
    if (err.code === 'invalid_state')
      return new ConflictError('invalid_state', 'The fulfilment partner does not allow this change now.', {
        status: 'unknown',
      });
    return new PartnerOutageError(
      err.retryAfterSeconds ?? 5,
      'The fulfilment partner is not reachable; retry later.',
    );
  }

  async function minorsAllowed(scope: TeamScope): Promise<boolean> {
    const row = await deps
      .db('teams')
      .where({ id: scope.teamId })
      .first<{ minors: boolean | null } | undefined>(
        deps.db.raw(`(settings -> ? ->> 'minor_ordering_enabled')::boolean as minors`, [scope.environment]),
      );
    return row?.minors === true;
  }

  /** Cancels at the partner a kit Meridian could not record; an operator is told when even that fails. */
  async function compensate(partner: FulfilmentPartner, shipment: FulfilmentShipment) {
    try {
      await partner.cancelShipment(shipment.externalId);
    } catch (err) {
      deps.logger.error('kit shipment left at the fulfilment partner: cancel it by hand', {
        provider: partner.provider,
        external_id: shipment.externalId,
        code: err instanceof FulfilmentError ? err.code : 'unknown',
      });
    }
  }

  /**
   * In the order's transaction, after the order's own checks (422, then 404, api-shapes §2.4): the partner ships
   * the kit (idempotency key = order id), the order records the `Shipment`, the kit barcode and its next status.
   */
  async function dispatchInTransaction(
    trx: Knex.Transaction,
    scope: TeamScope,
    order: OrderWire,
    opts: { awaitingRegistration: boolean; sampleId?: string },
    sent: Sent,
  ): Promise<void> {
    const partner = partnerOrThrow();
    sent.partner = partner;
    const a = order.patient_address!;
    const now = deps.clock();
    let dispatched: FulfilmentShipment;
    try {
      dispatched = await partner.createShipment({
        reference: order.id,
        recipient: {
          name: a.receiver_name
            ? String(a.receiver_name)
            : `${order.patient_details.first_name} ${order.patient_details.last_name}`,
          line1: a.first_line,
          line2: a.second_line,
          city: a.city,
          state: a.state,
          zip: a.zip,
          country: a.country,
          phone: a.phone_number ?? order.patient_details.phone_number,
        },
        outbound: !opts.awaitingRegistration,
        kitBarcode: opts.sampleId ?? null,
        idempotencyKey: order.id,
      });
    } catch (err) {
      throw fromFulfilmentError(err);
    }
    sent.shipment = dispatched;
    const shipmentId = (order.details as { data: { shipment: { id: string } | null } }).data.shipment?.id;
    const r = createLabTestkitRepository(trx);
    await r.setShipment(scope, order.id, {
      shipment: shipmentWire(shipmentId ?? order.id, dispatched),
      sampleId: dispatched.kitBarcode,
      now,
    });
    await r.insertShipmentLink(scope, order.id, partner.provider, dispatched, now);
    await applyOrderTransition(trx, {
      ...scope,
      orderId: order.id,
      // A dispatched kit carries its requisition; a kit handed out offline waits for its patient.
      to: opts.awaitingRegistration ? 'awaiting_registration' : 'requisition_created',
      now,
    });
  }

  return {
    /**
     * POST /v3/order/testkit: the order (validated as POST /v3/order) and the kit's dispatch, atomically.
     * `awaitingRegistration`: a kit handed out offline (only its return label is made), registered later.
     */
    async create(
      scope: TeamScope,
      body: CreateOrderBody,
      opts: { awaitingRegistration: boolean; sampleId?: string },
    ) {
      if (body.collection_method && body.collection_method !== 'testkit') {
        throw ValidationError.single(
          ['body', 'collection_method'],
          'POST /v3/order/testkit orders test kits only.',
          'value_error',
          body.collection_method,
        );
      }
      if (opts.sampleId !== undefined && !opts.awaitingRegistration) {
        throw ValidationError.single(
          ['query', 'sample_id'],
          'sample_id names a kit handed out offline: only with awaiting_registration=true.',
          'value_error',
          opts.sampleId,
        );
      }
      if (opts.sampleId !== undefined && (await repo.findKitOrder(scope, opts.sampleId))) {
        throw new ConflictError(
          'duplicate_sample_id',
          'A test-kit order with this sample_id exists already.',
        );
      }
      const sent: Sent = {};
      let orderId: string;
      try {
        const created = await orders.create(
          scope,
          { ...body, collection_method: 'testkit' },
          async (trx, order) => {
            await dispatchInTransaction(trx, scope, order, opts, sent);
          },
        );
        orderId = created.id;
      } catch (err) {
        if (sent.shipment && sent.partner) await compensate(sent.partner, sent.shipment);
        throw err;
      }
      return orders.get(scope, orderId);
    },

    /**
     * POST /v3/order with a test kit (its `collection_method`, or the lab test's own): the kit is dispatched as
     * POST /v3/order/testkit dispatches it, in the order's transaction, and the hook answers the order as it
     * stands after. Null when no fulfilment partner is configured: the order then waits at `ordered`.
     */
    plainOrderDispatch(scope: TeamScope): KitDispatch | null {
      if (!deps.fulfilment) return null;
      const sent: Sent = {};
      return {
        async inTransaction(trx, order) {
          if (order.details?.type !== 'testkit') return order;
          await dispatchInTransaction(trx, scope, order, { awaitingRegistration: false }, sent);
          return loadOrderWire(trx, await findOrderForUpdate(trx, scope.teamId, scope.environment, order.id));
        },
        async compensate() {
          if (sent.shipment && sent.partner) await compensate(sent.partner, sent.shipment);
        },
      };
    },

    /** POST /v3/order/testkit/register: binds a kit awaiting registration to its patient. */
    async register(scope: TeamScope, body: RegisterKitBody) {
      const user = await deps
        .db('users')
        .where({ id: body.user_id, team_id: scope.teamId, environment: scope.environment })
        .whereNull('deleted_at')
        .first<{ id: string } | undefined>('id');
      if (!user) throw new NotFoundError('User not found.');
      const kit = await repo.findKitOrder(scope, body.sample_id);
      if (!kit) throw new NotFoundError('No test kit with this sample_id.');
      const now = deps.clock();
      const today = now.toISOString().slice(0, 10);
      const p = body.patient_details;
      const loc = ['body', 'patient_details'];
      const issues: ValidationIssue[] = [];
      if (p.first_name.trim() === '')
        issues.push(issue([...loc, 'first_name'], 'Must not be blank.', p.first_name));
      if (p.last_name.trim() === '')
        issues.push(issue([...loc, 'last_name'], 'Must not be blank.', p.last_name));
      issues.push(...checkDob(p.dob, today, [...loc, 'dob'], { minorsAllowed: await minorsAllowed(scope) }));
      const phone = normalizePhone(p.phone_number);
      if (!phone) issues.push(issue([...loc, 'phone_number'], 'Not a phone number (E.164).', p.phone_number));
      if (!isEmail(p.email.trim())) issues.push(issue([...loc, 'email'], 'Not an e-mail address.', p.email));
      if (isRealDate(p.dob) && ageInYears(p.dob, today) < 18 && !p.medical_proxy)
        issues.push(
          issue([...loc, 'medical_proxy'], 'A minor patient needs a medical proxy.', null, 'missing'),
        );
      const address = checkAddress(body.patient_address, ['body', 'patient_address'], { requireUs: false });
      issues.push(...address.issues);
      if (body.physician && !isValidNpi(body.physician.npi.trim()))
        issues.push(issue(['body', 'physician', 'npi'], 'Not a valid NPI.', body.physician.npi));
      const consents = (body.consents ?? []).map((c) => ({
        consentType: c.consentType,
        version: c.version ?? '1.0',
        timeOfConsent: c.timeOfConsent ?? now.toISOString(),
      }));
      if (new Set(consents.map((c) => c.consentType)).size !== consents.length)
        issues.push(issue(['body', 'consents'], 'Each consent type once.', null));
      if (issues.length > 0) throw new ValidationError(issues);
      const proxy = p.medical_proxy
        ? {
            first_name: p.medical_proxy.first_name.trim(),
            last_name: p.medical_proxy.last_name.trim(),
            address: checkAddress(p.medical_proxy.address, [], { requireUs: false }).address,
            phone_number: normalizePhone(p.medical_proxy.phone_number) ?? p.medical_proxy.phone_number,
            email: p.medical_proxy.email?.trim() || null,
          }
        : null;
      await withTransaction(deps.db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, kit.id);
        if (order.statusLow !== 'awaiting_registration')
          throw new InvalidStateError(
            formatOrderStatus('testkit', order.statusLow),
            'This kit is not awaiting registration.',
          );
        await createLabTestkitRepository(trx).bindPatient(scope, kit.id, {
          userId: body.user_id,
          firstName: p.first_name.trim(),
          lastName: p.last_name.trim(),
          dob: p.dob,
          details: {
            gender: p.gender,
            phone_number: phone,
            email: p.email.trim(),
            medical_proxy: proxy,
            race: p.race ?? null,
            ethnicity: p.ethnicity ?? null,
            sexual_orientation: p.sexual_orientation ?? null,
            gender_identity: p.gender_identity ?? null,
          },
          address: address.address,
          physician: body.physician
            ? {
                first_name: body.physician.first_name.trim(),
                last_name: body.physician.last_name.trim(),
                npi: body.physician.npi.trim(),
              }
            : undefined,
          consents: body.consents ? consents : undefined,
          now,
        });
        await applyOrderTransition(trx, { ...scope, orderId: kit.id, to: 'registered', now });
      });
      return orders.get(scope, kit.id);
    },

    /** After an order was cancelled: the kit's shipment is cancelled at the partner (best effort, logged). */
    async cancelForCancelledOrder(scope: TeamScope, orderId: string): Promise<void> {
      if (!deps.fulfilment) return;
      const link = await repo.findLinkByOrder(scope, orderId);
      if (!link) return;
      try {
        await deps.fulfilment.cancelShipment(link.externalId);
      } catch (err) {
        deps.logger.warn('kit shipment not cancelled at the fulfilment partner', {
          provider: link.provider,
          external_id: link.externalId,
          order_id: orderId,
          code: err instanceof FulfilmentError ? err.code : 'unknown',
        });
      }
    },

    /**
     * A courier scan the fulfilment partner reports (signature verified first). Applied only when newer than
     * the last one applied; moves the order to the scan's status through the state machine, walking missed
     * happy-path steps; a scan the order cannot follow is recorded and ignored.
     */
    async courierWebhook(
      provider: string,
      headers: Record<string, string | string[] | undefined>,
      rawBody: Buffer,
    ) {
      if (!deps.fulfilment || deps.fulfilment.provider !== provider)
        throw new NotFoundError('No fulfilment partner with this name is configured.');
      const update: CourierUpdate = deps.fulfilment.parseWebhook(headers, rawBody);
      const link = await repo.findLinkByExternalId(provider, update.shipment.externalId);
      if (!link) return 'ignored' as const;
      const scope: TeamScope = { teamId: link.teamId, environment: link.environment };
      const now = deps.clock();
      return withTransaction(deps.db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, link.orderId);
        const r = createLabTestkitRepository(trx);
        const locked = await r.lockLink(link.orderId);
        if (locked?.partnerUpdatedAt && locked.partnerUpdatedAt.getTime() >= update.shipment.updatedAtMs)
          return 'ignored' as const;
        await r.touchLink(
          link.orderId,
          `${update.leg}:${update.status}`,
          new Date(update.shipment.updatedAtMs),
          now,
        );
        const wire = await loadOrderWire(trx, order);
        const current = (wire.details as { data: { shipment: ShipmentWire | null } }).data.shipment;
        await r.setShipment(scope, order.id, {
          shipment: shipmentWire(current?.id ?? order.id, update.shipment),
          now,
        });
        const path = courierPath(order.statusLow, TARGET[update.leg][update.status]);
        if (path === null) {
          deps.logger.warn('courier scan cannot move its kit order in its current status', {
            order_id: order.id,
            order_status: order.statusLow,
            scan: `${update.leg}:${update.status}`,
          });
          return 'ignored' as const;
        }
        for (const to of path) {
          await applyOrderTransition(trx, { ...scope, orderId: order.id, to, now });
        }
        return path.length > 0 ? ('applied' as const) : ('ignored' as const);
      });
    },
  };
}

export type LabTestkitService = ReturnType<typeof createLabTestkitService>;
