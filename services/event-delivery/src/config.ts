import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const eventDeliveryConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
  HEALTH_PORT: config.port(8080),
  DELIVERY_CONCURRENCY: config.int({ default: 20, min: 1, max: 500 }),
};

export const loadEventDeliveryConfig = (env: NodeJS.ProcessEnv) => loadConfig(eventDeliveryConfigSpec, env);
