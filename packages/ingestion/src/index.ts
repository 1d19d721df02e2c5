/**
 * `@meridian/ingestion`: the one path by which health data enters Meridian, and the wire renderers
 * (samples, sources, summaries) that events and the REST read API share.
 */
export * from './ingestion.types';
export * from './create-ingestion';
export type { IngestManyOptions } from './ingest-batch';
export { activityLock } from './refresh-activity';
export { RAN_AHEAD_OPTION, RUN_AHEAD_OPTION, type RunAhead } from './storage/run-ahead';
export {
  ingestionUserColumns,
  toIngestionUser,
  type IngestionUser,
  type IngestionUserRow,
} from './storage/ingestion-user.repository';
export { historicalPullEvent, type HistoricalPullCompletion } from './complete-historical-pull';
export * from './wire';
export { acceptedUnits, unitConversion, type UnitConversion } from './units';
export { deterministicId, summaryId } from './deterministic-id';
export { DATA_EVENT_RESOURCES } from './events/data-event-resources';
export { MAX_SAMPLES_PER_EVENT } from './events/sample-events';
export { WORKOUT_STREAM_KEYS, type WorkoutStreamPayload } from './validation/normalise-workout-streams';
export { ACTIVITY_RESOURCES, deriveActivity } from './activity/derive-activity';
