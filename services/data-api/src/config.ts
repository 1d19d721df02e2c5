import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const dataApiConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
  DATA_API_PORT: config.port(8000),
  VALIDATE_RESPONSES: config.boolean(false),
  DATABASE_POOL_MAX: config.int({ default: 10, min: 1, max: 200 }),
  DATA_API_KEY_CACHE_MS: config.int({ default: 2000, min: 0, max: 60_000 }),
};

export const loadDataApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(dataApiConfigSpec, env);
export type DataApiConfig = ReturnType<typeof loadDataApiConfig>['values'];
