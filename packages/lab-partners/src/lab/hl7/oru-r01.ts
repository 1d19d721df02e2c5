/**
 * ORU^R01 (unsolicited observation result, HL7 v2.5.1 §7.3.1) → `LabResultMessage`. The whole message is
 * validated before anything is returned: any problem throws `Hl7MessageError` naming the field, and the
 * listener answers AE/AR with it, so a caller never sees half a message.
 */
import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { HL7_ERROR_CODES, Hl7MessageError } from '../lab-errors';
import type {
  LabObservation,
  LabResultMessage,
  LabResultStatus,
  LabResultTest,
  MissingLabResult,
  ObservationStatus,
  ObservationValueType,
  PatientSex,
} from '../lab-types';
import { parseHl7Date, parseHl7DateTime } from './datetime';
import { missingFailureTypeOf } from './missing-results';
import { interpretationOf, overallInterpretation, parseReferenceRange } from './interpretation';
import { readFreeText, readText, repetitionCount } from './read';

export interface OruReadOptions {
  /** IANA zone of the lab: date-times without an offset are its wall times. */
  labTimeZone: string;
}

/**
 * OBR-25 (HL7 table 0123). Besides P, F, C and X, labs send the in-between states of a report that already
 * carries values: A (some results available), R (stored, not yet verified), I (in process), O (order
 * received), S (scheduled): all read as preliminary. Y (no order on record) and Z (no record of this
 * patient) are refusals, not result states: such a message is answered AE.
 */
const RESULT_STATUSES: Record<string, LabResultStatus> = {
  P: 'preliminary',
  A: 'preliminary',
  R: 'preliminary',
  I: 'preliminary',
  O: 'preliminary',
  S: 'preliminary',
  F: 'final',
  C: 'corrected',
  X: 'cancelled',
};
/**
 * OBX-11 of a value (HL7 table 0085): R (entered, not verified) and S (partial) are preliminary, U (status
 * changed to final without the value being sent again) is final.
 */
const OBSERVATION_STATUSES: Record<string, ObservationStatus> = {
  P: 'preliminary',
  R: 'preliminary',
  S: 'preliminary',
  F: 'final',
  U: 'final',
  C: 'corrected',
};
/**
 * OBX-11 codes of a line that is not a value: I (specimen in the lab, result pending), O (order detail only),
 * D (delete this earlier value) and W (earlier value was wrong). Such lines are skipped: not a result, and
 * not a result the lab could not obtain (X, N).
 */
const NOT_A_VALUE = new Set(['I', 'O', 'D', 'W']);
/** OBX-11 codes of a value the lab could not report: X (cannot be obtained), N (not asked). */
const NOT_REPORTED = new Set(['X', 'N']);
const VALUE_TYPES = new Set<string>(['NM', 'SN', 'ST', 'TX', 'FT', 'CWE', 'CE']);
/**
 * OBX-2 types (HL7 table 0125) whose value is kept as the text the lab sent: dates and times, identifiers,
 * names, addresses, money, composite quantities.
 */
const TEXT_VALUE_TYPES = new Set<string>([
  'DT',
  'DTM',
  'TS',
  'TM',
  'ID',
  'IS',
  'NA',
  'CF',
  'CK',
  'CN',
  'CP',
  'CX',
  'MO',
  'TN',
  'AD',
  'PN',
  'XAD',
  'XCN',
  'XON',
  'XPN',
  'XTN',
]);
/** OBX-2 types of an attachment (ED: an embedded document, e.g. the lab's PDF; RP: a pointer to one). */
const ATTACHMENT_TYPES = new Set<string>(['ED', 'RP']);
const LOINC_RE = /^\d{1,7}-\d$/;

interface TestState {
  test: LabResultTest;
  /** OBR-25 was empty: the status is worked out from the test's values once they are read. */
  statusFromValues: boolean;
  segmentIndex: number;
  placer: string;
  filler: string;
}

interface ObxState {
  observation: LabObservation | null;
  missing: MissingLabResult | null;
}

