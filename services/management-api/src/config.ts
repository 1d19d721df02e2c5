import {
  commonConfigSpec,
  config,
  loadConfig,
  webhookConfigSpec,
  rateLimitConfigSpec,
} from '@meridian/platform';

export { DEV_SECRETS_ENCRYPTION_KEY } from '@meridian/platform';

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const managementApiProcessConfigSpec = {
  ...commonConfigSpec,
  ...rateLimitConfigSpec,
  NODE_ENV: config.optionalString(),
  MANAGEMENT_API_PORT: config.port(8001),
  VALIDATE_RESPONSES: config.boolean(false),
  DATABASE_POOL_MAX: config.int({ default: 10, min: 1, max: 200 }),
  /**
   * Where providers reach the data API: the OAuth callback and webhook URIs teams register with their apps.
   * Defaults like the data API's own: `http://localhost:<DATA_API_PORT, 8000>`.
   */
  DATA_API_PUBLIC_URL: config.publicUrl(
    (env) => `http://localhost:${config.port(8000).parse(env.DATA_API_PORT, 'DATA_API_PORT')}`,
  ),
  ...webhookConfigSpec,
};

export const managementApiConfigSpec = {
  ...managementApiProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
};

export const loadManagementApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(managementApiConfigSpec, env);
export type ManagementApiConfig = ReturnType<typeof loadManagementApiConfig>['values'];
export const loadManagementApiProcessConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig(managementApiProcessConfigSpec, env);
export type ManagementApiProcessConfig = ReturnType<typeof loadManagementApiProcessConfig>['values'];
