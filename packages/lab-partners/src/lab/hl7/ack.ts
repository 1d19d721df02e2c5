/**
 * HL7 acknowledgements (original mode): building the ACK we return for a received message, and reading
 * the one a lab returns for ours (a general ACK, or an ORR^O02 that also carries the lab's accession).
 */
import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { hl7Message, hl7Segment } from './medplum';
import type { Hl7AckCode, Hl7ErrorCode } from '../lab-errors';
import { formatHl7DateTime } from './datetime';
import { hl7Components, segmentFields } from './text';
import { readText } from './read';

export interface AckFields {
  /** MSH-3/MSH-4 of the acknowledging side. */
  application: string;
  facility: string;
  controlId: string;
  now?: Date;
}

export interface AckError {
  errorCode: Hl7ErrorCode;
  location: string | null;
  text: string;
}

/** The fields of a received message the ACK echoes (the message may be too broken to parse). */
export interface AckedMessage {
  sendingApplication: string;
  sendingFacility: string;
  controlId: string;
  triggerEvent: string;
  version: string;
  processingId: string;
}

/** Reads what an ACK echoes from a message that may not parse any further. */
export function ackedMessageOf(message: Hl7Message | null): AckedMessage {
  const msh = message?.getSegment('MSH');
  return {
    sendingApplication: msh ? readText(msh, 3) : '',
    sendingFacility: msh ? readText(msh, 4) : '',
    controlId: msh ? readText(msh, 10) : '',
    triggerEvent: msh ? msh.getComponent(9, 2) : '',
    version: (msh ? msh.getComponent(12, 1) : '') || '2.5.1',
    processingId: (msh ? msh.getComponent(11, 1) : '') || 'P',
  };
}

/** `ACK^<event>^ACK` for a received message, with MSA and (for AE/AR) ERR. */
export function buildAck(
  acked: AckedMessage,
  code: Hl7AckCode,
  text: string,
  self: AckFields,
  error?: AckError,
): Hl7Message {
  const segments = [
    hl7Segment([
      'MSH',
      '^~\\&',
      hl7Components(self.application),
      hl7Components(self.facility),
      hl7Components(acked.sendingApplication),
      hl7Components(acked.sendingFacility),
      formatHl7DateTime(self.now ?? new Date()),
      '',
      acked.triggerEvent ? hl7Components('ACK', acked.triggerEvent, 'ACK') : 'ACK',
      hl7Components(self.controlId),
      hl7Components(acked.processingId),
      hl7Components(acked.version),
    ]),
    hl7Segment(['MSA', code, hl7Components(acked.controlId), hl7Components(text.slice(0, 80))]),
  ];
  if (error) segments.push(errSegment(error));
  return hl7Message(segments);
}

/** ERR (v2.5 layout): ERR-2 location, ERR-3 code from table 0357, ERR-4 severity, ERR-8 user message. */
export function errSegment(error: AckError): Hl7Segment {
  const location = error.location ? locationComponents(error.location) : '';
  return hl7Segment(
    segmentFields('ERR', {
      2: location,
      3: hl7Components(error.errorCode, errorCodeText(error.errorCode), 'HL70357'),
      4: 'E',
      8: hl7Components(error.text.slice(0, 250)),
    }),
  );
}

function locationComponents(location: string): string {
  const m = /^([A-Z0-9]{3})(?:\[(\d+)\])?(?:-(\d+))?$/.exec(location);
  if (!m) return '';
  return hl7Components(m[1], m[2] ?? '1', m[3] ?? '');
}

function errorCodeText(code: Hl7ErrorCode): string {
  switch (code) {
    case '100':
      return 'Segment sequence error';
    case '101':
      return 'Required field missing';
    case '102':
      return 'Data type error';
    case '103':
      return 'Table value not found';
    case '200':
      return 'Unsupported message type';
    case '201':
      return 'Unsupported event code';
    case '202':
      return 'Unsupported processing id';
    case '203':
      return 'Unsupported version id';
    case '204':
      return 'Unknown key identifier';
    case '205':
      return 'Duplicate key identifier';
    case '207':
      return 'Application internal error';
  }
}

export interface ReceivedAck {
  code: string;
  /** MSA-2: the control id acknowledged. */
  controlId: string;
  /** ERR-8 user message, else MSA-3 text. */
  text: string;
  errorCode: string | null;
  /** ORC-3 of an ORR^O02. */
  fillerOrderNumber: string | null;
}

/** Reads an ACK or ORR; null when the text is not an acknowledgement. */
export function readAck(message: Hl7Message): ReceivedAck | null {
  const msa = message.getSegment('MSA');
  if (!msa) return null;
  const err = message.getSegment('ERR');
  const orc = message.getSegment('ORC');
  const errText = err ? readText(err, 8) : '';
  return {
    code: msa.getComponent(1, 1).toUpperCase(),
    controlId: readText(msa, 2),
    text: errText || readText(msa, 3),
    errorCode: err ? err.getComponent(3, 1) || null : null,
    fillerOrderNumber: orc ? readText(orc, 3) || null : null,
  };
}