/** Checks MSH and returns the message's identity; throws AR for messages we do not take. */
export function checkOruHeader(message: Hl7Message): {
  controlId: string;
  application: string;
  facility: string;
} {
  const msh = message.getSegment(0);
  if (!msh || msh.name !== 'MSH') {
    throw new Hl7MessageError(
      'message does not start with MSH',
      'AR',
      HL7_ERROR_CODES.segmentSequence,
      'MSH',
    );
  }
  const type = msh.getComponent(9, 1);
  const event = msh.getComponent(9, 2);
  if (type !== 'ORU') {
    throw new Hl7MessageError(`unsupported message type ${type || '(none)'}`, 'AR', '200', 'MSH-9');
  }
  if (event !== 'R01') {
    throw new Hl7MessageError(`unsupported event ${event || '(none)'}`, 'AR', '201', 'MSH-9');
  }
  const controlId = readText(msh, 10);
  if (controlId === '') {
    throw new Hl7MessageError('message control id missing', 'AR', '101', 'MSH-10');
  }
  const version = msh.getComponent(12, 1);
  if (!/^2\.[3-8](\.\d)?$/.test(version)) {
    throw new Hl7MessageError(`unsupported version ${version || '(none)'}`, 'AR', '203', 'MSH-12');
  }
  return { controlId, application: readText(msh, 3), facility: readText(msh, 4) };
}

export function readOruR01(message: Hl7Message, options: OruReadOptions): LabResultMessage {
  const header = checkOruHeader(message);
  const msh = message.getSegment(0)!;
  const zone = options.labTimeZone;
  const at = (segment: Hl7Segment, index: number, field: number, location: string) =>
    dateTimeOf(segment, field, zone, `${location}[${index}]-${field}`);

  let pid: Hl7Segment | null = null;
  let orc: Hl7Segment | null = null;
  let specimenId: string | null = null;
  const notes: string[] = [];
  const tests: TestState[] = [];
  const results: LabObservation[] = [];
  const missing: MissingLabResult[] = [];
  let obx: ObxState | null = null;
  const counts: Record<string, number> = {};

  for (const segment of message.segments.slice(1)) {
    const n = (counts[segment.name] = (counts[segment.name] ?? 0) + 1);
    const current = tests.at(-1);
    switch (segment.name) {
      case 'PID':
        if (pid) throw new Hl7MessageError('more than one patient', 'AE', '100', `PID[${n}]`);
        pid = segment;
        break;
      case 'ORC':
        orc = segment;
        obx = null;
        break;
      case 'OBR':
        tests.push(testOf(segment, n, orc, at));
        orc = null;
        obx = null;
        break;
      case 'OBX': {
        if (!current) throw new Hl7MessageError('OBX before any OBR', 'AE', '100', `OBX[${n}]`);
        obx = observationOf(segment, n, current.test, at);
        if (obx.observation) results.push(obx.observation);
        if (obx.missing) missing.push(obx.missing);
        break;
      }
      case 'NTE': {
        const text = readFreeText(segment, 3);
        if (text === '') break;
        if (obx?.observation) obx.observation.notes.push(text);
        else if (obx?.missing) obx.missing.note = obx.missing.note ? `${obx.missing.note}\n${text}` : text;
        else if (current) current.test.notes.push(text);
        else notes.push(text);
        break;
      }
      case 'SPM':
        specimenId ??= readText(segment, 2, 2) || readText(segment, 2, 1) || null;
        obx = null;
        break;
      default:
        // PV1, PD1, NK1, SFT, TQ1, CTD, FT1, CTI, DSC: nothing we read.
        break;
    }
  }

  if (!pid) throw new Hl7MessageError('PID segment missing', 'AE', '101', 'PID');
  if (tests.length === 0) throw new Hl7MessageError('OBR segment missing', 'AE', '101', 'OBR');
  const first = tests[0]!;
  for (const t of tests) {
    if (t.placer === '') {
      throw new Hl7MessageError('placer order number missing', 'AE', '101', `OBR[${t.segmentIndex}]-2`);
    }
    if (t.placer !== first.placer) {
      throw new Hl7MessageError('results for more than one order', 'AE', '102', `OBR[${t.segmentIndex}]-2`);
    }
  }
  for (const t of tests) if (t.statusFromValues) t.test.status = statusFromValues(t, results, missing);
  for (const m of missing) {
    const test = tests.find((t) => t.test.code === m.testCode)?.test;
    m.failureType = missingFailureTypeOf(m.note, test?.notes ?? []);
  }
  for (const t of tests) {
    const reported =
      results.some((r) => r.testCode === t.test.code) || missing.some((m) => m.testCode === t.test.code);
    if (t.test.status === 'cancelled' && !reported) {
      const note = t.test.notes.join('\n') || null;
      missing.push({
        testCode: t.test.code,
        setId: null,
        code: t.test.code,
        codeSystem: t.test.codeSystem,
        name: t.test.name,
        loinc: t.test.loinc,
        failureType: missingFailureTypeOf(note, []),
        note,
      });
    }
  }

  const accession = first.filler || null;
  return {
    messageControlId: header.controlId,
    sender: { application: header.application, facility: header.facility },
    idempotencyKey: idempotencyKeyOf(header.application, header.facility, header.controlId),
    sentAt: dateTimeOf(msh, 7, zone, 'MSH-7'),
    processingId: msh.getComponent(11, 1),
    orderId: first.placer,
    accessionNumber: accession,
    specimenId: specimenId ?? accession,
    resultStatus: overallStatus(tests.map((t) => t.test.status)),
    interpretation: overallInterpretation(results.map((r) => r.interpretation)),
    patient: patientOf(pid),
    tests: tests.map((t) => t.test),
    results,
    missingResults: missing,
    notes,
  };
}

