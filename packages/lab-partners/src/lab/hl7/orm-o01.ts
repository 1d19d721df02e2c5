/**
 * ORM^O01 (general order, HL7 v2.5.1 §4.4.1) for a lab order: MSH, PID, PV1, then one ORDER group per
 * test (ORC `NW` + OBR, with the order's DG1 diagnoses and an NTE for clinical notes). The placer order
 * number (ORC-2 / OBR-2) is our order id, and the ORC-4 placer group number ties the tests together.
 */
import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { hl7Message, hl7Segment } from './medplum';
import type { LabOrderPhysician, LabOrderRequest, PatientSex } from '../lab-types';
import { formatHl7Date, formatHl7DateTime } from './datetime';
import { hl7Components, segmentFields } from './text';

export interface Hl7Endpoints {
  /** MSH-3 / MSH-4: who we are. */
  sendingApplication: string;
  sendingFacility: string;
  /** MSH-5 / MSH-6: the lab. */
  receivingApplication: string;
  receivingFacility: string;
  /** MSH-11: `P` production, `T` training/test (sandbox orders). */
  processingId: 'P' | 'T' | 'D';
  /** Assigning authority of our identifiers (PID-3, ORC-2 namespace). */
  assigningAuthority: string;
}

export const HL7_VERSION = '2.5.1';

const SEX_CODES: Record<PatientSex, string> = { female: 'F', male: 'M', other: 'O', unknown: 'U' };

/** A validation problem of an order we are about to send (a programming or input error, not the lab's). */
export class LabOrderInvalidError extends Error {
  override readonly name = 'LabOrderInvalidError';
}

export function buildOrmO01(
  order: LabOrderRequest,
  endpoints: Hl7Endpoints,
  controlId: string,
  now: Date = new Date(),
): Hl7Message {
  checkOrder(order);
  const ts = formatHl7DateTime(now);
  const placer = hl7Components(order.orderId, endpoints.assigningAuthority);
  const priority = order.priority ? 'S' : 'R';
  const provider = order.physician ? xcnOf(order.physician) : '';
  const segments: Hl7Segment[] = [
    hl7Segment([
      'MSH',
      '^~\\&',
      hl7Components(endpoints.sendingApplication),
      hl7Components(endpoints.sendingFacility),
      hl7Components(endpoints.receivingApplication),
      hl7Components(endpoints.receivingFacility),
      ts,
      '',
      'ORM^O01^ORM_O01',
      hl7Components(controlId),
      endpoints.processingId,
      HL7_VERSION,
      '',
      '',
      'AL',
      'NE',
      '',
      'UNICODE UTF-8',
    ]),
    pidOf(order, endpoints),
    hl7Segment(segmentFields('PV1', { 1: '1', 2: 'O', 19: hl7Components(order.accountNumber ?? '') })),
  ];
  order.tests.forEach((test, index) => {
    segments.push(
      // ORC-7 quantity/timing: priority in TQ-6; ORC-9 transaction time; ORC-12 ordering provider.
      hl7Segment(
        segmentFields('ORC', {
          1: 'NW',
          2: placer,
          4: placer,
          7: hl7Components('', '', '', '', '', priority),
          9: ts,
          12: provider,
        }),
      ),
      // OBR-4 universal service id; OBR-6 requested time; OBR-7 collection time; OBR-16 ordering provider.
      hl7Segment(
        segmentFields('OBR', {
          1: String(index + 1),
          2: placer,
          4: hl7Components(test.code, test.name, test.codeSystem),
          6: ts,
          7: order.collectedAt ? formatHl7DateTime(order.collectedAt) : '',
          16: provider,
        }),
      ),
    );
    if (order.clinicalNotes) {
      segments.push(hl7Segment(['NTE', '1', 'P', hl7Components(order.clinicalNotes)]));
    }
    (order.icdCodes ?? []).forEach((code, i) => {
      segments.push(
        hl7Segment(segmentFields('DG1', { 1: String(i + 1), 3: hl7Components(code, '', 'I10'), 6: 'W' })),
      );
    });
  });
  return hl7Message(segments);
}

function pidOf(order: LabOrderRequest, endpoints: Hl7Endpoints): Hl7Segment {
  const p = order.patient;
  const address = p.address
    ? hl7Components(
        p.address.firstLine,
        p.address.secondLine ?? '',
        p.address.city,
        p.address.state,
        p.address.zip,
        p.address.country,
      )
    : '';
  return hl7Segment(
    segmentFields('PID', {
      1: '1',
      3: hl7Components(p.id, '', '', endpoints.assigningAuthority, 'MR'),
      5: hl7Components(p.lastName, p.firstName),
      7: formatHl7Date(p.dob),
      8: SEX_CODES[p.sex],
      11: address,
      13: hl7Components(p.phoneNumber ?? ''),
    }),
  );
}

/** XCN with the NPI as identifier: assigning authority (XCN-9) and identifier type (XCN-13) `NPI`. */
function xcnOf(physician: LabOrderPhysician): string {
  return hl7Components(
    physician.npi,
    physician.lastName,
    physician.firstName,
    '',
    '',
    '',
    '',
    '',
    'NPI',
    'L',
    '',
    '',
    'NPI',
  );
}

function checkOrder(order: LabOrderRequest): void {
  if (order.orderId.trim() === '') throw new LabOrderInvalidError('order id is empty');
  if (order.tests.length === 0) throw new LabOrderInvalidError('order has no tests');
  for (const test of order.tests) {
    if (test.code.trim() === '') throw new LabOrderInvalidError('a test has no code');
  }
  if (order.patient.firstName.trim() === '' || order.patient.lastName.trim() === '') {
    throw new LabOrderInvalidError('patient name is incomplete');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(order.patient.dob)) {
    throw new LabOrderInvalidError('patient date of birth is not YYYY-MM-DD');
  }
  if (order.physician && !isValidNpi(order.physician.npi)) {
    throw new LabOrderInvalidError('physician NPI is not a valid NPI');
  }
  for (const code of order.icdCodes ?? []) {
    if (!/^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/i.test(code)) {
      throw new LabOrderInvalidError('an ICD-10 code is malformed');
    }
  }
}

/** NPI: ten digits whose Luhn check (with the 80840 prefix) holds. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`.split('').map(Number);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits[digits.length - 1 - i]!;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
