import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';
import type { PscLab, UsAddress } from '@meridian/lab-partners';

/**
 * SQL of the walk-in (PSC) use cases that the at-home appointments repository has no call for: the PSC booking
 * keys (`lab_psc_booking_keys`), a rescheduled appointment's new service center, and the order's lab. Every
 * read and write is scoped to the caller's team + environment.
 */

/** The service center a booking key's slot is at (also the appointment's address and location). */
export interface PscSiteRecord {
  code: string;
  name: string;
  address: UsAddress;
  location: { lat: number; lng: number };
  timezone: string;
}

export interface PscBookingKeyRecord {
  lab: PscLab;
  partnerKey: string;
  site: PscSiteRecord;
  startAt: Date;
  endAt: Date;
  expiresAt: Date;
  usedBy: string | null;
}

export interface NewPscBookingKey {
  keyHash: string;
  lab: PscLab;
  partnerKey: string;
  site: PscSiteRecord;
  startAt: Date;
  endAt: Date;
  expiresAt: Date;
}

const TABLE = 'lab_psc_booking_keys';

export function createLabPscRepository(db: Knex | Knex.Transaction) {
  const scoped = (scope: TeamScope) => ({ team_id: scope.teamId, environment: scope.environment });
  return {
    async insertBookingKeys(scope: TeamScope, keys: NewPscBookingKey[], now: Date): Promise<void> {
      // Keys expired for an hour go first: the table holds what can still be booked.
      await db(TABLE)
        .where(scoped(scope))
        .where('expires_at', '<', new Date(now.getTime() - 3_600_000))
        .delete();
      for (let i = 0; i < keys.length; i += 500) {
        await db(TABLE).insert(
          keys.slice(i, i + 500).map((k) => ({
            key_hash: k.keyHash,
            ...scoped(scope),
            lab: k.lab,
            partner_key: k.partnerKey,
            site: JSON.stringify(k.site),
            start_at: k.startAt,
            end_at: k.endAt,
            expires_at: k.expiresAt,
            created_at: now,
          })),
        );
      }
    },

    async findBookingKey(scope: TeamScope, keyHash: string): Promise<PscBookingKeyRecord | null> {
      const row = (await db(TABLE)
        .where({ key_hash: keyHash, ...scoped(scope) })
        .first()) as
        | {
            lab: PscLab;
            partner_key: string;
            site: PscSiteRecord;
            start_at: Date;
            end_at: Date;
            expires_at: Date;
            used_by: string | null;
          }
        | undefined;
      if (!row) return null;
      return {
        lab: row.lab,
        partnerKey: row.partner_key,
        site: row.site,
        startAt: row.start_at,
        endAt: row.end_at,
        expiresAt: row.expires_at,
        usedBy: row.used_by,
      };
    },

    /** Takes an unused key for `usedBy`; false when another book or reschedule took it first. */
    async claimBookingKey(scope: TeamScope, keyHash: string, usedBy: string): Promise<boolean> {
      const n = await db(TABLE)
        .where({ key_hash: keyHash, ...scoped(scope) })
        .whereNull('used_by')
        .update({ used_by: usedBy });
      return n === 1;
    },

    async releaseBookingKey(scope: TeamScope, keyHash: string, usedBy: string): Promise<void> {
      await db(TABLE)
        .where({ key_hash: keyHash, ...scoped(scope), used_by: usedBy })
        .update({ used_by: null });
    },

    /**
     * The order's service-center appointment as `GET …/psc/appointment` shows it: the active one, else the
     * latest completed one (cancelled ones live on in the events). Phlebotomy appointments are not counted.
     */
    async currentPscAppointmentId(scope: TeamScope, orderId: string): Promise<string | null> {
      const row = await db('lab_appointments')
        .where({ order_id: orderId, ...scoped(scope), type: 'patient_service_center' })
        .whereIn('status', ['pending', 'reserved', 'confirmed', 'in_progress', 'completed'])
        .orderByRaw(`(status = 'completed'), created_at desc, id desc`)
        .first<{ id: string } | undefined>('id');
      return row?.id ?? null;
    },

    /** A rescheduled appointment may move to another service center of the lab. */
    async moveAppointment(scope: TeamScope, appointmentId: string, site: PscSiteRecord): Promise<void> {
      await db('lab_appointments')
        .where({ id: appointmentId, ...scoped(scope) })
        .update({
          address: JSON.stringify(site.address),
          location_lat: site.location.lat,
          location_lng: site.location.lng,
        });
    },

    /** The lab (compendium id and slug) and patient zip code of an order, in the caller's tenant. */
    async orderLab(
      scope: TeamScope,
      orderId: string,
    ): Promise<{ labId: number | null; labSlug: string | null; zip: string | null } | null> {
      const row = await db('lab_orders as o')
        .join('lab_tests as t', function joinTest() {
          this.on('t.id', 'o.lab_test_id')
            .andOn('t.team_id', 'o.team_id')
            .andOn('t.environment', 'o.environment');
        })
        .leftJoin('labs as l', 'l.id', 't.lab_id')
        .where({ 'o.id': orderId, 'o.team_id': scope.teamId, 'o.environment': scope.environment })
        .first<{ lab_id: number | null; lab_slug: string | null; zip: string | null } | undefined>(
          'l.id as lab_id',
          'l.slug as lab_slug',
          db.raw(`o.patient_address ->> 'zip' as zip`),
        );
      if (!row) return null;
      return { labId: row.lab_id, labSlug: row.lab_slug, zip: row.zip };
    },

    async labById(labId: number): Promise<{ id: number; slug: string } | null> {
      const row = await db('labs')
        .where({ id: labId })
        .first<{ id: number; slug: string } | undefined>('id', 'slug');
      return row ?? null;
    },
  };
}
