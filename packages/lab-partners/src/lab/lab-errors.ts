/**
 * Errors of the central-lab adapter. None carries message content (names, dates of birth, values): their
 * messages name fields and codes only, so they are safe to log.
 */

/** HL7 table 0357 message error condition codes used here. */
export const HL7_ERROR_CODES = {
  segmentSequence: '100',
  requiredFieldMissing: '101',
  dataTypeError: '102',
  tableValueNotFound: '103',
  unsupportedMessageType: '200',
  unsupportedEventCode: '201',
  unsupportedProcessingId: '202',
  unsupportedVersion: '203',
  unknownKey: '204',
  duplicateKey: '205',
  applicationInternalError: '207',
} as const;
export type Hl7ErrorCode = (typeof HL7_ERROR_CODES)[keyof typeof HL7_ERROR_CODES];

export type Hl7AckCode = 'AA' | 'AE' | 'AR';

/**
 * A message we received cannot be accepted: AR when it is not a message we take at all (framing, MSH,
 * message type, version), AE when its content is invalid.
 */
export class Hl7MessageError extends Error {
  override readonly name = 'Hl7MessageError';
  constructor(
    message: string,
    readonly ackCode: 'AE' | 'AR',
    readonly errorCode: Hl7ErrorCode,
    /** ERR-2 location, e.g. `OBX-5` or `OBX[3]-5`. */
    readonly location: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The lab answered our order with AE or AR (or CE/CR). */
export class LabOrderRejectedError extends Error {
  override readonly name = 'LabOrderRejectedError';
  constructor(
    readonly orderId: string,
    readonly ackCode: string,
    /** MSA-3 / ERR-8 text of the lab. */
    readonly reason: string,
    /** ERR-3 code, when the lab sent one. */
    readonly errorCode: string | null,
  ) {
    super(`lab rejected order ${orderId} (${ackCode}${errorCode ? ` ${errorCode}` : ''}): ${reason}`);
  }
}

export type LabTransportFailure = 'connect' | 'timeout' | 'closed' | 'protocol';

/** The lab could not be reached, dropped the connection, or did not answer in time. Safe to retry. */
export class LabTransportError extends Error {
  override readonly name = 'LabTransportError';
  constructor(
    message: string,
    readonly failure: LabTransportFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Thrown by an `apply` callback when the message was already applied (e.g. the unique constraint on the
 * stored control id fired): the listener answers AA as for any duplicate.
 */
export class DuplicateLabMessageError extends Error {
  override readonly name = 'DuplicateLabMessageError';
}

/** An MLLP frame grew past the configured maximum. */
export class MllpFrameTooLargeError extends Error {
  override readonly name = 'MllpFrameTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`MLLP frame exceeds ${maxBytes} bytes`);
  }
}
