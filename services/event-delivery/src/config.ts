import {
  commonConfigSpec,
  config,
  ConfigError,
  loadConfig,
  webhookConfigSpec,
  type Field,
} from '@meridian/platform';
import { DEFAULT_RETRY_SCHEDULE_MS, parseRetrySchedule } from './delivery/retry-schedule';

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

export const eventDeliveryConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
  HEALTH_PORT: config.port(8080),
  DELIVERY_CONCURRENCY: config.int({ default: 20, min: 1, max: 500 }),
  ...webhookConfigSpec,
  DELIVERY_RETRY_SCHEDULE_MS: retryScheduleField(),
  /** An endpoint failing continuously this long is disabled (api-shapes §7.3: 5 days). */
  WEBHOOK_AUTO_DISABLE_AFTER_MS: config.int({ default: 5 * 24 * 3600 * 1000, min: 0 }),
};

export const loadEventDeliveryConfig = (env: NodeJS.ProcessEnv) => loadConfig(eventDeliveryConfigSpec, env);
export type EventDeliveryConfig = ReturnType<typeof loadEventDeliveryConfig>['values'];
