import type { Knex } from '@meridian/db';
import type { CollectionMethod, OrderLowLevelStatus, OrderTopLevelStatus, TeamScope } from '@meridian/domain';
import type { UsAddress } from '@meridian/lab-partners';

/**
 * What the booking page reads besides the appointment (which the lab-appointments service reads): the order's
 * state and the address the phlebotomist visits, and the team's name and settings (brand). Tenant-scoped.
 */

export interface BookingOrder {
  id: string;
  method: CollectionMethod;
  statusTop: OrderTopLevelStatus;
  statusLow: OrderLowLevelStatus;
  /** The order's patient address as an appointment address (`zip` → `zip_code`). */
  address: UsAddress;
  /** The order's user is in the deletion grace period (or gone). */
  userDeleted: boolean;
}

interface OrderRow {
  id: string;
  collection_method: CollectionMethod;
  status_top: OrderTopLevelStatus;
  status_low: OrderLowLevelStatus;
  patient_address: Record<string, unknown>;
  user_deleted_at: Date | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const optional = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function usAddressOfOrder(a: Record<string, unknown>): UsAddress {
  return {
    first_line: text(a.first_line),
    second_line: optional(a.second_line),
    city: text(a.city),
    state: text(a.state),
    zip_code: text(a.zip),
    access_notes: optional(a.access_notes),
  };
}

export function createLabBookingPageRepository(db: Knex) {
  return {
    async findOrder(scope: TeamScope, orderId: string): Promise<BookingOrder | null> {
      const row = await db('lab_orders as o')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .where({ 'o.id': orderId, 'o.team_id': scope.teamId, 'o.environment': scope.environment })
        .first<OrderRow | undefined>(
          'o.id',
          'o.collection_method',
          'o.status_top',
          'o.status_low',
          'o.patient_address',
          'u.deleted_at as user_deleted_at',
        );
      if (!row) return null;
      return {
        id: row.id,
        method: row.collection_method,
        statusTop: row.status_top,
        statusLow: row.status_low,
        address: usAddressOfOrder(row.patient_address ?? {}),
        userDeleted: row.user_deleted_at !== null,
      };
    },

    async findTeam(teamId: string): Promise<{ name: string; settings: unknown } | null> {
      const row = await db('teams')
        .where({ id: teamId })
        .first<{ name: string; settings: unknown } | undefined>('name', 'settings');
      return row ?? null;
    },
  };
}

export type LabBookingPageRepository = ReturnType<typeof createLabBookingPageRepository>;
