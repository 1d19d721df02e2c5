export * from './event-hubs-emulator';
export * from './sas-token';
export { BATCH_MESSAGE_FORMAT, decodeTransfer, type DecodedEvent } from './batch-message';
