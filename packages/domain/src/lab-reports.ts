/**
 * Lab report parser shapes (api-shapes §4.7): the parsing job, the parsed report and its LOINC matches.
 * Pure types and enums; the parser lives in `@meridian/lab-reports`, the job API in the data API.
 */

export const PARSING_JOB_STATUSES = ['upload_pending', 'started', 'completed', 'failed'] as const;
export type ParsingJobStatus = (typeof PARSING_JOB_STATUSES)[number];

export const PARSING_FAILURE_REASONS = [
  'invalid_input',
  'low_quality',
  'not_english',
  'too_many_pages',
  'processing_error',
] as const;
export type ParsingFailureReason = (typeof PARSING_FAILURE_REASONS)[number];

export const RESULT_TYPES = [
  'numeric',
  'range',
  'comment',
  'boolean',
  'duration',
  'percentage',
  'ratio',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const INTERPRETATIONS = ['normal', 'abnormal', 'critical', 'unknown'] as const;
export type Interpretation = (typeof INTERPRETATIONS)[number];

export const SAMPLE_TYPES = [
  'urine',
  'serum_plasma_blood',
  'capillary_blood',
  'stool',
  'saliva',
  'other',
  'unknown',
] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

export const MEASUREMENT_KINDS = ['direct', 'calculated', 'ratio', 'unknown'] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

export const SENSITIVITIES = ['sensitive', 'insensitive', 'unknown'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export const LOINC_MATCH_STATUSES = ['auto_match', 'needs_review', 'no_match'] as const;
export type LoincMatchStatus = (typeof LOINC_MATCH_STATUSES)[number];

export interface LoincMatch {
  loinc_code: string;
  loinc_name: string;
  /** `""` when the catalog has no display name. */
  display_name: string;
  aliases: string[];
  /** Calibrated 0–1: the share of matches at this score that were right on the corpus. */
  confidence_score: number;
}

export interface ReportMetadata {
  patient_first_name: string | null;
  patient_last_name: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
  lab_name: string | null;
  /** YYYY-MM-DD */
  date_reported: string | null;
  /** YYYY-MM-DD */
  date_collected: string | null;
  specimen_number: string | null;
  /** `other` when unknown. */
  gender: 'male' | 'female' | 'other';
}

export interface ReportResult {
  test_name: string;
  /** The value as printed (numbers as text). */
  value: string;
  type: ResultType;
  units: string | null;
  min_reference_range: number | null;
  max_reference_range: number | null;
  interpretation: Interpretation;
  is_above_max_range: boolean | null;
  is_below_min_range: boolean | null;
  loinc_matches: LoincMatch[];
  source_panel_name: string | null;
  sample_type: SampleType;
  measurement_kind: MeasurementKind;
  sensitivity: Sensitivity;
  loinc_match_status: LoincMatchStatus;
}

export interface ParsedLabReport {
  metadata: ReportMetadata;
  results: ReportResult[];
}

export interface ParsingJob {
  /** Same value as `job_id`. */
  id: string;
  job_id: string;
  status: ParsingJobStatus;
  /** Non-null only when `failed` (and may be null then). */
  failure_reason: ParsingFailureReason | null;
  /** Null until `completed`. */
  data: ParsedLabReport | null;
  needs_human_review: boolean;
  is_reviewed: boolean;
}

/** Upload limits (api-shapes §4.7 parser rules). */
export const LAB_REPORT_LIMITS = {
  maxBytes: 30 * 1024 * 1024,
  maxPages: 30,
  maxImages: 8,
} as const;

/** Media types the parser accepts; a multi-file upload may only hold images. */
export const LAB_REPORT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type LabReportMediaType = (typeof LAB_REPORT_MEDIA_TYPES)[number];