/** Control ids are unique per sending application and facility. */
export function idempotencyKeyOf(application: string, facility: string, controlId: string): string {
  return `${application}|${facility}|${controlId}`;
}

function testOf(
  obr: Hl7Segment,
  n: number,
  orc: Hl7Segment | null,
  at: (s: Hl7Segment, n: number, f: number, loc: string) => string | null,
): TestState {
  const code = readText(obr, 4, 1);
  if (code === '') throw new Hl7MessageError('test code missing', 'AE', '101', `OBR[${n}]-4`);
  const statusCode = obr.getComponent(25, 1).toUpperCase();
  const status = RESULT_STATUSES[statusCode];
  if (!status && statusCode !== '') {
    throw new Hl7MessageError(`unknown result status ${statusCode}`, 'AE', '103', `OBR[${n}]-25`);
  }
  const codeSystem = readText(obr, 4, 3);
  return {
    statusFromValues: !status,
    segmentIndex: n,
    placer: readText(obr, 2) || (orc ? readText(orc, 2) : ''),
    filler: readText(obr, 3) || (orc ? readText(orc, 3) : ''),
    test: {
      setId: Number(readText(obr, 1)) || n,
      code,
      codeSystem,
      name: readText(obr, 4, 2),
      loinc: loincOf(obr, 4),
      status: status ?? 'final',
      collectedAt: at(obr, n, 7, 'OBR'),
      receivedAt: at(obr, n, 14, 'OBR'),
      reportedAt: at(obr, n, 22, 'OBR'),
      notes: [],
    },
  };
}

