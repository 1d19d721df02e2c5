import type {
  CollectionMethod,
  DocumentLabResults,
  DocumentLabTest,
  DocumentOrder,
  TeamBrand,
} from '@meridian/lab-documents';
import type { Environment } from '@meridian/domain';
import type { OrderWire } from '../lab-orders/order-transitions';
import type { toLabTest } from '../lab-tests/lab-tests.presenter';
import { teamEnvLinkSettings } from '../team/team-env-settings';
import type { ResultsReportRecord } from './lab-order-documents.repository';

/**
 * The lab documents' inputs, made from the API's own wire objects: the `Order` (§6.4) as the orders feature
 * presents it, the `LabResults` (§6.9) of the stored report, the team environment's brand. The documents take
 * the wire field names, so this only adds what the wire leaves out (marker LOINC codes, the order's method).
 */

type LabTestWire = ReturnType<typeof toLabTest>;

/** The lab test as the documents read it, with each marker's LOINC code from the compendium. */
export function documentLabTest(labTest: LabTestWire, loincs: Map<number, string | null>): DocumentLabTest {
  return {
    id: labTest.id,
    slug: labTest.slug,
    name: labTest.name,
    sample_type: labTest.sample_type,
    method: labTest.method,
    fasting: labTest.fasting,
    price: labTest.price,
    lab: labTest.lab,
    markers: (labTest.markers ?? []).map((m) => ({ ...m, loinc: loincs.get(m.id) ?? null })),
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The order's collection method: the type of its `details` (it may differ from the lab test's default). */
export const orderMethodOf = (order: OrderWire): CollectionMethod => order.details.type;

export function documentOrder(order: OrderWire, labTest: DocumentLabTest): DocumentOrder {
  // The presenter spreads the stored demographic keys in; the type only knows the named columns.
  const patient = order.patient_details as OrderWire['patient_details'] & Record<string, unknown>;
  const address = order.patient_address;
  return {
    id: order.id,
    sample_id: order.sample_id,
    created_at: order.created_at,
    updated_at: order.updated_at,
    patient_details: {
      first_name: patient.first_name,
      last_name: patient.last_name,
      dob: patient.dob,
      gender: (str(patient.gender) ?? 'unknown') as NonNullable<DocumentOrder['patient_details']>['gender'],
      phone_number: str(patient.phone_number),
      email: str(patient.email),
    },
    patient_address: address && {
      receiver_name: str(address.receiver_name),
      first_line: str(address.first_line) ?? '',
      second_line: str(address.second_line),
      city: str(address.city) ?? '',
      state: str(address.state) ?? '',
      zip: str(address.zip) ?? '',
      country: str(address.country) ?? '',
      phone_number: str(address.phone_number),
    },
    physician: order.physician,
    lab_test: labTest,
    collection_method: orderMethodOf(order),
    billing_type: order.billing_type,
    icd_codes: order.icd_codes,
    priority: order.priority,
    notes: order.notes,
    clinical_notes: order.clinical_notes,
  };
}

const METADATA_TEXT_KEYS = ['age', 'dob', 'patient', 'date_reported', 'specimen_number', 'status'] as const;
const METADATA_NULLABLE_KEYS = [
  'clia_#',
  'provider',
  'laboratory',
  'date_collected',
  'date_received',
  'interpretation',
  'patient_id',
  'account_id',
] as const;

/**
 * `LabResults` (§6.9) of a stored report. Metadata keys the stored object lacks read as empty or null (the
 * report writer owns the shape; a document never fails on a missing key). The report status stands in for
 * `metadata.status` when absent; the order's interpretation for `metadata.interpretation`.
 */
export function documentResults(report: ResultsReportRecord): DocumentLabResults {
  const m = report.metadata;
  const text = Object.fromEntries(METADATA_TEXT_KEYS.map((k) => [k, str(m[k]) ?? ''])) as Record<
    (typeof METADATA_TEXT_KEYS)[number],
    string
  >;
  const nullable = Object.fromEntries(METADATA_NULLABLE_KEYS.map((k) => [k, str(m[k])])) as Record<
    (typeof METADATA_NULLABLE_KEYS)[number],
    string | null
  >;
  return {
    metadata: {
      ...text,
      ...nullable,
      status: text.status || report.status,
      interpretation: nullable.interpretation ?? report.interpretation,
    },
    results: report.results.map((r) => ({
      name: r.name,
      slug: r.slug,
      value: r.value,
      result: r.result,
      type: r.type,
      unit: r.unit,
      timestamp: r.observedAt?.toISOString() ?? null,
      notes: r.notes,
      reference_range: r.referenceRange,
      min_range_value: r.minRangeValue,
      max_range_value: r.maxRangeValue,
      is_above_max_range: r.isAboveMaxRange,
      is_below_min_range: r.isBelowMinRange,
      interpretation: r.interpretation,
      loinc: r.loinc,
      performing_laboratory: r.performingLaboratory,
    })),
    missing_results:
      report.missing.length === 0
        ? null
        : report.missing.map((x) => ({
            name: x.name,
            slug: x.slug,
            inferred_failure_type: x.failureType,
            note: x.note,
            loinc: x.loinc,
          })),
  };
}

/** The brand a document's header prints: the environment's brand information, else Meridian's default. */
export function documentBrand(settings: unknown, environment: Environment): TeamBrand | null {
  const brand = teamEnvLinkSettings(settings, environment).brandInformation;
  return brand && { name: brand.company_name, primary_color: brand.brand_color };
}
