/**
 * The central-lab adapter's contract: what an order sent to a lab carries, what the lab's result messages
 * turn into, and the adapter interface the order service calls. Names follow api-shapes §6.3/§6.9.
 */

import {
  MISSING_RESULT_FAILURE_TYPES,
  type BiomarkerResultType,
  type MissingResultFailureType,
} from '@meridian/domain';

export type PatientSex = 'female' | 'male' | 'other' | 'unknown';

export interface LabOrderPatient {
  /** Our identifier of the patient (the user id); sent as PID-3 with our assigning authority. */
  id: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dob: string;
  sex: PatientSex;
  phoneNumber?: string | null;
  address?: {
    firstLine: string;
    secondLine?: string | null;
    city: string;
    state: string;
    zip: string;
    country: string;
  } | null;
}

export interface LabOrderPhysician {
  npi: string;
  firstName: string;
  lastName: string;
}

/** One orderable test or panel. `codeSystem` `LN` = LOINC, `L` = the lab's own code. */
export interface LabOrderTest {
  code: string;
  name: string;
  codeSystem: 'LN' | 'L';
}

export interface LabOrderRequest {
  /** Our order id: the placer order number (ORC-2 / OBR-2) that results come back with. */
  orderId: string;
  patient: LabOrderPatient;
  tests: readonly LabOrderTest[];
  /** ICD-10-CM codes (DG1). */
  icdCodes?: readonly string[] | null;
  physician?: LabOrderPhysician | null;
  priority?: boolean;
  /** When the specimen was collected, if it already was (OBR-7). */
  collectedAt?: Date | null;
  clinicalNotes?: string | null;
  /** The lab account the order is billed to (ORC-21 ordering facility id / PV1-19 visit number). */
  accountNumber?: string | null;
}

export interface LabOrderSubmission {
  orderId: string;
  /** MSH-10 of the ORM^O01 we sent. */
  messageControlId: string;
  /** The lab's accession (filler order number, ORC-3 of its ORR^O02), when the lab returned one. */
  accessionNumber: string | null;
  acceptedAt: Date;
}

/** OBR-25: P (and A, R, I, O, S) preliminary, F final, C corrected, X cannot be obtained (cancelled). */
export type LabResultStatus = 'preliminary' | 'final' | 'corrected' | 'cancelled';
/** OBX-11 of a reported value: P, R or S preliminary; F or U final; C corrected. */
export type ObservationStatus = 'preliminary' | 'final' | 'corrected';
export type ResultInterpretation = 'normal' | 'abnormal' | 'critical' | 'unknown';
/**
 * The value types read from OBX-2: numbers, text and codes, and the HL7 types whose value is kept as the
 * text sent (dates, times, identifiers, names, money...). Attachments (ED, RP) are not values.
 */
export type ObservationValueType =
  | 'NM'
  | 'SN'
  | 'ST'
  | 'TX'
  | 'FT'
  | 'CWE'
  | 'CE'
  | 'DT'
  | 'DTM'
  | 'TS'
  | 'TM'
  | 'ID'
  | 'IS'
  | 'NA'
  | 'CF'
  | 'CK'
  | 'CN'
  | 'CP'
  | 'CX'
  | 'MO'
  | 'TN'
  | 'AD'
  | 'PN'
  | 'XAD'
  | 'XCN'
  | 'XON'
  | 'XPN'
  | 'XTN';
/** BiomarkerResult.type and the missing-result failure types (api-shapes §6.9): the domain's enums. */
export type BiomarkerValueKind = BiomarkerResultType;
export { MISSING_RESULT_FAILURE_TYPES, type MissingResultFailureType };

/** One test/panel of the report (an OBR). */
export interface LabResultTest {
  setId: number;
  code: string;
  codeSystem: string;
  name: string;
  loinc: string | null;
  status: LabResultStatus;
  /** OBR-7: when the specimen was collected. */
  collectedAt: string | null;
  /** OBR-14: when the lab received the specimen. */
  receivedAt: string | null;
  /** OBR-22: when the lab reported this status. */
  reportedAt: string | null;
  notes: string[];
}

