import {
  commonConfigSpec,
  config,
  ConfigError,
  loadConfig,
  webhookConfigSpec,
  type Field,
} from '@meridian/platform';

export { DEV_SECRETS_ENCRYPTION_KEY } from '@meridian/platform';

/**
 * A public base URL (scheme, host, optional port and path prefix), returned without a trailing slash so
 * paths can be appended. Credentials, a query or a fragment would end up in every URI we hand out: refused.
 * The data API reads the same variable (its OAuth callback and webhook URIs must equal the ones we announce).
 */
function publicBaseUrl(fallback: (env: Record<string, string | undefined>) => string): Field<string> {
  return {
    parse(raw, name, env = {}) {
      const value = raw === undefined || raw === '' ? fallback(env) : raw;
      const invalid = (why: string) => new ConfigError(`Invalid configuration: ${name} ${why}`);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw invalid('is not a valid URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('must use http or https');
      if (url.username || url.password || url.search || url.hash) {
        throw invalid('must be a base URL without credentials, query or fragment');
      }
      // as written, like the data API reads it: providers compare redirect URIs character for character
      return value.replace(/\/+$/, '');
    },
  };
}

export const managementApiConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
  MANAGEMENT_API_PORT: config.port(8001),
  VALIDATE_RESPONSES: config.boolean(false),
  DATABASE_POOL_MAX: config.int({ default: 10, min: 1, max: 200 }),
  /**
   * Where providers reach the data API: the OAuth callback and webhook URIs teams register with their apps.
   * Defaults like the data API's own: `http://localhost:<DATA_API_PORT, 8000>`.
   */
  DATA_API_PUBLIC_URL: publicBaseUrl(
    (env) => `http://localhost:${config.port(8000).parse(env.DATA_API_PORT, 'DATA_API_PORT')}`,
  ),
  ...webhookConfigSpec,
};

export const loadManagementApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(managementApiConfigSpec, env);
export type ManagementApiConfig = ReturnType<typeof loadManagementApiConfig>['values'];
