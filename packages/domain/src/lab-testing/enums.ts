/**
 * Lab testing vocabularies (api-shapes §6.3–6.9). Enums are non-exhaustive on the wire (consumers tolerate new
 * values), but the server emits only these and answers anything else in a request with 422.
 */
import { INTERPRETATIONS, type Interpretation } from '../lab-reports';

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const COLLECTION_METHODS = [
  'testkit',
  'walk_in_test',
  'at_home_phlebotomy',
  'on_site_collection',
] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export const isCollectionMethod = isOneOf(COLLECTION_METHODS);

/** `LabTest.sample_type`. */
export const LAB_TEST_SAMPLE_TYPES = [
  'dried_blood_spot',
  'arm_collector',
  'serum',
  'saliva',
  'urine',
] as const;
export type LabTestSampleType = (typeof LAB_TEST_SAMPLE_TYPES)[number];
export const isLabTestSampleType = isOneOf(LAB_TEST_SAMPLE_TYPES);

/** `LabTest.status`; `is_active` is `status === 'active'`. */
export const LAB_TEST_STATUSES = ['active', 'pending_approval', 'inactive'] as const;
export type LabTestStatus = (typeof LAB_TEST_STATUSES)[number];
export const isLabTestStatus = isOneOf(LAB_TEST_STATUSES);

/** How a lab test came to be: `manual` (POST /v3/lab_tests, seeded) or `auto` (generated for an order set). */
export const LAB_TEST_GENERATION_METHODS = ['auto', 'manual', 'all'] as const;
export type LabTestGenerationMethod = (typeof LAB_TEST_GENERATION_METHODS)[number];

/**
 * Labs that fulfil lab-test orders (§6.2 `lab`, §6.6, §6.10); distinct from the provider catalogue's `LAB_SLUGS`
 * (labs as data sources).
 */
export const ORDER_LAB_SLUGS = ['quest', 'labcorp', 'bioreference', 'sonora_quest'] as const;
export type OrderLabSlug = (typeof ORDER_LAB_SLUGS)[number];
export const isOrderLabSlug = isOneOf(ORDER_LAB_SLUGS);

/** Labs with patient service centers bookable through the PSC endpoints (§6.10). */
export const PSC_LAB_SLUGS = ['quest', 'sonora_quest'] as const satisfies readonly OrderLabSlug[];
export type PscLabSlug = (typeof PSC_LAB_SLUGS)[number];

export const BILLING_TYPES = [
  'client_bill',
  'commercial_insurance',
  'patient_bill_passthrough',
  'patient_bill',
] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const isBillingType = isOneOf(BILLING_TYPES);

/** `consents[].consentType` (the body's camelCase key). */
export const CONSENT_TYPES = [
  'terms-of-use',
  'telehealth-informed-consent',
  'mobile-terms-and-conditions',
  'notice-of-privacy-practices',
  'privacy-policy',
  'hipaa-authorization',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];
export const isConsentType = isOneOf(CONSENT_TYPES);

export const PATIENT_GENDERS = ['female', 'male', 'other', 'unknown'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

export const RACES = [
  'african_american_or_black',
  'asian',
  'indigenous_native_american_alaska_native',
  'other',
  'pacific_islander_or_hawaiian',
  'white_caucasian',
] as const;
export type Race = (typeof RACES)[number];

export const ETHNICITIES = ['hispanic', 'non_hispanic', 'ashkenazi_jewish', 'other'] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];

export const SEXUAL_ORIENTATIONS = [
  'lesbian_gay_or_homosexual',
  'heterosexual_or_straight',
  'bisexual',
  'dont_know',
  'other',
] as const;
export type SexualOrientation = (typeof SEXUAL_ORIENTATIONS)[number];

export const GENDER_IDENTITIES = [
  'male',
  'female',
  'female_to_male_ftm_transgender_male_trans_man',
  'male_to_female_mtf_transgender_female_trans_woman',
  'genderqueer',
  'other',
] as const;
export type GenderIdentity = (typeof GENDER_IDENTITIES)[number];

/** `Order.interpretation` and the orders `interpretation` filter: the parser's vocabulary, reused. */
export const ORDER_INTERPRETATIONS = INTERPRETATIONS;
export type OrderInterpretation = Interpretation;

export const ORDER_ORIGINS = ['initial', 'redraw', 'recreation'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** `current`: active now; `scheduled`: `activate_by` is in the future. */
export const ORDER_ACTIVATION_TYPES = ['current', 'scheduled'] as const;
export type OrderActivationType = (typeof ORDER_ACTIVATION_TYPES)[number];

export const ORDER_SORT_KEYS = ['created_at', 'patient_name', 'last_status'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const ORDER_STATUS_DETAILS = [
  'fulfillment_error',
  'date_of_collection_unspecified',
  'demographic_information_unspecified',
  'demographic_information_mismatch',
  'sample_quantity_not_sufficient',
  'sample_contaminated',
  'sample_stability_exceeded',
  'sample_hemolyzed',
  'sample_improper_collection',
] as const;
export type OrderStatusDetail = (typeof ORDER_STATUS_DETAILS)[number];
export const isOrderStatusDetail = isOneOf(ORDER_STATUS_DETAILS);

export const APPOINTMENT_STATUSES = [
  'pending',
  'reserved',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_EVENT_STATUSES = [
  'pending',
  'reserved',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type AppointmentEventStatus = (typeof APPOINTMENT_EVENT_STATUSES)[number];

export const APPOINTMENT_TYPES = ['phlebotomy', 'patient_service_center'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** The spec's phlebotomy provider tiers (`service_types`). */
export const APPOINTMENT_SERVICE_TYPES = ['appointment-ready', 'appointment-request'] as const;
export type AppointmentServiceType = (typeof APPOINTMENT_SERVICE_TYPES)[number];

export const APPOINTMENT_PROVIDERS = ['getlabs', 'phlebfinders', 'quest', 'sonora_quest'] as const;
export type AppointmentProvider = (typeof APPOINTMENT_PROVIDERS)[number];

/** `radius` of area info (miles, as strings on the wire); default `25`. */
export const AREA_RADII = ['10', '20', '25', '50', '100'] as const;
export type AreaRadius = (typeof AREA_RADII)[number];

export const PSC_CAPABILITIES = [
  'stat',
  'appointment_scheduling_via_meridian',
  'appointment_scheduling_with_lab',
] as const;
export type PscCapability = (typeof PSC_CAPABILITIES)[number];

/** `BiomarkerResult.type`. */
export const BIOMARKER_RESULT_TYPES = ['numeric', 'range', 'comment', 'coded_value'] as const;
export type BiomarkerResultType = (typeof BIOMARKER_RESULT_TYPES)[number];

/** `MissingBiomarkerResult.inferred_failure_type`. */
export const MISSING_RESULT_FAILURE_TYPES = [
  'quantity_not_sufficient_failure',
  'collection_process_failure',
  'drop_off_failure',
  'internal_lab_failure',
  'order_entry_failure',
  'non_failure',
  'unknown_failure',
  'patient_condition_failure',
  'missing_result_calc_failure',
  'missing_demo_aoe_calc_failure',
  'insufficient_volume',
] as const;
export type MissingResultFailureType = (typeof MISSING_RESULT_FAILURE_TYPES)[number];