function observationOf(
  seg: Hl7Segment,
  n: number,
  test: LabResultTest,
  at: (s: Hl7Segment, n: number, f: number, loc: string) => string | null,
): ObxState {
  const loc = (field: number) => `OBX[${n}]-${field}`;
  const code = readText(seg, 3, 1);
  if (code === '') throw new Hl7MessageError('observation identifier missing', 'AE', '101', loc(3));
  const base = {
    testCode: test.code,
    setId: Number(readText(seg, 1)) || n,
    code,
    codeSystem: readText(seg, 3, 3),
    name: readText(seg, 3, 2),
    loinc: loincOf(seg, 3),
  };
  const statusCode = seg.getComponent(11, 1).toUpperCase();
  const valueType = seg.getComponent(2, 1).toUpperCase();
  // A line that is not a value (pending, retracted) or an attachment (the lab's own report document) is
  // neither a result nor a missing one.
  if (NOT_A_VALUE.has(statusCode) || ATTACHMENT_TYPES.has(valueType))
    return { observation: null, missing: null };
  const hasValue = repetitionCount(seg, 5) > 0;
  if (NOT_REPORTED.has(statusCode) || statusCode === '' || !hasValue) {
    if (!NOT_REPORTED.has(statusCode) && statusCode !== '' && !OBSERVATION_STATUSES[statusCode]) {
      throw new Hl7MessageError(`unknown observation status ${statusCode}`, 'AE', '103', loc(11));
    }
    const text = hasValue ? readFreeText(seg, 5) : '';
    return {
      observation: null,
      missing: { ...base, failureType: 'unknown_failure', note: text === '' ? null : text },
    };
  }
  const status = OBSERVATION_STATUSES[statusCode];
  if (!status) throw new Hl7MessageError(`unknown observation status ${statusCode}`, 'AE', '103', loc(11));
  if (!VALUE_TYPES.has(valueType) && !TEXT_VALUE_TYPES.has(valueType)) {
    throw new Hl7MessageError(
      valueType ? `unsupported value type ${valueType}` : 'value type missing',
      'AE',
      valueType ? '103' : '101',
      loc(2),
    );
  }
  const value = valueOf(seg, valueType as ObservationValueType, loc(5));
  const range = parseReferenceRange(readText(seg, 7));
  const flags = flagsOf(seg);
  const numeric = value.value;
  const observation: LabObservation = {
    ...base,
    valueType: valueType as ObservationValueType,
    kind: value.kind,
    value: numeric,
    result: value.result,
    comparator: value.comparator,
    codedValue: value.coded,
    unit: readText(seg, 6, 1) || null,
    referenceRange: range.text,
    minRangeValue: range.min,
    maxRangeValue: range.max,
    isAboveMaxRange: numeric !== null && range.max !== null ? numeric > range.max : null,
    isBelowMinRange: numeric !== null && range.min !== null ? numeric < range.min : null,
    abnormalFlags: flags,
    interpretation: 'normal',
    status,
    observedAt: at(seg, n, 14, 'OBX') ?? test.collectedAt,
    performingLaboratory: readText(seg, 23, 1) || readText(seg, 15, 2) || readText(seg, 15, 1) || null,
    notes: [],
  };
  observation.interpretation = interpretationOf(flags, numeric, range);
  return { observation, missing: null };
}

