import { toLabTest } from '../lab-tests/lab-tests.presenter';
import type { LabTestRecord } from '../lab-tests/lab-tests.repository';
import type { OrderEventRecord, OrderRecord } from './lab-orders.repository';

/** Wire shapes of orders (api-shapes §6.4): `Order`, `PostOrderResponse`, `OrdersPage`. */

export type OrderWire = ReturnType<typeof toOrderWire>;

const PATIENT_DETAIL_KEYS = [
  'gender',
  'phone_number',
  'email',
  'medical_proxy',
  'race',
  'ethnicity',
  'sexual_orientation',
  'gender_identity',
] as const;

const ADDRESS_KEYS = [
  'receiver_name',
  'first_line',
  'second_line',
  'city',
  'state',
  'zip',
  'country',
  'phone_number',
] as const;

type Picked<K extends string> = Record<K, unknown>;

function pick<K extends string>(
  source: Record<string, unknown> | null,
  keys: readonly K[],
): Picked<K> | null {
  if (!source) return null;
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null])) as Picked<K>;
}

/** `Order.patient_details`: the stored keys, typed as the wire has them. */
export interface OrderPatientDetailsWire {
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  phone_number: string | null;
  email: string | null;
  medical_proxy: Record<string, unknown> | null;
  race: string | null;
  ethnicity: string | null;
  sexual_orientation: string | null;
  gender_identity: string | null;
}

export interface OrderAddressWire {
  receiver_name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number: string;
}

/**
 * An order address as the wire has it (§6.4: `receiver_name` and `phone_number` are strings): a receiver name
 * not given is `receiverName` (the input's default `""`; a test kit's shipment goes to the patient), a phone
 * number not given the patient's.
 */
function addressWire(
  address: Record<string, unknown> | null,
  fallback: { receiverName: string; phoneNumber: string },
): OrderAddressWire | null {
  const picked = pick(address, ADDRESS_KEYS);
  if (!picked) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return {
    ...(picked as Omit<OrderAddressWire, 'receiver_name' | 'phone_number'>),
    receiver_name: text(picked.receiver_name) ?? fallback.receiverName,
    phone_number: text(picked.phone_number) ?? fallback.phoneNumber,
  };
}

export function toOrderEvent(e: OrderEventRecord) {
  return { id: e.id, created_at: e.createdAt.toISOString(), status: e.status, status_detail: e.statusDetail };
}

function detailsOf(o: OrderRecord, appointmentId: string | null) {
  const base = {
    id: o.detailsId,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
  switch (o.method) {
    case 'at_home_phlebotomy':
    case 'walk_in_test':
      return { type: o.method, data: { ...base, appointment_id: appointmentId } };
    case 'testkit':
      return { type: o.method, data: { ...base, shipment: o.shipment } };
    case 'on_site_collection':
      return { type: o.method, data: base };
  }
}

/**
 * `Order` (§6.4). `events` is the full history ascending; `status` the top level of the last event (the
 * status columns mirror it). Patient details hold exactly the returned keys (never household income/size).
 */
export function toOrderWire(
  o: OrderRecord,
  related: { labTest: LabTestRecord; events: OrderEventRecord[]; appointmentId: string | null },
) {
  const events = related.events.map(toOrderEvent);
  const patientPhone = o.patientDetails.phone_number;
  const phoneNumber = typeof patientPhone === 'string' ? patientPhone : '';
  return {
    id: o.id,
    user_id: o.userId,
    team_id: o.teamId,
    patient_details: {
      ...pick(o.patientDetails, PATIENT_DETAIL_KEYS),
      first_name: o.firstName,
      last_name: o.lastName,
      dob: o.dob,
    } as OrderPatientDetailsWire,
    patient_address: addressWire(o.patientAddress, { receiverName: '', phoneNumber }),
    lab_test: toLabTest(related.labTest),
    details: detailsOf(o, related.appointmentId),
    sample_id: o.sampleId,
    notes: o.notes,
    clinical_notes: o.clinicalNotes,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    status: o.statusTop,
    events,
    last_event: events.at(-1) ?? null,
    physician: o.physician && {
      first_name: o.physician.first_name,
      last_name: o.physician.last_name,
      npi: o.physician.npi,
    },
    health_insurance_id: o.healthInsuranceId,
    requisition_form_url: o.requisitionFormUrl,
    priority: o.priority,
    shipping_details: addressWire(o.shippingDetails, {
      receiverName: o.shippingRecipientName ?? `${o.firstName} ${o.lastName}`,
      phoneNumber,
    }),
    activate_by: o.activateBy,
    passthrough: o.passthrough,
    billing_type: o.billingType,
    icd_codes: o.icdCodes,
    has_abn: o.hasAbn,
    interpretation: o.interpretation,
    has_missing_results: o.hasMissingResults,
    expected_result_by_date: o.expectedResultByDate,
    worst_case_result_by_date: o.worstCaseResultByDate,
    origin: o.origin,
  };
}

export function toPostOrderResponse(order: OrderWire, message: string) {
  return { order, status: 'success' as const, message };
}
