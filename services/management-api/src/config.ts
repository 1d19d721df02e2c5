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
 */
function publicBaseUrl(defaultUrl: string): Field<string> {
  return {
    parse(raw, name) {
      const value = raw === undefined || raw === '' ? defaultUrl : raw;
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
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
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
  /** Where providers reach the data API: the OAuth callback and webhook URIs teams register with their apps. */
  DATA_API_PUBLIC_URL: publicBaseUrl('http://localhost:8000'),
  ...webhookConfigSpec,
};

export const loadManagementApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(managementApiConfigSpec, env);
export type ManagementApiConfig = ReturnType<typeof loadManagementApiConfig>['values'];
