import { randomInt } from 'node:crypto';
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  ForbiddenError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
  defaultSampleTypeFor,
  eventEnvelope,
  formatOrderStatus,
  hasCollectionInstructions,
  isoDateTimeMs,
  labTestSlugBase,
  newId,
  orderStatusPath,
  orderTopLevelOf,
  parseOrderStatus,
  uniqueLabTestSlug,
  ORDER_INITIAL_STATUSES,
  type BiomarkerResultType,
  type BillingType,
  type CollectionMethod,
  type Interpretation,
  type OrderLowLevelStatus,
  type OrderOrigin,
  type OrderStatusDetail,
  type TeamScope,
  type ValidationIssue,
} from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import { createLabTestsRepository, type LabTestRecord } from '../lab-tests/lab-tests.repository';
import { createLabTestsService } from '../lab-tests/lab-tests.service';
import { ensureSandboxCatalogue } from '../lab-tests/sandbox-catalogue';
import {
  createLabOrdersRepository,
  type OrderListFilter,
  type OrderListSort,
  type OrderRecord,
} from './lab-orders.repository';
import type { OrderWire } from './lab-orders.presenter';
import {
  createLabResultsRepository,
  toBiomarkerResult,
  toMissingResult,
  type ResultsStatus,
} from './lab-results.repository';
import {
  ageInYears,
  checkAddress,
  checkDob,
  isEmail,
  isRealDate,
  isValidNpi,
  normalizeIcd10,
  normalizePhone,
  type AddressInput,
} from './order-input.rules';
import {
  ORDER_NOT_FOUND,
  applyOrderTransition,
  findOrderForUpdate,
  loadOrderWire,
  loadOrderWires,
  orderEvent,
  requisitionPathOf,
} from './order-transitions';
import { syntheticResults } from './sandbox-results';

/**
 * Lab-test orders (api-shapes §6.2–6.5, §6.8, §6.9): create (validated, with `labtest.order.created` in the
 * same transaction), read, list, patch, cancel, draw_completed, resend events, import, the sandbox `/test`
 * walk and results. Every status change goes through `applyOrderTransition` (order-transitions.ts).
 */

export interface PatientDetailsInput {
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  phone_number: string;
  email: string;
  medical_proxy?: {
    first_name: string;
    last_name: string;
    address: AddressInput;
    phone_number: string;
    email?: string | null;
    household_income?: number | null;
    household_size?: number | null;
  } | null;
  race?: string | null;
  ethnicity?: string | null;
  sexual_orientation?: string | null;
  gender_identity?: string | null;
  household_income?: number | null;
  household_size?: number | null;
}

export interface CreateOrderBody {
  user_id: string;
  lab_test_id?: string | null;
  order_set?: {
    lab_test_ids?: string[];
    add_on?: { marker_ids?: number[]; provider_ids?: string[] };
  } | null;
  collection_method?: CollectionMethod | null;
  patient_details: PatientDetailsInput;
  patient_address: AddressInput;
  physician?: { first_name: string; last_name: string; npi: string; email?: string | null } | null;
  priority?: boolean;
  billing_type?: BillingType;
  icd_codes?: string[] | null;
  consents?: { consentType: string; version?: string; timeOfConsent?: string }[];
  activate_by?: string | null;
  aoe_answers?: { marker_id: number; question_id: number; answer: string }[] | null;
  passthrough?: string | null;
  clinical_notes?: string | null;
  creator_member_id?: string | null;
  health_insurance?: Record<string, unknown> | null;
}

export interface ImportOrderBody extends CreateOrderBody {
  status: string;
  status_detail?: OrderStatusDetail | null;
  sample_id?: string | null;
  origin?: OrderOrigin | null;
  notes?: string | null;
}

export interface PatchOrderBody {
  patient_details?: PatientDetailsInput;
  patient_address?: AddressInput;
  notes?: string | null;
  clinical_notes?: string | null;
  passthrough?: string | null;
}

export interface SandboxWalkInput {
  finalStatus?: string;
  delaySeconds: number;
  interpretation: Interpretation;
  resultTypes: BiomarkerResultType[];
  hasMissingResults: boolean;
}

export interface OrdersQuery {
  filter: OrderListFilter;
  sort: OrderListSort;
  page: number;
  size: number;
}

const issue = (loc: string[], msg: string, input: unknown, type = 'value_error'): ValidationIssue => ({
  loc,
  msg,
  type,
  input,
  ctx: {},
});

const USER_NOT_FOUND = 'User not found.';
const LAB_TEST_NOT_FOUND = 'Lab test not found.';
/** At most this many orders are re-emitted by one resend_events call. */
export const RESEND_EVENTS_MAX = 1000;
const RESULT_LOWS: readonly OrderLowLevelStatus[] = ['partial_results', 'completed', 'corrected'];

