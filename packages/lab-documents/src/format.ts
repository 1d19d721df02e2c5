/** How the documents print domain values: names, dates, enums. */
import { clip } from './layout/text';
import {
  type BillingType,
  type CollectionMethod,
  type DocumentOrder,
  type DocumentPatient,
  type SampleType,
} from './types';

export function patientName(patient: DocumentPatient | null | undefined): string {
  if (!patient) return 'Unknown patient';
  return clip(`${clip(patient.last_name, 60)}, ${clip(patient.first_name, 60)}`, 80);
}

/** `YYYY-MM-DD` dates print as MM/DD/YYYY (US lab forms); date-times as MM/DD/YYYY HH:MM UTC; other text as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value.trim());
  if (!m) return clip(value, 40);
  const date = `${m[2]}/${m[3]}/${m[1]}`;
  if (m[4] === undefined) return date;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return date;
  const iso = parsed.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
}

const BILLING: Record<BillingType, string> = {
  client_bill: 'Client bill',
  commercial_insurance: 'Commercial insurance',
  patient_bill_passthrough: 'Patient bill (passthrough)',
  patient_bill: 'Patient bill',
};

export function billingLabel(billing: BillingType): string {
  // Unknown values (a newer enum than this package) still print.
  return BILLING[billing] ?? humanize(String(billing));
}

const METHODS: Record<CollectionMethod, string> = {
  at_home_phlebotomy: 'At-home phlebotomy',
  walk_in_test: 'Walk-in (patient service center)',
  testkit: 'Test kit',
  on_site_collection: 'On-site collection',
};

export function methodLabel(method: CollectionMethod): string {
  return METHODS[method] ?? humanize(String(method));
}

const SAMPLES: Record<SampleType, string> = {
  dried_blood_spot: 'Dried blood spot',
  arm_collector: 'Arm collector (capillary blood)',
  serum: 'Serum (venous blood)',
  saliva: 'Saliva',
  urine: 'Urine',
};

export function sampleLabel(sample: SampleType): string {
  return SAMPLES[sample] ?? humanize(String(sample));
}

/** `snake_case` → "Snake case". */
export function humanize(value: string): string {
  const words = clip(value, 60).replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function methodOf(order: Pick<DocumentOrder, 'collection_method' | 'lab_test'>): CollectionMethod {
  return order.collection_method ?? order.lab_test.method;
}

/** The line under every page title: who the document is about. */
export function subjectLine(order: Pick<DocumentOrder, 'patient_details' | 'sample_id' | 'id'>): string {
  const parts = [`Patient: ${patientName(order.patient_details)}`];
  if (order.patient_details?.dob) parts.push(`DOB: ${formatDate(order.patient_details.dob)}`);
  parts.push(order.sample_id ? `Specimen: ${clip(order.sample_id, 48)}` : `Order: ${clip(order.id, 48)}`);
  return parts.join('   ·   ');
}
