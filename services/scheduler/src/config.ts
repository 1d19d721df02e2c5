import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const schedulerConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
  HEALTH_PORT: config.port(8080),
  SCHEDULER_TICK_MS: config.int({ default: 60_000, min: 100 }),
};

export const loadSchedulerConfig = (env: NodeJS.ProcessEnv) => loadConfig(schedulerConfigSpec, env);
