/**
 * The central-lab adapter over HL7 v2 / MLLP, and the local lab simulator.
 *
 * HL7 messages are parsed and built with @medplum/core's Hl7Message (maintained, typed, Apache-2.0); we add
 * the escaping it does not do (hl7/text.ts). MLLP is our own small transport (mllp/) rather than
 * @medplum/hl7's Hl7Server/Hl7Client: that one binds every interface with no host option, assumes a TCP chunk
 * ends where a frame ends (two frames in one chunk are parsed as one message), has no frame size limit and
 * sends no NAK for a message it cannot parse, all of which the listener must get right.
 */
export * from './lab-types';
export * from './lab-errors';
export { Hl7LabAdapter } from './hl7-lab-adapter';
export type { Hl7LabAdapterOptions } from './hl7-lab-adapter';
export { Hl7ResultListener } from './hl7-result-listener';
export type { Hl7ResultListenerOptions, LabResultEvent } from './hl7-result-listener';
export { buildOrmO01, isValidNpi, LabOrderInvalidError, HL7_VERSION } from './hl7/orm-o01';
export type { Hl7Endpoints } from './hl7/orm-o01';
export { readOruR01, idempotencyKeyOf } from './hl7/oru-r01';
export type { OruReadOptions } from './hl7/oru-r01';
export { newMessageControlId } from './hl7/text';
export { MllpServer } from './mllp/mllp-server';
export type {
  MllpAddress,
  MllpConnectionContext,
  MllpMessageHandler,
  MllpServerOptions,
} from './mllp/mllp-server';
export { MllpClient } from './mllp/mllp-client';
export type { MllpClientOptions } from './mllp/mllp-client';
export { encodeMllpFrame, MllpFrameDecoder } from './mllp/mllp-frame';
export { LabSimulator, LAB_SCENARIOS } from './simulator/lab-simulator';
export type {
  LabScenario,
  LabSimulatorFaults,
  LabSimulatorOptions,
  MalformedResultKind,
  SentResult,
  SimulatedOrder,
} from './simulator/lab-simulator';
export { SIMULATED_TEST_CODES, simulatedTestOf } from './simulator/marker-catalog';