/** One reported value (an OBX with a result). */
export interface LabObservation {
  /** OBR-4 code of the test this value belongs to. */
  testCode: string;
  setId: number;
  code: string;
  codeSystem: string;
  name: string;
  /** OBX-3 when it is a LOINC code (coding system `LN`, first or alternate identifier). */
  loinc: string | null;
  valueType: ObservationValueType;
  kind: BiomarkerValueKind;
  /** The numeric value (NM, or SN without comparator or range); null otherwise. */
  value: number | null;
  /** The value as the lab reported it, as text (`<5`, `1:128`, `Positive`, `5.4`). */
  result: string;
  /** SN comparator (`<`, `>`, `<=`, `>=`, `<>`), when there was one. */
  comparator: string | null;
  /** CWE/CE code of a coded value. */
  codedValue: { code: string; text: string; codeSystem: string } | null;
  unit: string | null;
  referenceRange: string | null;
  minRangeValue: number | null;
  maxRangeValue: number | null;
  isAboveMaxRange: boolean | null;
  isBelowMinRange: boolean | null;
  /** OBX-8 flags as sent (`H`, `LL`, ...). */
  abnormalFlags: string[];
  interpretation: ResultInterpretation;
  status: ObservationStatus;
  observedAt: string | null;
  performingLaboratory: string | null;
  notes: string[];
}

/** A value the lab could not report (OBX-11 `X` or `N`, no status, or no value). */
export interface MissingLabResult {
  testCode: string;
  setId: number | null;
  code: string;
  codeSystem: string;
  name: string;
  loinc: string | null;
  failureType: MissingResultFailureType;
  note: string | null;
}

export interface LabResultMessage {
  /** MSH-10. */
  messageControlId: string;
  /** Sending application and facility (MSH-3, MSH-4): control ids are unique per sender. */
  sender: { application: string; facility: string };
  /** Duplicate-detection key: sender and control id. */
  idempotencyKey: string;
  /** MSH-7. */
  sentAt: string | null;
  /** MSH-11: `P` production, `T` training/test, `D` debugging (a sandbox order's results come back `T`). */
  processingId: string;
  /** Our order id (ORC-2 / OBR-2 placer order number). */
  orderId: string;
  /** The lab's accession (ORC-3 / OBR-3 filler order number). */
  accessionNumber: string | null;
  /** SPM-2 specimen id, else the accession. */
  specimenId: string | null;
  /** Status of the report as a whole (worst of its tests: X if all cancelled, else P > C > F). */
  resultStatus: LabResultStatus;
  interpretation: ResultInterpretation;
  patient: { id: string | null; firstName: string; lastName: string; dob: string | null; sex: PatientSex };
  tests: LabResultTest[];
  results: LabObservation[];
  missingResults: MissingLabResult[];
  /** NTE before the first OBR (report-level notes). */
  notes: string[];
}

/** Tells the adapter's caller what happened to one result message. */
export type LabResultOutcome = 'applied' | 'duplicate' | 'rejected';

/**
 * Receives one fully validated result message; runs in one transaction and throws to refuse it (the lab
 * then gets AE and resends later).
 */
export type LabResultHandler = (message: LabResultMessage, context: LabResultContext) => Promise<void>;

export interface LabResultContext {
  /** The HL7 text as received (segments separated by CR), for the audit record. Holds PHI: never log it. */
  raw: string;
  receivedAt: Date;
}

export interface SubmitOrderOptions {
  /**
   * MSH-10 to send. A caller retrying after a `LabTransportError` passes the id of the first attempt, so
   * that a lab which did receive it recognises the copy.
   */
  messageControlId?: string;
}

/** The central-lab adapter: orders go out, results come back through a `LabResultHandler` callback. */
export interface LabAdapter {
  submitOrder(order: LabOrderRequest, options?: SubmitOrderOptions): Promise<LabOrderSubmission>;
}
