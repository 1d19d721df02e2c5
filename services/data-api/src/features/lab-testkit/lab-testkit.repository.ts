import type { Knex } from '@meridian/db';
import type { Environment, TeamScope } from '@meridian/domain';
import type { FulfilmentShipment } from '@meridian/lab-partners';

/**
 * SQL of the test-kit use cases: the order's `Shipment` and kit barcode (`lab_orders.shipment`, `sample_id`),
 * the link from the fulfilment partner's shipment to the order (`lab_testkit_shipments`), and binding a kit
 * awaiting registration to its patient. Reads are scoped to the caller's team + environment, except the
 * courier-webhook lookup by the partner's shipment id, which takes the tenant from the row it finds.
 */

export interface ShipmentWire {
  id: string;
  outbound_tracking_number: string | null;
  outbound_tracking_url: string | null;
  inbound_tracking_number: string | null;
  inbound_tracking_url: string | null;
  outbound_courier: string | null;
  inbound_courier: string | null;
  notes: string | null;
}

export interface ShipmentLink {
  orderId: string;
  teamId: string;
  environment: Environment;
  provider: string;
  externalId: string;
  partnerUpdatedAt: Date | null;
}

interface LinkRow {
  order_id: string;
  team_id: string;
  environment: Environment;
  provider: string;
  external_id: string;
  partner_updated_at: Date | null;
}

const toLink = (r: LinkRow): ShipmentLink => ({
  orderId: r.order_id,
  teamId: r.team_id,
  environment: r.environment,
  provider: r.provider,
  externalId: r.external_id,
  partnerUpdatedAt: r.partner_updated_at,
});

export function createLabTestkitRepository(db: Knex | Knex.Transaction) {
  const scoped = (scope: TeamScope) => ({ team_id: scope.teamId, environment: scope.environment });
  return {
    /** The test-kit order of a kit barcode in the caller's tenant (the newest, should there be several). */
    async findKitOrder(scope: TeamScope, sampleId: string): Promise<{ id: string } | null> {
      const row = await db('lab_orders')
        .where({ ...scoped(scope), sample_id: sampleId, collection_method: 'testkit' })
        .orderBy('created_at', 'desc')
        .first<{ id: string } | undefined>('id');
      return row ?? null;
    },

    async setShipment(
      scope: TeamScope,
      orderId: string,
      s: { shipment: ShipmentWire; sampleId?: string; now: Date },
    ): Promise<void> {
      await db('lab_orders')
        .where({ id: orderId, ...scoped(scope) })
        .update({
          shipment: JSON.stringify(s.shipment),
          ...(s.sampleId === undefined ? {} : { sample_id: s.sampleId }),
          updated_at: s.now,
        });
    },

    async insertShipmentLink(
      scope: TeamScope,
      orderId: string,
      provider: string,
      s: FulfilmentShipment,
      now: Date,
    ): Promise<void> {
      await db('lab_testkit_shipments').insert({
        order_id: orderId,
        ...scoped(scope),
        provider,
        external_id: s.externalId,
        partner_status: 'created',
        partner_updated_at: new Date(s.updatedAtMs),
        created_at: now,
        updated_at: now,
      });
    },

    async findLinkByExternalId(provider: string, externalId: string): Promise<ShipmentLink | null> {
      const row = await db('lab_testkit_shipments')
        .where({ provider, external_id: externalId })
        .first<LinkRow | undefined>();
      return row ? toLink(row) : null;
    },

    async findLinkByOrder(scope: TeamScope, orderId: string): Promise<ShipmentLink | null> {
      const row = await db('lab_testkit_shipments')
        .where({ order_id: orderId, ...scoped(scope) })
        .first<LinkRow | undefined>();
      return row ? toLink(row) : null;
    },

    async lockLink(orderId: string): Promise<ShipmentLink | null> {
      const row = await db('lab_testkit_shipments')
        .where({ order_id: orderId })
        .forUpdate()
        .first<LinkRow | undefined>();
      return row ? toLink(row) : null;
    },

    async touchLink(
      orderId: string,
      partnerStatus: string,
      partnerUpdatedAt: Date,
      now: Date,
    ): Promise<void> {
      await db('lab_testkit_shipments')
        .where({ order_id: orderId })
        .update({
          partner_status: partnerStatus.slice(0, 64),
          partner_updated_at: partnerUpdatedAt,
          updated_at: now,
        });
    },

    /** Registration: the kit's order now belongs to its patient. */
    async bindPatient(
      scope: TeamScope,
      orderId: string,
      p: {
        userId: string;
        firstName: string;
        lastName: string;
        dob: string;
        details: Record<string, unknown>;
        address: Record<string, unknown>;
        physician?: { first_name: string; last_name: string; npi: string };
        consents?: unknown[];
        now: Date;
      },
    ): Promise<void> {
      await db('lab_orders')
        .where({ id: orderId, ...scoped(scope) })
        .update({
          user_id: p.userId,
          patient_first_name: p.firstName,
          patient_last_name: p.lastName,
          patient_dob: p.dob,
          patient_details: JSON.stringify(p.details),
          patient_address: JSON.stringify(p.address),
          ...(p.physician ? { physician: JSON.stringify(p.physician) } : {}),
          ...(p.consents ? { consents: JSON.stringify(p.consents) } : {}),
          updated_at: p.now,
        });
    },
  };
}