interface ParsedValue {
  kind: LabObservation['kind'];
  value: number | null;
  result: string;
  comparator: string | null;
  coded: LabObservation['codedValue'];
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const NM_BOUND_RE = /^(<=|>=|<|>)\s*((?:\d+(?:\.\d*)?|\.\d+))$/;

function valueOf(seg: Hl7Segment, type: ObservationValueType, location: string): ParsedValue {
  if (repetitionCount(seg, 5) > 1 && (type === 'NM' || type === 'SN')) {
    throw new Hl7MessageError(`${type} value repeats`, 'AE', '102', location);
  }
  // ST, TX, FT, and the types kept as text (TEXT_VALUE_TYPES).
  if (type !== 'NM' && type !== 'SN' && type !== 'CWE' && type !== 'CE') {
    return { kind: 'comment', value: null, result: readFreeText(seg, 5), comparator: null, coded: null };
  }
  switch (type) {
    case 'NM': {
      const text = readText(seg, 5, 1);
      if (NUMBER_RE.test(text)) {
        return { kind: 'numeric', value: Number(text), result: text, comparator: null, coded: null };
      }
      // Labs put a bound in an NM field (`>60` for an eGFR, `<0.01`) where SN would be right: read as SN's
      // comparator and number.
      const bound = NM_BOUND_RE.exec(text);
      if (!bound) throw new Hl7MessageError('NM value is not a number', 'AE', '102', location);
      const comparator = bound[1]!;
      return { kind: 'range', value: null, result: `${comparator}${bound[2]!}`, comparator, coded: null };
    }
    case 'SN':
      return structuredNumericOf(seg, location);
    case 'CWE':
    case 'CE': {
      const code = readText(seg, 5, 1);
      const text = readText(seg, 5, 2);
      if (code === '' && text === '')
        throw new Hl7MessageError('coded value is empty', 'AE', '102', location);
      return {
        kind: 'coded_value',
        value: null,
        result: text || code,
        comparator: null,
        coded: { code, text, codeSystem: readText(seg, 5, 3) },
      };
    }
  }
}

/** SN: comparator ^ num1 ^ separator/suffix ^ num2 (`<^5`, `^1^:^128`, `^10^-^20`, `^7.2`). */
function structuredNumericOf(seg: Hl7Segment, location: string): ParsedValue {
  const comparator = readText(seg, 5, 1);
  const num1 = readText(seg, 5, 2);
  const separator = readText(seg, 5, 3);
  const num2 = readText(seg, 5, 4);
  const bad = () => new Hl7MessageError('SN value is malformed', 'AE', '102', location);
  if (!['', '=', '<', '>', '<=', '>=', '<>'].includes(comparator)) throw bad();
  if (!NUMBER_RE.test(num1)) throw bad();
  if (separator === '' && num2 === '') {
    const exact = comparator === '' || comparator === '=';
    return {
      kind: exact ? 'numeric' : 'range',
      value: exact ? Number(num1) : null,
      result: exact ? num1 : `${comparator}${num1}`,
      comparator: exact ? null : comparator,
      coded: null,
    };
  }
  if (!['-', '+', '/', '.', ':'].includes(separator) || !NUMBER_RE.test(num2)) throw bad();
  return {
    kind: 'range',
    value: null,
    result: `${comparator === '=' ? '' : comparator}${num1}${separator}${num2}`,
    comparator: comparator || null,
    coded: null,
  };
}

function flagsOf(seg: Hl7Segment): string[] {
  const flags: string[] = [];
  for (let r = 0; r < repetitionCount(seg, 8); r += 1) {
    const flag = readText(seg, 8, 1, r).toUpperCase();
    if (flag !== '') flags.push(flag);
  }
  return flags;
}

/**
 * LOINC from a CWE: the primary or the alternate identifier coded `LN`, when it has LOINC's form. A lab's own
 * code marked `LN` by mistake is not a LOINC code: null (the value is kept under the lab's code).
 */
function loincOf(seg: Hl7Segment, field: number): string | null {
  for (const [id, system] of [
    [1, 3],
    [4, 6],
  ] as const) {
    if (readText(seg, field, system).toUpperCase() === 'LN') {
      const code = readText(seg, field, id);
      if (LOINC_RE.test(code)) return code;
    }
  }
  return null;
}

function dateTimeOf(seg: Hl7Segment, field: number, zone: string, location: string): string | null {
  const parsed = parseHl7DateTime(readText(seg, field, 1), zone);
  if (parsed === undefined) throw new Hl7MessageError('date/time is malformed', 'AE', '102', location);
  return parsed?.iso ?? null;
}

const SEXES: Record<string, PatientSex> = { F: 'female', M: 'male', O: 'other', U: 'unknown' };

function patientOf(pid: Hl7Segment): LabResultMessage['patient'] {
  const dob = parseHl7Date(readText(pid, 7, 1));
  if (dob === undefined) throw new Hl7MessageError('date of birth is malformed', 'AE', '102', 'PID-7');
  return {
    id: readText(pid, 3, 1) || null,
    lastName: readText(pid, 5, 1),
    firstName: readText(pid, 5, 2),
    dob,
    sex: SEXES[pid.getComponent(8, 1).toUpperCase()] ?? 'unknown',
  };
}

/**
 * A test's status when OBR-25 was left empty: from its values' OBX-11 (any preliminary → preliminary, else
 * any corrected → corrected, else final), cancelled when none of its values could be obtained. A test
 * without any value line has no status to go by: the message is answered AE.
 */
function statusFromValues(
  t: TestState,
  results: readonly LabObservation[],
  missing: readonly MissingLabResult[],
): LabResultStatus {
  const statuses = results.filter((r) => r.testCode === t.test.code).map((r) => r.status);
  if (statuses.length === 0) {
    if (missing.some((m) => m.testCode === t.test.code)) return 'cancelled';
    throw new Hl7MessageError('result status missing', 'AE', '101', `OBR[${t.segmentIndex}]-25`);
  }
  if (statuses.includes('preliminary')) return 'preliminary';
  if (statuses.includes('corrected')) return 'corrected';
  return 'final';
}

function overallStatus(statuses: LabResultStatus[]): LabResultStatus {
  if (statuses.every((s) => s === 'cancelled')) return 'cancelled';
  if (statuses.includes('preliminary')) return 'preliminary';
  if (statuses.includes('corrected')) return 'corrected';
  return 'final';
}