const today = (now: Date) => now.toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const trimOrNull = (v: string | null | undefined) =>
  v === undefined || v === null ? null : v.trim() || null;

/** Whether a value outgrows its JSON column's size check (`bytes`), with room for the stored form's overhead. */
const jsonTooLarge = (value: unknown, bytes: number) =>
  value !== undefined && value !== null && Buffer.byteLength(JSON.stringify(value)) > bytes * 0.8;

/** The order's sample has been taken (or is on its way to the lab): patient details can no longer change. */
function sampleCollected(o: OrderRecord): boolean {
  if (o.statusTop !== 'received' && o.statusTop !== 'collecting_sample') return true;
  return ['draw_completed', 'transit_lab', 'problem_in_transit_lab'].includes(o.statusLow);
}

interface TeamOrderSettings {
  minorsAllowed: boolean;
}

export interface LabOrdersDeps {
  db: Knex;
  clock: () => Date;
  cursors: CursorCodec;
  /** Runs a delayed sandbox walk step later (default: an unref'd timer). */
  schedule?: (fn: () => void, ms: number) => void;
  onBackgroundError?: (err: unknown) => void;
  /**
   * After an order is cancelled (committed): cancel its active appointment at the partner and here. A failure
   * is reported to `onBackgroundError`; the order stays cancelled and the appointment can be cancelled again.
   */
  afterCancel?: (scope: TeamScope, orderId: string) => Promise<unknown>;
}

