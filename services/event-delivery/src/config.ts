import {
  commonConfigSpec,
  config,
  ConfigError,
  loadConfig,
  webhookConfigSpec,
  type Field,
} from '@meridian/platform';
import { DEFAULT_RETRY_SCHEDULE_MS, parseRetrySchedule } from './delivery/retry-schedule';
import { DEFAULT_EVENTS_PER_MESSAGE } from './outbox-relay';

/** Delays in ms before each attempt (the first is usually 0); its length is the number of attempts. */
function retryScheduleField(): Field<number[]> {
  return {
    parse(value, name) {
      if (value === undefined || value.trim() === '') return [...DEFAULT_RETRY_SCHEDULE_MS];
      try {
        return parseRetrySchedule(value);
      } catch (err) {
        throw new ConfigError(`Invalid configuration: ${name} ${(err as Error).message}`);
      }
    },
  };
}

/** A retry schedule that may be left unset (null). */
function optionalRetryScheduleField(): Field<number[] | null> {
  return {
    parse(value, name) {
      if (value === undefined || value.trim() === '') return null;
      try {
        return parseRetrySchedule(value);
      } catch (err) {
        throw new ConfigError(`Invalid configuration: ${name} ${(err as Error).message}`);
      }
    },
  };
}

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const eventDeliveryProcessConfigSpec = {
  ...commonConfigSpec,
  NODE_ENV: config.optionalString(),
  HEALTH_PORT: config.port(8080),
  /** Relay loops hold a connection while the broker confirms; fan-out, delivery and ETL need their own. */
  DATABASE_POOL_MAX: config.int({ default: 8, min: 2, max: 200 }),
  DELIVERY_CONCURRENCY: config.int({ default: 20, min: 1, max: 500 }),
  /**
   * Outbox events of one type the relay puts in one broker message (consumers settle each on its own).
   * 1 = one broker message per event, readable by consumers of versions before batches: set it while
   * such replicas still run during a rolling upgrade.
   */
  OUTBOX_RELAY_EVENTS_PER_MESSAGE: config.int({ default: DEFAULT_EVENTS_PER_MESSAGE, min: 1, max: 1000 }),
  ...webhookConfigSpec,
  DELIVERY_RETRY_SCHEDULE_MS: retryScheduleField(),
  /** ETL (Event Hubs) attempt schedule, same format; unset = DELIVERY_RETRY_SCHEDULE_MS (api-shapes §7.4 "like webhooks"). */
  ETL_RETRY_SCHEDULE_MS: optionalRetryScheduleField(),
  /** Bound on one Event Hubs send (connect, CBS token, link, transfer); a timeout is a failed attempt. */
  ETL_SEND_TIMEOUT_MS: config.int({ default: 15_000, min: 100, max: 60_000 }),
  /** A delivery not answered within this long is a failed attempt (api-shapes §7.3: 15 s). Lower only in tests. */
  WEBHOOK_TIMEOUT_MS: config.int({ default: 15_000, min: 100, max: 15_000 }),
  /** An endpoint failing continuously this long is disabled (api-shapes §7.3: 5 days). */
  WEBHOOK_AUTO_DISABLE_AFTER_MS: config.int({ default: 5 * 24 * 3600 * 1000, min: 0 }),
};

export const eventDeliveryConfigSpec = {
  ...eventDeliveryProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
};

export const loadEventDeliveryConfig = (env: NodeJS.ProcessEnv) => loadConfig(eventDeliveryConfigSpec, env);
export const loadEventDeliveryProcessConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig(eventDeliveryProcessConfigSpec, env);
export type EventDeliveryProcessConfig = ReturnType<typeof loadEventDeliveryProcessConfig>['values'];
export type EventDeliveryConfig = ReturnType<typeof loadEventDeliveryConfig>['values'];
