/**
 * Inputs of the lab-testing PDFs. Field names follow the wire shapes of api-shapes §6.3–6.4 and §6.9 so the
 * API can pass its `Order` / `LabResults` objects as they are; only the fields a document prints are required.
 */

export type CollectionMethod = 'testkit' | 'walk_in_test' | 'at_home_phlebotomy' | 'on_site_collection';
export type SampleType = 'dried_blood_spot' | 'arm_collector' | 'serum' | 'saliva' | 'urine';
export type BillingType =
  'client_bill' | 'commercial_insurance' | 'patient_bill_passthrough' | 'patient_bill';
export type Gender = 'female' | 'male' | 'other' | 'unknown';
export type Interpretation = 'normal' | 'abnormal' | 'critical' | 'unknown';

export interface DocumentPatient {
  first_name: string;
  last_name: string;
  /** Date of birth, `YYYY-MM-DD`. */
  dob: string;
  gender: Gender;
  phone_number?: string | null;
  email?: string | null;
}

export interface DocumentAddress {
  receiver_name?: string | null;
  first_line: string;
  second_line?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number?: string | null;
}

export interface DocumentPhysician {
  first_name: string;
  last_name: string;
  npi: string;
}

export interface DocumentMarker {
  id: number;
  name: string;
  slug: string;
  /** The lab's own code for the marker (its order code). */
  provider_id: string | null;
  loinc?: string | null;
}

export interface DocumentLab {
  slug: string;
  name: string;
}

export interface DocumentLabTest {
  id: string;
  slug: string;
  name: string;
  sample_type: SampleType;
  method: CollectionMethod;
  fasting: boolean;
  price?: number | null;
  lab: DocumentLab | null;
  markers: DocumentMarker[] | null;
}

/** The order (§6.4) as the documents read it. */
export interface DocumentOrder {
  id: string;
  sample_id: string | null;
  created_at: string;
  updated_at?: string | null;
  patient_details: DocumentPatient | null;
  patient_address: DocumentAddress | null;
  physician: DocumentPhysician | null;
  lab_test: DocumentLabTest;
  /** The order's collection method when it differs from the lab test's default. */
  collection_method?: CollectionMethod | null;
  billing_type: BillingType;
  icd_codes: string[] | null;
  priority?: boolean | null;
  notes?: string | null;
  clinical_notes?: string | null;
}

/** The team's brand (name and colour) printed in each document's header. */
export interface TeamBrand {
  name: string;
  /** `#RRGGBB`; anything else falls back to the default colour. */
  primary_color?: string | null;
}

/** `LabResultsMetadata` (§6.9); the key `clia_#` is literal. */
export interface DocumentResultsMetadata {
  age: string;
  dob: string;
  'clia_#': string | null;
  patient: string;
  provider: string | null;
  laboratory: string | null;
  date_reported: string;
  date_collected: string | null;
  specimen_number: string;
  date_received: string | null;
  status: string;
  interpretation: string | null;
  patient_id?: string | null;
  account_id?: string | null;
}

/** `BiomarkerResult` (§6.9). */
export interface DocumentBiomarkerResult {
  name: string;
  slug: string;
  value: number | null;
  result: string;
  type: 'numeric' | 'range' | 'comment' | 'coded_value';
  unit?: string | null;
  timestamp?: string | null;
  notes?: string | null;
  reference_range?: string | null;
  min_range_value?: number | null;
  max_range_value?: number | null;
  is_above_max_range?: boolean | null;
  is_below_min_range?: boolean | null;
  interpretation: Interpretation;
  loinc?: string | null;
  performing_laboratory?: string | null;
}

export type MissingResultFailureType =
  | 'quantity_not_sufficient_failure'
  | 'collection_process_failure'
  | 'drop_off_failure'
  | 'internal_lab_failure'
  | 'order_entry_failure'
  | 'non_failure'
  | 'unknown_failure'
  | 'patient_condition_failure'
  | 'missing_result_calc_failure'
  | 'missing_demo_aoe_calc_failure'
  | 'insufficient_volume';

/** `MissingBiomarkerResult` (§6.9). */
export interface DocumentMissingResult {
  name: string;
  slug: string;
  inferred_failure_type: MissingResultFailureType;
  note?: string | null;
  loinc?: string | null;
}

/** `LabResults` (§6.9). */
export interface DocumentLabResults {
  metadata: DocumentResultsMetadata;
  results: DocumentBiomarkerResult[];
  missing_results: DocumentMissingResult[] | null;
}

/** Options every document takes. */
export interface DocumentOptions {
  /**
   * The document's creation and modification date (PDF metadata). Defaults to a date taken from the input
   * (the order's `updated_at`/`created_at`), never the clock, so the same input gives the same bytes.
   */
  createdAt?: Date | string;
}