export function createLabOrdersService(deps: LabOrdersDeps) {
  const { db } = deps;
  const repo = createLabOrdersRepository(db);
  const labTests = createLabTestsService({ db, clock: deps.clock, cursors: deps.cursors });
  const schedule =
    deps.schedule ??
    ((fn: () => void, ms: number) => {
      setTimeout(fn, ms).unref();
    });

  async function teamSettings(scope: TeamScope): Promise<TeamOrderSettings> {
    const row = await db('teams')
      .where({ id: scope.teamId })
      .first<{ minors: boolean | null } | undefined>(
        db.raw(`(settings -> ? ->> 'minor_ordering_enabled')::boolean as minors`, [scope.environment]),
      );
    return { minorsAllowed: row?.minors === true };
  }

  async function orderOrThrow(scope: TeamScope, id: string): Promise<OrderRecord> {
    const order = await repo.findOrder(scope, id);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  /**
   * The user and lab tests the body names, looked up before anything else: an id of another tenant is not
   * found (404) whatever else the body holds.
   */
  async function assertReferences(scope: TeamScope, b: CreateOrderBody): Promise<void> {
    const user = await db('users')
      .where({ id: b.user_id, team_id: scope.teamId, environment: scope.environment })
      .whereNull('deleted_at')
      .first<{ id: string } | undefined>('id');
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    const named = [...(b.lab_test_id ? [b.lab_test_id] : []), ...(b.order_set?.lab_test_ids ?? [])];
    const unique = [...new Set(named)];
    if (unique.length === 0) return;
    const found = await createLabTestsRepository(db).findLabTests(scope, unique);
    if (found.length !== unique.length) throw new NotFoundError(LAB_TEST_NOT_FOUND);
  }

  /** Patient details normalized for storage (names and dob go to columns), with their issues. */
  function checkPatient(
    p: PatientDetailsInput,
    now: Date,
    settings: TeamOrderSettings,
  ): {
    columns: { firstName: string; lastName: string; dob: string };
    details: Record<string, unknown>;
    issues: ValidationIssue[];
  } {
    const loc = ['body', 'patient_details'];
    const issues: ValidationIssue[] = [];
    const firstName = p.first_name.trim();
    const lastName = p.last_name.trim();
    if (firstName === '') issues.push(issue([...loc, 'first_name'], 'Must not be blank.', p.first_name));
    if (lastName === '') issues.push(issue([...loc, 'last_name'], 'Must not be blank.', p.last_name));
    issues.push(...checkDob(p.dob, today(now), [...loc, 'dob'], settings));
    const phone = normalizePhone(p.phone_number);
    if (!phone)
      issues.push(
        issue([...loc, 'phone_number'], 'Not a phone number (E.164, e.g. +14155550123).', p.phone_number),
      );
    const email = p.email.trim();
    if (!isEmail(email)) issues.push(issue([...loc, 'email'], 'Not an e-mail address.', p.email));
    let proxy: Record<string, unknown> | null = null;
    if (p.medical_proxy) {
      const m = p.medical_proxy;
      const ploc = [...loc, 'medical_proxy'];
      const addr = checkAddress(m.address, [...ploc, 'address'], { requireUs: false });
      issues.push(...addr.issues);
      const proxyPhone = normalizePhone(m.phone_number);
      if (!proxyPhone) issues.push(issue([...ploc, 'phone_number'], 'Not a phone number.', m.phone_number));
      if (m.email && !isEmail(m.email.trim()))
        issues.push(issue([...ploc, 'email'], 'Not an e-mail address.', m.email));
      const { receiver_name: _r, phone_number: _p, access_notes: _a, ...address } = addr.address;
      proxy = {
        first_name: m.first_name.trim(),
        last_name: m.last_name.trim(),
        address,
        phone_number: proxyPhone ?? m.phone_number,
        email: m.email?.trim() || null,
      };
    } else if (isRealDate(p.dob) && ageInYears(p.dob, today(now)) < 18) {
      issues.push(
        issue(
          [...loc, 'medical_proxy'],
          'A minor patient needs a medical proxy (guardian).',
          null,
          'missing',
        ),
      );
    }
    return {
      columns: { firstName, lastName, dob: p.dob },
      details: {
        gender: p.gender,
        phone_number: phone ?? p.phone_number,
        email,
        medical_proxy: proxy,
        race: p.race ?? null,
        ethnicity: p.ethnicity ?? null,
        sexual_orientation: p.sexual_orientation ?? null,
        gender_identity: p.gender_identity ?? null,
      },
      issues,
    };
  }

  /** Everything of a create body that does not need the database, normalized. */
  function checkCreateBody(b: CreateOrderBody, now: Date, settings: TeamOrderSettings) {
    const issues: ValidationIssue[] = [];
    const hasTest = b.lab_test_id !== undefined && b.lab_test_id !== null;
    const hasSet = b.order_set !== undefined && b.order_set !== null;
    if (hasTest === hasSet) {
      issues.push(
        issue(
          ['body', 'lab_test_id'],
          'Give exactly one of lab_test_id and order_set.',
          b.lab_test_id ?? null,
        ),
      );
    }
    const patient = checkPatient(b.patient_details, now, settings);
    issues.push(...patient.issues);
    const requireUs = b.collection_method === 'at_home_phlebotomy' || b.collection_method === 'walk_in_test';
    const address = checkAddress(b.patient_address, ['body', 'patient_address'], { requireUs });
    issues.push(...address.issues);
    let physician: OrderRecord['physician'] = null;
    if (b.physician) {
      const npi = b.physician.npi.trim();
      if (!isValidNpi(npi)) {
        issues.push(
          issue(
            ['body', 'physician', 'npi'],
            'Not a valid NPI (10 digits with a Luhn check digit).',
            b.physician.npi,
          ),
        );
      }
      if (b.physician.email && !isEmail(b.physician.email.trim())) {
        issues.push(issue(['body', 'physician', 'email'], 'Not an e-mail address.', b.physician.email));
      }
      physician = { first_name: b.physician.first_name.trim(), last_name: b.physician.last_name.trim(), npi };
    }
    let icdCodes: string[] | null = null;
    if (b.icd_codes) {
      icdCodes = [];
      b.icd_codes.forEach((code, i) => {
        const normalized = normalizeIcd10(code);
        if (!normalized)
          issues.push(issue(['body', 'icd_codes', String(i)], 'Not an ICD-10 code (e.g. E11.9).', code));
        else if (!icdCodes!.includes(normalized)) icdCodes!.push(normalized);
      });
    }
    const consents = (b.consents ?? []).map((c, i) => {
      const at = c.timeOfConsent ?? now.toISOString();
      // The domain's reader: `Date.parse` cannot read every ISO 8601 offset (`+01` is NaN, never "future").
      if ((isoDateTimeMs(at) ?? Date.parse(at)) > now.getTime() + 60_000) {
        issues.push(
          issue(
            ['body', 'consents', String(i), 'timeOfConsent'],
            'The consent cannot be given in the future.',
            c.timeOfConsent,
          ),
        );
      }
      return { consentType: c.consentType, version: c.version ?? '1.0', timeOfConsent: at };
    });
    const seen = new Set<string>();
    consents.forEach((c, i) => {
      if (seen.has(c.consentType))
        issues.push(
          issue(['body', 'consents', String(i), 'consentType'], 'Each consent type once.', c.consentType),
        );
      seen.add(c.consentType);
    });
    if (jsonTooLarge(b.health_insurance, 65536)) {
      issues.push(issue(['body', 'health_insurance'], 'At most 52 KB.', null));
    }
    if (jsonTooLarge(address.address, 4096)) {
      issues.push(issue(['body', 'patient_address'], 'The address is too long.', null));
    }
    if (jsonTooLarge(patient.details, 16384)) {
      issues.push(issue(['body', 'patient_details'], 'The patient details are too long.', null));
    }
    if (b.activate_by !== undefined && b.activate_by !== null) {
      if (!isRealDate(b.activate_by))
        issues.push(issue(['body', 'activate_by'], 'Not a calendar date.', b.activate_by));
      else if (b.activate_by < today(now))
        issues.push(issue(['body', 'activate_by'], 'The activation date is in the past.', b.activate_by));
    }
    return { issues, patient, address: address.address, physician, icdCodes, consents };
  }

  /** The lab test an order set orders: an auto-generated one with the set's markers (reused when identical). */
  async function orderSetLabTest(
    trx: Knex.Transaction,
    scope: TeamScope,
    set: NonNullable<CreateOrderBody['order_set']>,
    method: CollectionMethod | null | undefined,
    now: Date,
  ): Promise<LabTestRecord> {
    const markers = await labTests.orderSetMarkers(scope, {
      labTestIds: set.lab_test_ids,
      addOn: set.add_on && { markerIds: set.add_on.marker_ids, providerIds: set.add_on.provider_ids },
    });
    const tests = createLabTestsRepository(trx);
    const members = await tests.findLabTests(scope, set.lab_test_ids ?? []);
    const chosen = method ?? members[0]?.method;
    if (!chosen) {
      throw ValidationError.single(
        ['body', 'collection_method'],
        'An order set of add-ons only needs a collection_method.',
        'missing',
        null,
      );
    }
    const lab = await tests.findLab(markers[0]!.labId);
    if (!lab || !lab.collectionMethods.includes(chosen)) {
      throw ValidationError.single(
        ['body', 'collection_method'],
        `${lab?.name ?? 'The lab'} does not offer ${chosen}.`,
        'value_error',
        chosen,
      );
    }
    const ids = markers.map((m) => m.id);
    await tests.lockCatalogue(scope);
    const autos = await tests.listLabTests(
      scope,
      { generationMethod: 'auto', method: chosen },
      { key: 'created_at', direction: 'asc' },
      10_000,
    );
    const same = autos.find(
      (t) =>
        t.status === 'active' &&
        t.markers.length === ids.length &&
        t.markers.every((m, i) => m.id === ids[i]),
    );
    if (same) return same;
    const names = members.map((t) => t.name);
    const addOns = ids.length - new Set(members.flatMap((t) => t.markers.map((m) => m.id))).size;
    const name =
      `Order set: ${[...names, ...(addOns > 0 ? [`${addOns} add-on marker${addOns === 1 ? '' : 's'}`] : [])].join(' + ')}`.slice(
        0,
        200,
      );
    const base = labTestSlugBase(name);
    const sampleType = members[0]?.sampleType ?? defaultSampleTypeFor(chosen);
    const id = newId();
    await tests.insertLabTest(scope, {
      id,
      slug: uniqueLabTestSlug(base, await tests.slugsLike(scope, base)),
      name,
      method: chosen,
      sampleType: lab.sampleTypes.includes(sampleType) ? sampleType : defaultSampleTypeFor(chosen),
      labId: lab.id,
      price: Math.round(markers.reduce((sum, m) => sum + m.price, 0) * 100) / 100,
      status: 'active',
      fasting: members.some((t) => t.fasting),
      autoGenerated: true,
      hasCollectionInstructions: hasCollectionInstructions(chosen),
      commonTatDays: lab.commonTatDays,
      worstCaseTatDays: lab.worstCaseTatDays,
      markerIds: ids,
      createdAt: now,
    });
    return (await tests.findLabTest(scope, id))!;
  }

  /**
   * Validates and inserts an order with its first event and `labtest.order.created`, in `trx`. `start` is
   * the status it is recorded at (create: the method's initial status; import: the given one).
   */
  async function insertOrder(
    trx: Knex.Transaction,
    scope: TeamScope,
    b: CreateOrderBody,
    now: Date,
    start: (method: CollectionMethod) => { low: OrderLowLevelStatus; detail: OrderStatusDetail | null },
    extra: {
      sampleId?: string | null;
      origin?: OrderOrigin | null;
      notes?: string | null;
      createdAt?: Date;
    } = {},
  ): Promise<{ order: OrderRecord; wire: OrderWire }> {
    const settings = await teamSettings(scope);
    const checked = checkCreateBody(b, now, settings);
    if (checked.issues.length > 0) throw new ValidationError(checked.issues);
    const user = await trx('users')
      .where({ id: b.user_id, team_id: scope.teamId, environment: scope.environment })
      .whereNull('deleted_at')
      .forShare()
      .first<{ id: string } | undefined>('id');
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    let labTest: LabTestRecord;
    if (b.lab_test_id) {
      const found = await createLabTestsRepository(trx).findLabTest(scope, b.lab_test_id);
      if (!found) throw new NotFoundError(LAB_TEST_NOT_FOUND);
      if (found.status !== 'active') {
        throw ValidationError.single(
          ['body', 'lab_test_id'],
          `The lab test is ${found.status}, not active.`,
          'value_error',
          b.lab_test_id,
        );
      }
      labTest = found;
    } else {
      labTest = await orderSetLabTest(trx, scope, b.order_set!, b.collection_method, now);
    }
    const method = b.collection_method ?? labTest.method;
    if (method !== labTest.method) {
      throw ValidationError.single(
        ['body', 'collection_method'],
        `The lab test is collected by ${labTest.method}; ${method} is not offered for it.`,
        'value_error',
        method,
      );
    }
    if ((method === 'at_home_phlebotomy' || method === 'walk_in_test') && checked.address.country !== 'US') {
      throw ValidationError.single(
        ['body', 'patient_address', 'country'],
        'This collection method is available in the US only.',
        'value_error',
        b.patient_address.country,
      );
    }
    const markerIds = new Set(labTest.markers.map((m) => m.id));
    const aoeIssues = (b.aoe_answers ?? []).flatMap((a, i) =>
      markerIds.has(a.marker_id)
        ? []
        : [
            issue(
              ['body', 'aoe_answers', String(i), 'marker_id'],
              'Not a marker of the ordered lab test.',
              a.marker_id,
            ),
          ],
    );
    if (aoeIssues.length > 0) throw new ValidationError(aoeIssues);
    const { low, detail } = start(method);
    const createdAt = extra.createdAt ?? now;
    const created = today(createdAt);
    const id = newId();
    const orders = createLabOrdersRepository(trx);
    await orders.insertOrder(scope, {
      id,
      userId: b.user_id,
      labTestId: labTest.id,
      method,
      statusTop: orderTopLevelOf(method, low)!,
      statusLow: low,
      statusDetail: detail,
      detailsId: newId(),
      firstName: checked.patient.columns.firstName,
      lastName: checked.patient.columns.lastName,
      dob: checked.patient.columns.dob,
      patientDetails: checked.patient.details,
      patientAddress: checked.address,
      shippingDetails: method === 'testkit' ? checked.address : null,
      shippingRecipientName:
        method === 'testkit'
          ? (checked.address.receiver_name as string) ||
            `${checked.patient.columns.firstName} ${checked.patient.columns.lastName}`
          : null,
      physician: checked.physician,
      consents: checked.consents,
      aoeAnswers: b.aoe_answers ?? null,
      healthInsurance: b.health_insurance ?? null,
      icdCodes: checked.icdCodes,
      priority: b.priority ?? false,
      billingType: b.billing_type ?? 'client_bill',
      activateBy: b.activate_by ?? null,
      sampleId: extra.sampleId ?? null,
      notes: trimOrNull(extra.notes),
      clinicalNotes: trimOrNull(b.clinical_notes),
      passthrough: b.passthrough ?? null,
      creatorMemberId: b.creator_member_id ?? null,
      // An order recorded past its requisition step (an import) has its requisition.
      requisitionFormUrl: ['ordered', 'awaiting_registration', 'registered'].includes(low)
        ? null
        : requisitionPathOf(id),
      interpretation: null,
      hasMissingResults: null,
      expectedResultByDate:
        labTest.commonTatDays === null
          ? null
          : addDays(
              b.activate_by && b.activate_by > created ? b.activate_by : created,
              labTest.commonTatDays,
            ),
      worstCaseResultByDate:
        labTest.worstCaseTatDays === null
          ? null
          : addDays(
              b.activate_by && b.activate_by > created ? b.activate_by : created,
              labTest.worstCaseTatDays,
            ),
      origin: extra.origin ?? 'initial',
      shipment:
        method === 'testkit'
          ? {
              id: newId(),
              outbound_tracking_number: null,
              outbound_tracking_url: null,
              inbound_tracking_number: null,
              inbound_tracking_url: null,
              outbound_courier: null,
              inbound_courier: null,
              notes: null,
            }
          : null,
      createdAt,
    });
    await orders.appendEvent(scope, id, formatOrderStatus(method, low), detail, createdAt);
    const order = (await orders.findOrder(scope, id))!;
    const wire = await loadOrderWire(trx, order);
    await createOutboxRepository(trx).append([orderEvent('labtest.order.created', order, wire)]);
    return { order, wire };
  }

  async function ready(scope: TeamScope) {
    await ensureSandboxCatalogue(db, scope, deps.clock());
  }

  /** Stores results for a results status and returns the critical event to emit, if any. */
  async function storeSandboxResults(
    trx: Knex.Transaction,
    scope: TeamScope,
    order: OrderRecord,
    low: OrderLowLevelStatus,
    input: SandboxWalkInput,
    now: Date,
  ) {
    const labTest = (await createLabTestsRepository(trx).findLabTest(scope, order.labTestId))!;
    const partial = low === 'partial_results';
    const markers = partial
      ? labTest.markers.slice(0, Math.max(1, Math.ceil(labTest.markers.length / 2)))
      : labTest.markers;
    const results = syntheticResults(order.id, markers, {
      interpretation: input.interpretation,
      resultTypes: input.resultTypes,
      hasMissingResults: input.hasMissingResults && !partial,
      corrected: low === 'corrected',
    });
    const status: ResultsStatus = partial ? 'partial' : low === 'corrected' ? 'corrected' : 'final';
    const sampleId = order.sampleId ?? `SBX${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const physician = order.physician ? `${order.physician.first_name} ${order.physician.last_name}` : null;
    const metadata = {
      age: String(ageInYears(order.dob, today(now))),
      dob: order.dob,
      'clia_#': null,
      patient: `${order.firstName} ${order.lastName}`,
      provider: physician,
      laboratory: labTest.lab?.name ?? null,
      date_reported: now.toISOString(),
      date_collected: order.statusChangedAt.toISOString(),
      specimen_number: sampleId,
      date_received: now.toISOString(),
      status,
      interpretation: results.interpretation,
      patient_id: order.userId,
      account_id: null,
    };
    await createLabResultsRepository(trx).saveReport(
      scope,
      order.id,
      {
        status,
        metadata,
        sampleInformation: null,
        interpretation: results.interpretation,
        biomarkers: results.biomarkers,
        missing: results.missing,
      },
      now,
    );
    await createLabOrdersRepository(trx).updateOrder(
      scope,
      order.id,
      {
        sampleId,
        interpretation: results.interpretation,
        hasMissingResults: partial ? null : results.missing.length > 0,
      },
      now,
    );
    return results.interpretation;
  }

  /** One step of the sandbox walk in `trx`: results first (so the event carries them), then the move. */
  async function walkStep(
    trx: Knex.Transaction,
    scope: TeamScope,
    orderId: string,
    low: OrderLowLevelStatus,
    input: SandboxWalkInput,
    now: Date,
  ) {
    const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, orderId);
    let interpretation: Interpretation | undefined;
    if (RESULT_LOWS.includes(low))
      interpretation = await storeSandboxResults(trx, scope, order, low, input, now);
    const detail: OrderStatusDetail | null = low === 'sample_error' ? 'sample_quantity_not_sufficient' : null;
    const wire = await applyOrderTransition(trx, { ...scope, orderId, to: low, detail, now });
    // Once per critical finding: when results first turn critical, and again for a corrected report.
    if (interpretation === 'critical' && (order.interpretation !== 'critical' || low === 'corrected')) {
      await createOutboxRepository(trx).append([
        {
          teamId: order.teamId,
          environment: order.environment,
          userId: order.userId,
          envelope: eventEnvelope(
            'labtest.result.critical',
            {
              order_id: wire.id,
              sample_id: wire.sample_id ?? '',
              status: wire.status,
              interpretation: 'critical',
              team_id: wire.team_id,
              user_id: wire.user_id,
              created_at: wire.created_at,
              updated_at: wire.updated_at,
            },
            { userId: order.userId, clientUserId: order.clientUserId, teamId: order.teamId },
          ),
        },
      ]);
    }
    return wire;
  }

  return {
    /**
     * Validates and creates; `onCreated` runs in the order's transaction (a kit's dispatch, the idempotency
     * answer) and may answer the order as it stands after it.
     */
    async create(
      scope: TeamScope,
      body: CreateOrderBody,
      onCreated?: (trx: Knex.Transaction, order: OrderWire) => Promise<OrderWire | void>,
    ): Promise<OrderWire> {
      await ready(scope);
      await assertReferences(scope, body);
      const now = deps.clock();
      return withTransaction(db, async (trx) => {
        const { wire } = await insertOrder(trx, scope, body, now, (method) => ({
          low: ORDER_INITIAL_STATUSES[method][0]!,
          detail: null,
        }));
        const after = onCreated ? await onCreated(trx, wire) : undefined;
        return after ?? wire;
      });
    },

    /** An order created elsewhere, recorded at its current status (one event) with `labtest.order.created`. */
    async importOrder(scope: TeamScope, body: ImportOrderBody): Promise<OrderWire> {
      await ready(scope);
      await assertReferences(scope, body);
      const now = deps.clock();
      const parts = parseOrderStatus(body.status);
      if (!parts) {
        throw ValidationError.single(
          ['body', 'status'],
          'Not an order status (<top>.<collection method>.<low level>).',
          'value_error',
          body.status,
        );
      }
      if (body.collection_method && body.collection_method !== parts.method) {
        throw ValidationError.single(
          ['body', 'status'],
          `The status is of ${parts.method}, the order of ${body.collection_method}.`,
          'value_error',
          body.status,
        );
      }
      const initial = ORDER_INITIAL_STATUSES[parts.method];
      if (!initial.includes(parts.low)) {
        // Reachable from the method's start: an order elsewhere cannot be in a state ours never reaches.
        orderStatusPath(parts.method, initial[0]!, parts.low);
      }
      return withTransaction(db, async (trx) => {
        const { wire } = await insertOrder(
          trx,
          scope,
          { ...body, collection_method: parts.method },
          now,
          (method) => {
            if (method !== parts.method) {
              throw ValidationError.single(
                ['body', 'status'],
                `The lab test is collected by ${method}.`,
                'value_error',
                body.status,
              );
            }
            return { low: parts.low, detail: body.status_detail ?? null };
          },
          { sampleId: body.sample_id ?? null, origin: body.origin ?? 'initial', notes: body.notes ?? null },
        );
        return wire;
      });
    },

    async get(scope: TeamScope, id: string): Promise<OrderWire> {
      return loadOrderWire(db, await orderOrThrow(scope, id));
    },

    async list(scope: TeamScope, q: OrdersQuery) {
      if (q.filter.userId !== undefined) {
        const user = await db('users')
          .where({ id: q.filter.userId, team_id: scope.teamId, environment: scope.environment })
          .first<{ id: string } | undefined>('id');
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
      }
      if (q.filter.orderIds && q.filter.orderIds.length > 0) {
        const unique = [...new Set(q.filter.orderIds)];
        const known = await repo.countOrders(scope, unique);
        if (known !== unique.length) throw new NotFoundError(ORDER_NOT_FOUND);
      }
      const { orders, total } = await repo.listOrders(
        scope,
        { ...q.filter, today: today(deps.clock()) },
        q.sort,
        { offset: (q.page - 1) * q.size, limit: q.size },
      );
      return { orders: await loadOrderWires(db, orders), total, page: q.page, size: q.size };
    },

    /** Patient details, address and notes, until the sample is collected; emits `labtest.order.updated`. */
    async patch(scope: TeamScope, id: string, body: PatchOrderBody): Promise<OrderWire> {
      const now = deps.clock();
      const settings = body.patient_details ? await teamSettings(scope) : { minorsAllowed: false };
      return withTransaction(db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, id);
        if (sampleCollected(order)) {
          throw new InvalidStateError(
            formatOrderStatus(order.method, order.statusLow),
            'The order cannot be changed once the sample is collected.',
          );
        }
        const issues: ValidationIssue[] = [];
        const patient = body.patient_details && checkPatient(body.patient_details, now, settings);
        if (patient) issues.push(...patient.issues);
        const requireUs = order.method === 'at_home_phlebotomy' || order.method === 'walk_in_test';
        const address =
          body.patient_address &&
          checkAddress(body.patient_address, ['body', 'patient_address'], { requireUs });
        if (address) issues.push(...address.issues);
        if (address && jsonTooLarge(address.address, 4096)) {
          issues.push(issue(['body', 'patient_address'], 'The address is too long.', null));
        }
        if (patient && jsonTooLarge(patient.details, 16384)) {
          issues.push(issue(['body', 'patient_details'], 'The patient details are too long.', null));
        }
        if (issues.length > 0) throw new ValidationError(issues);
        const orders = createLabOrdersRepository(trx);
        await orders.updateOrder(
          scope,
          id,
          {
            ...(patient && { ...patient.columns, patientDetails: patient.details }),
            patientAddress: address?.address,
            notes: body.notes === undefined ? undefined : trimOrNull(body.notes),
            clinicalNotes: body.clinical_notes === undefined ? undefined : trimOrNull(body.clinical_notes),
            passthrough: body.passthrough,
          },
          now,
        );
        const updated = (await orders.findOrder(scope, id))!;
        const wire = await loadOrderWire(trx, updated);
        await createOutboxRepository(trx).append([orderEvent('labtest.order.updated', updated, wire)]);
        return wire;
      });
    },

    async cancel(scope: TeamScope, id: string): Promise<OrderWire> {
      const now = deps.clock();
      const cancelled = await withTransaction(db, (trx) =>
        applyOrderTransition(trx, { ...scope, orderId: id, to: 'cancelled', now }),
      );
      if (deps.afterCancel) {
        await deps.afterCancel(scope, id).catch((err: unknown) => deps.onBackgroundError?.(err));
      }
      return cancelled;
    },

    /** The team's own staff drew the sample (on-site collection only). */
    async drawCompleted(scope: TeamScope, id: string): Promise<OrderWire> {
      const now = deps.clock();
      return withTransaction(db, async (trx) => {
        const order = await findOrderForUpdate(trx, scope.teamId, scope.environment, id);
        if (order.method !== 'on_site_collection') {
          throw new InvalidStateError(
            formatOrderStatus(order.method, order.statusLow),
            'Only on-site collection orders are marked drawn through this endpoint; other methods report the draw through their appointment.',
          );
        }
        return applyOrderTransition(trx, { ...scope, orderId: id, to: 'draw_completed', now });
      });
    },

    /** Re-emits `labtest.order.updated` for the team environment's matching orders (at most 1,000). */
    async resendEvents(
      scope: TeamScope,
      input: { orderIds?: string[]; startAt?: Date; endAt?: Date },
    ): Promise<string[]> {
      if (!input.orderIds && !input.startAt && !input.endAt) {
        throw ValidationError.single(['body'], 'Give order_ids, start_at or end_at.', 'missing', null);
      }
      if (input.startAt && input.endAt && input.startAt >= input.endAt) {
        throw ValidationError.single(
          ['body', 'end_at'],
          'end_at must be after start_at.',
          'value_error',
          input.endAt.toISOString(),
        );
      }
      return withTransaction(db, async (trx) => {
        const orders = createLabOrdersRepository(trx);
        if (input.orderIds && input.orderIds.length > 0) {
          const unique = [...new Set(input.orderIds)];
          if ((await orders.countOrders(scope, unique)) !== unique.length) {
            throw new NotFoundError(ORDER_NOT_FOUND);
          }
        }
        const ids = await orders.orderIdsUpdatedBetween(
          scope,
          { from: input.startAt, to: input.endAt, ids: input.orderIds },
          RESEND_EVENTS_MAX,
        );
        const records = (await Promise.all(ids.map((id) => orders.findOrder(scope, id)))).filter(
          (o): o is OrderRecord => o !== undefined,
        );
        const wires = await loadOrderWires(trx, records);
        await createOutboxRepository(trx).append(
          records.map((o, i) => orderEvent('labtest.order.updated', o, wires[i]!)),
        );
        return records.map((o) => o.id);
      });
    },

    /**
     * Sandbox only: walks the order through each intermediate status to `final_status` (default: completed),
     * storing synthetic results on the way. Without a delay all in one transaction; with one, a step every
     * `delay` seconds after the answer.
     */
    async sandboxWalk(scope: TeamScope, id: string, input: SandboxWalkInput): Promise<void> {
      if (scope.environment !== 'sandbox') {
        throw new ForbiddenError('forbidden', 'The order test walk is available in the sandbox only.');
      }
      const order = await orderOrThrow(scope, id);
      let finalLow: OrderLowLevelStatus = 'completed';
      if (input.finalStatus !== undefined) {
        const parts = parseOrderStatus(input.finalStatus);
        if (!parts || parts.method !== order.method) {
          throw ValidationError.single(
            ['query', 'final_status'],
            `Not an order status of ${order.method}.`,
            'value_error',
            input.finalStatus,
          );
        }
        finalLow = parts.low;
      }
      const path = orderStatusPath(order.method, order.statusLow, finalLow);
      if (input.delaySeconds <= 0) {
        const start = deps.clock().getTime();
        await withTransaction(db, async (trx) => {
          for (const [i, low] of path.entries())
            await walkStep(trx, scope, id, low, input, new Date(start + i));
        });
        return;
      }
      const step = (i: number) => {
        if (i >= path.length) return;
        schedule(() => {
          withTransaction(db, (trx) => walkStep(trx, scope, id, path[i]!, input, deps.clock()))
            .then(() => step(i + 1))
            .catch((err: unknown) => deps.onBackgroundError?.(err));
        }, input.delaySeconds * 1000);
      };
      // The first move now (in the request), the others `delay` seconds apart.
      await withTransaction(db, (trx) => walkStep(trx, scope, id, path[0]!, input, deps.clock()));
      step(1);
    },

    async results(scope: TeamScope, id: string) {
      await orderOrThrow(scope, id);
      const report = await createLabResultsRepository(db).findReport(scope, id);
      if (!report) throw new NotFoundError('The order has no results yet.');
      return {
        metadata: report.metadata,
        results: report.biomarkers.map(toBiomarkerResult),
        missing_results: report.missing.length > 0 ? report.missing.map(toMissingResult) : [],
        sample_information: report.sampleInformation,
      };
    },

    async resultsMetadata(scope: TeamScope, id: string) {
      await orderOrThrow(scope, id);
      const metadata = await createLabResultsRepository(db).findMetadata(scope, id);
      if (!metadata) throw new NotFoundError('The order has no results yet.');
      return metadata;
    },
  };
}

export type LabOrdersService = ReturnType<typeof createLabOrdersService>;
