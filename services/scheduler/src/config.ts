import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const schedulerConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
  HEALTH_PORT: config.port(8080),
  SCHEDULER_TICK_MS: config.int({ default: 60_000, min: 100 }),
  /** A lab report parsing job without progress for this long is re-queued by the sweep. */
  LAB_REPORT_STUCK_AFTER_MS: config.int({ default: 15 * 60_000, min: 1_000 }),
  /** Parse attempts after which the sweep fails a stuck job with `processing_error`. */
  LAB_REPORT_MAX_ATTEMPTS: config.int({ default: 5, min: 1, max: 100 }),
};

export const loadSchedulerConfig = (env: NodeJS.ProcessEnv) => loadConfig(schedulerConfigSpec, env);
