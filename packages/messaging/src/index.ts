export { AmqpTransport, createAmqpTransport, type AmqpTransportOptions } from './amqp-transport';
export type { DeadLetter } from './dead-letter';
export { declareTopology, queueTypes, type QueueType, type TopologyChannel } from './declare-topology';
export {
  createInProcessTransport,
  InProcessTransport,
  type InProcessTransportOptions,
} from './in-process-transport';
export {
  createMessage,
  envelopeProblem,
  parseMessageEnvelope,
  tryParseMessageEnvelope,
  type MessageEnvelope,
} from './message-envelope';
export { messageHeaders } from './message-headers';
export type { MessagingLogger } from './messaging-logger';
export { PermanentError } from './permanent-error';
export type { ReconnectOptions } from './reconnect-delay';
export { matchesTopicPattern } from './topic-pattern';
export {
  deadLetterQueueName,
  meridianQueues,
  meridianTopology,
  CONTINUOUS_QUERY_TASK_DUE,
  LAB_ORDER_SUBMIT,
  PARSER_JOB_REQUESTED,
  retryQueueName,
  topologyQueues,
  validateTopology,
  type QueueKind,
  type Topology,
  type TopologyQueue,
  type WorkQueueDefinition,
} from './topology';
export {
  defaultPrefetch,
  type ConsumedMessage,
  type ConsumeOptions,
  type MessageHandler,
  type PublishOptions,
  type QueueDepth,
  type Subscription,
  type Transport,
} from './transport';
