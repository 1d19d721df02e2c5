import type { Knex } from '@meridian/db';
import type {
  BillingType,
  CollectionMethod,
  Environment,
  Interpretation,
  OrderLowLevelStatus,
  OrderOrigin,
  OrderStatus,
  OrderStatusDetail,
  OrderTopLevelStatus,
  TeamScope,
} from '@meridian/domain';

/**
 * Lab orders in SQL (tables of migration 20261127010000). Every query is scoped by team_id + environment: an
 * order of another tenant is simply not found. `status_*` columns mirror the order's last event; only
 * order-transitions.ts and the create/import paths write them (with the event and the outbox row).
 */

export interface OrderRecord {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string;
  /** The owner's client_user_id (event envelopes). */
  clientUserId: string;
  labTestId: string;
  method: CollectionMethod;
  statusTop: OrderTopLevelStatus;
  statusLow: OrderLowLevelStatus;
  statusDetail: OrderStatusDetail | null;
  statusChangedAt: Date;
  detailsId: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dob: string;
  patientDetails: Record<string, unknown>;
  patientAddress: Record<string, unknown>;
  shippingDetails: Record<string, unknown> | null;
  shippingRecipientName: string | null;
  physician: { first_name: string; last_name: string; npi: string } | null;
  consents: unknown[];
  aoeAnswers: unknown[] | null;
  healthInsurance: Record<string, unknown> | null;
  healthInsuranceId: string | null;
  icdCodes: string[] | null;
  priority: boolean;
  billingType: BillingType;
  activateBy: string | null;
  sampleId: string | null;
  notes: string | null;
  clinicalNotes: string | null;
  passthrough: string | null;
  creatorMemberId: string | null;
  requisitionFormUrl: string | null;
  hasAbn: boolean;
  interpretation: Interpretation | null;
  hasMissingResults: boolean | null;
  expectedResultByDate: string | null;
  worstCaseResultByDate: string | null;
  origin: OrderOrigin | null;
  shipment: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderEventRecord {
  id: number;
  orderId: string;
  status: OrderStatus;
  statusDetail: OrderStatusDetail | null;
  createdAt: Date;
}

interface OrderRow {
  id: string;
  team_id: string;
  environment: Environment;
  user_id: string;
  client_user_id: string;
  lab_test_id: string;
  collection_method: CollectionMethod;
  status_top: OrderTopLevelStatus;
  status_low: OrderLowLevelStatus;
  status_detail: OrderStatusDetail | null;
  status_changed_at: Date;
  details_id: string;
  patient_first_name: string;
  patient_last_name: string;
  patient_dob: string;
  patient_details: Record<string, unknown>;
  patient_address: Record<string, unknown>;
  shipping_details: Record<string, unknown> | null;
  shipping_recipient_name: string | null;
  physician: OrderRecord['physician'];
  consents: unknown[];
  aoe_answers: unknown[] | null;
  health_insurance: Record<string, unknown> | null;
  health_insurance_id: string | null;
  icd_codes: string[] | null;
  priority: boolean;
  billing_type: BillingType;
  activate_by: string | null;
  sample_id: string | null;
  notes: string | null;
  clinical_notes: string | null;
  passthrough: string | null;
  creator_member_id: string | null;
  requisition_form_url: string | null;
  has_abn: boolean;
  interpretation: Interpretation | null;
  has_missing_results: boolean | null;
  expected_result_by_date: string | null;
  worst_case_result_by_date: string | null;
  origin: OrderOrigin | null;
  shipment: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (r: OrderRow): OrderRecord => ({
  id: r.id,
  teamId: r.team_id,
  environment: r.environment,
  userId: r.user_id,
  clientUserId: r.client_user_id,
  labTestId: r.lab_test_id,
  method: r.collection_method,
  statusTop: r.status_top,
  statusLow: r.status_low,
  statusDetail: r.status_detail,
  statusChangedAt: r.status_changed_at,
  detailsId: r.details_id,
  firstName: r.patient_first_name,
  lastName: r.patient_last_name,
  dob: r.patient_dob,
  patientDetails: r.patient_details,
  patientAddress: r.patient_address,
  shippingDetails: r.shipping_details,
  shippingRecipientName: r.shipping_recipient_name,
  physician: r.physician,
  consents: r.consents,
  aoeAnswers: r.aoe_answers,
  healthInsurance: r.health_insurance,
  healthInsuranceId: r.health_insurance_id,
  icdCodes: r.icd_codes,
  priority: r.priority,
  billingType: r.billing_type,
  activateBy: r.activate_by,
  sampleId: r.sample_id,
  notes: r.notes,
  clinicalNotes: r.clinical_notes,
  passthrough: r.passthrough,
  creatorMemberId: r.creator_member_id,
  requisitionFormUrl: r.requisition_form_url,
  hasAbn: r.has_abn,
  interpretation: r.interpretation,
  hasMissingResults: r.has_missing_results,
  expectedResultByDate: r.expected_result_by_date,
  worstCaseResultByDate: r.worst_case_result_by_date,
  origin: r.origin,
  shipment: r.shipment,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A new order row (status columns included: the caller appends the matching first event). */
export interface NewOrder {
  id: string;
  userId: string;
  labTestId: string;
  method: CollectionMethod;
  statusTop: OrderTopLevelStatus;
  statusLow: OrderLowLevelStatus;
  statusDetail: OrderStatusDetail | null;
  detailsId: string;
  firstName: string;
  lastName: string;
  dob: string;
  patientDetails: Record<string, unknown>;
  patientAddress: Record<string, unknown>;
  shippingDetails: Record<string, unknown> | null;
  shippingRecipientName: string | null;
  physician: OrderRecord['physician'];
  consents: unknown[];
  aoeAnswers: unknown[] | null;
  healthInsurance: Record<string, unknown> | null;
  icdCodes: string[] | null;
  priority: boolean;
  billingType: BillingType;
  activateBy: string | null;
  sampleId: string | null;
  notes: string | null;
  clinicalNotes: string | null;
  passthrough: string | null;
  creatorMemberId: string | null;
  requisitionFormUrl: string | null;
  interpretation: Interpretation | null;
  hasMissingResults: boolean | null;
  expectedResultByDate: string | null;
  worstCaseResultByDate: string | null;
  origin: OrderOrigin | null;
  shipment: Record<string, unknown> | null;
  createdAt: Date;
}

/** Columns PATCH /v3/order/{id} and the results may change (undefined: unchanged). */
export interface OrderPatch {
  firstName?: string;
  lastName?: string;
  dob?: string;
  patientDetails?: Record<string, unknown>;
  patientAddress?: Record<string, unknown>;
  notes?: string | null;
  clinicalNotes?: string | null;
  passthrough?: string | null;
  sampleId?: string | null;
  requisitionFormUrl?: string | null;
  interpretation?: Interpretation | null;
  hasMissingResults?: boolean | null;
}

export interface OrderListFilter {
  searchInput?: string;
  createdFrom?: Date;
  createdTo?: Date;
  updatedFrom?: Date;
  updatedTo?: Date;
  statuses?: OrderLowLevelStatus[];
  methods?: CollectionMethod[];
  isCritical?: boolean;
  interpretation?: Interpretation;
  activationTypes?: ('current' | 'scheduled')[];
  /** `YYYY-MM-DD` of "today" for the activation types. */
  today?: string;
  userId?: string;
  patientName?: string;
  shippingRecipientName?: string;
  orderIds?: string[];
}

export interface OrderListSort {
  key: 'created_at' | 'patient_name' | 'last_status';
  direction: 'asc' | 'desc';
}

const ORDER_COLUMNS = ['o.*', 'u.client_user_id'] as const;

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export function createLabOrdersRepository(db: Knex | Knex.Transaction) {
  const orders = (scope: TeamScope) =>
    db('lab_orders as o')
      .join('users as u', 'u.id', 'o.user_id')
      .where({ 'o.team_id': scope.teamId, 'o.environment': scope.environment });

  function applyFilter(q: Knex.QueryBuilder, f: OrderListFilter): Knex.QueryBuilder {
    if (f.userId !== undefined) q.where('o.user_id', f.userId);
    if (f.orderIds && f.orderIds.length > 0) q.whereIn('o.id', f.orderIds);
    if (f.statuses && f.statuses.length > 0) q.whereIn('o.status_low', f.statuses);
    if (f.methods && f.methods.length > 0) q.whereIn('o.collection_method', f.methods);
    if (f.createdFrom) q.where('o.created_at', '>=', f.createdFrom);
    if (f.createdTo) q.where('o.created_at', '<', f.createdTo);
    if (f.updatedFrom) q.where('o.updated_at', '>=', f.updatedFrom);
    if (f.updatedTo) q.where('o.updated_at', '<', f.updatedTo);
    if (f.interpretation !== undefined) q.where('o.interpretation', f.interpretation);
    if (f.isCritical === true) q.where('o.interpretation', 'critical');
    if (f.isCritical === false) {
      q.where((w) => void w.whereNull('o.interpretation').orWhereNot('o.interpretation', 'critical'));
    }
    const types = new Set(f.activationTypes ?? []);
    if (types.size === 1 && f.today) {
      if (types.has('scheduled')) q.where('o.activate_by', '>', f.today);
      else q.where((w) => void w.whereNull('o.activate_by').orWhere('o.activate_by', '<=', f.today!));
    }
    if (f.patientName) {
      const pattern = likeContains(f.patientName.trim());
      q.whereRaw(`(o.patient_first_name || ' ' || o.patient_last_name) ilike ?`, [pattern]);
    }
    if (f.shippingRecipientName) {
      q.whereILike('o.shipping_recipient_name', likeContains(f.shippingRecipientName.trim()));
    }
    const search = f.searchInput?.trim();
    if (search) {
      const pattern = likeContains(search);
      q.where((w) => {
        if (UUID.test(search)) void w.orWhere('o.id', search).orWhere('o.user_id', search);
        if (ISO_DATE.test(search)) void w.orWhere('o.patient_dob', search);
        void w
          .orWhereRaw(`(o.patient_first_name || ' ' || o.patient_last_name) ilike ?`, [pattern])
          .orWhereRaw(`(o.patient_last_name || ' ' || o.patient_first_name) ilike ?`, [pattern])
          .orWhereILike('o.shipping_recipient_name', pattern)
          .orWhereRaw(`coalesce(o.patient_address->>'receiver_name', '') ilike ?`, [pattern]);
      });
    }
    return q;
  }

  return {
    async findOrder(
      scope: TeamScope,
      id: string,
      opts: { forUpdate?: boolean } = {},
    ): Promise<OrderRecord | undefined> {
      if (!UUID.test(id)) return undefined;
      const q = orders(scope)
        .where('o.id', id)
        .first<OrderRow | undefined>(...ORDER_COLUMNS);
      const row = await (opts.forUpdate ? q.forUpdate('o') : q);
      return row && toRecord(row);
    },

    /** How many of `ids` are orders of the team environment. */
    async countOrders(scope: TeamScope, ids: string[]): Promise<number> {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return 0;
      const [counted] = await db('lab_orders')
        .where({ team_id: scope.teamId, environment: scope.environment })
        .whereIn('id', valid)
        .count<{ n: string }[]>({ n: '*' });
      return Number(counted?.n ?? 0);
    },

    async listOrders(
      scope: TeamScope,
      filter: OrderListFilter,
      sort: OrderListSort,
      page: { offset: number; limit: number },
    ): Promise<{ orders: OrderRecord[]; total: number }> {
      const base = applyFilter(orders(scope), filter);
      const [counted] = await base.clone().count<{ total: string }[]>({ total: '*' });
      const dir = sort.direction;
      const q = base.clone().select<OrderRow[]>(...ORDER_COLUMNS);
      if (sort.key === 'patient_name') {
        q.orderByRaw(`lower(o.patient_last_name) ${dir}, lower(o.patient_first_name) ${dir}`);
      } else if (sort.key === 'last_status') {
        q.orderBy([
          { column: 'o.status_changed_at', order: dir },
          { column: 'o.status_low', order: dir },
        ]);
      } else {
        q.orderBy('o.created_at', dir);
      }
      q.orderBy('o.id', dir).offset(page.offset).limit(page.limit);
      return { orders: (await q).map(toRecord), total: Number(counted?.total ?? 0) };
    },

    /** Ids of the team environment's orders updated in [from, to), at most `limit`, oldest first. */
    async orderIdsUpdatedBetween(
      scope: TeamScope,
      range: { from?: Date; to?: Date; ids?: string[] },
      limit: number,
    ): Promise<string[]> {
      const q = db('lab_orders').where({ team_id: scope.teamId, environment: scope.environment });
      if (range.ids) void q.whereIn('id', range.ids);
      if (range.from) void q.where('updated_at', '>=', range.from);
      if (range.to) void q.where('updated_at', '<', range.to);
      return q
        .orderBy([{ column: 'updated_at' }, { column: 'id' }])
        .limit(limit)
        .pluck<string[]>('id');
    },

    async eventsOf(orderIds: string[]): Promise<Map<string, OrderEventRecord[]>> {
      const result = new Map<string, OrderEventRecord[]>();
      if (orderIds.length === 0) return result;
      const rows = await db('lab_order_events')
        .whereIn('order_id', orderIds)
        .orderBy([{ column: 'order_id' }, { column: 'id' }])
        .select<
          {
            id: number;
            order_id: string;
            status: OrderStatus;
            status_detail: OrderStatusDetail | null;
            created_at: Date;
          }[]
        >('id', 'order_id', 'status', 'status_detail', 'created_at');
      for (const r of rows) {
        const list = result.get(r.order_id) ?? [];
        list.push({
          id: Number(r.id),
          orderId: r.order_id,
          status: r.status,
          statusDetail: r.status_detail,
          createdAt: r.created_at,
        });
        result.set(r.order_id, list);
      }
      return result;
    },

    /** Each order's most recent appointment (`details.data.appointment_id`). */
    async latestAppointmentIds(orderIds: string[]): Promise<Map<string, string>> {
      const result = new Map<string, string>();
      if (orderIds.length === 0) return result;
      const rows = await db('lab_appointments')
        .distinctOn('order_id')
        .whereIn('order_id', orderIds)
        .orderBy([
          { column: 'order_id' },
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select<{ order_id: string; id: string }[]>('order_id', 'id');
      for (const r of rows) result.set(r.order_id, r.id);
      return result;
    },

    async insertOrder(scope: TeamScope, o: NewOrder): Promise<void> {
      await db('lab_orders').insert({
        id: o.id,
        team_id: scope.teamId,
        environment: scope.environment,
        user_id: o.userId,
        lab_test_id: o.labTestId,
        collection_method: o.method,
        status_top: o.statusTop,
        status_low: o.statusLow,
        status_detail: o.statusDetail,
        status_changed_at: o.createdAt,
        details_id: o.detailsId,
        patient_first_name: o.firstName,
        patient_last_name: o.lastName,
        patient_dob: o.dob,
        patient_details: json(o.patientDetails),
        patient_address: json(o.patientAddress),
        shipping_details: json(o.shippingDetails),
        shipping_recipient_name: o.shippingRecipientName,
        physician: json(o.physician),
        consents: json(o.consents),
        aoe_answers: json(o.aoeAnswers),
        health_insurance: json(o.healthInsurance),
        icd_codes: o.icdCodes,
        priority: o.priority,
        billing_type: o.billingType,
        activate_by: o.activateBy,
        sample_id: o.sampleId,
        notes: o.notes,
        clinical_notes: o.clinicalNotes,
        passthrough: o.passthrough,
        creator_member_id: o.creatorMemberId,
        requisition_form_url: o.requisitionFormUrl,
        interpretation: o.interpretation,
        has_missing_results: o.hasMissingResults,
        expected_result_by_date: o.expectedResultByDate,
        worst_case_result_by_date: o.worstCaseResultByDate,
        origin: o.origin,
        shipment: json(o.shipment),
        created_at: o.createdAt,
        updated_at: o.createdAt,
      });
    },

    async appendEvent(
      scope: TeamScope,
      orderId: string,
      status: OrderStatus,
      detail: OrderStatusDetail | null,
      at: Date,
    ): Promise<void> {
      await db('lab_order_events').insert({
        order_id: orderId,
        team_id: scope.teamId,
        environment: scope.environment,
        status,
        status_detail: detail,
        created_at: at,
      });
    },

    async setStatus(
      scope: TeamScope,
      orderId: string,
      s: { top: OrderTopLevelStatus; low: OrderLowLevelStatus; detail: OrderStatusDetail | null },
      at: Date,
      extra: { requisitionFormUrl?: string } = {},
    ): Promise<void> {
      const changes: Record<string, unknown> = {
        status_top: s.top,
        status_low: s.low,
        status_detail: s.detail,
        status_changed_at: at,
        updated_at: at,
      };
      if (extra.requisitionFormUrl !== undefined) changes.requisition_form_url = extra.requisitionFormUrl;
      await db('lab_orders')
        .where({ id: orderId, team_id: scope.teamId, environment: scope.environment })
        .update(changes);
    },

    async updateOrder(scope: TeamScope, orderId: string, p: OrderPatch, at: Date): Promise<void> {
      const changes: Record<string, unknown> = { updated_at: at };
      if (p.firstName !== undefined) changes.patient_first_name = p.firstName;
      if (p.lastName !== undefined) changes.patient_last_name = p.lastName;
      if (p.dob !== undefined) changes.patient_dob = p.dob;
      if (p.patientDetails !== undefined) changes.patient_details = json(p.patientDetails);
      if (p.patientAddress !== undefined) changes.patient_address = json(p.patientAddress);
      if (p.notes !== undefined) changes.notes = p.notes;
      if (p.clinicalNotes !== undefined) changes.clinical_notes = p.clinicalNotes;
      if (p.passthrough !== undefined) changes.passthrough = p.passthrough;
      if (p.sampleId !== undefined) changes.sample_id = p.sampleId;
      if (p.requisitionFormUrl !== undefined) changes.requisition_form_url = p.requisitionFormUrl;
      if (p.interpretation !== undefined) changes.interpretation = p.interpretation;
      if (p.hasMissingResults !== undefined) changes.has_missing_results = p.hasMissingResults;
      await db('lab_orders')
        .where({ id: orderId, team_id: scope.teamId, environment: scope.environment })
        .update(changes);
    },

    /** `teams.settings[environment].partial_webhooks_enabled` (default false). */
    async partialWebhooksEnabled(scope: TeamScope): Promise<boolean> {
      const row = await db('teams')
        .where({ id: scope.teamId })
        .first<{ enabled: boolean | null } | undefined>(
          db.raw(`(settings -> ? ->> 'partial_webhooks_enabled')::boolean as enabled`, [scope.environment]),
        );
      return row?.enabled === true;
    },
  };
}

export type LabOrdersRepository = ReturnType<typeof createLabOrdersRepository>;
