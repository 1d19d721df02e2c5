import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const dataApiConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
  DATA_API_PORT: config.port(8000),
  VALIDATE_RESPONSES: config.boolean(false),
};

export const loadDataApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(dataApiConfigSpec, env);
export type DataApiConfig = ReturnType<typeof loadDataApiConfig>['values'];
