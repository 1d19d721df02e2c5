import {
  commonConfigSpec,
  config,
  loadConfig,
  rateLimitConfigSpec,
  webhookConfigSpec,
} from '@meridian/platform';
import { phlebotomyPartnerConfigSpec } from './features/lab-appointments/partner-config';
import { labServicePartnerConfigSpec } from './features/lab-psc/partner-config';

const dataApiPort = config.port(8000);
const publicUrlOf = (env: Record<string, string | undefined>) =>
  `http://localhost:${dataApiPort.parse(env.DATA_API_PORT, 'DATA_API_PORT')}`;
const dataApiPublicUrl = config.publicUrl(publicUrlOf);

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const dataApiProcessConfigSpec = {
  ...commonConfigSpec,
  ...rateLimitConfigSpec,
  /** `production` keeps the SSRF rules whole for emulated providers and refuses the public dev key. */
  NODE_ENV: config.optionalString(),
  DATA_API_PORT: dataApiPort,
  VALIDATE_RESPONSES: config.boolean(false),
  DATABASE_POOL_MAX: config.int({ default: 10, min: 1, max: 200 }),
  DATA_API_KEY_CACHE_MS: config.int({ default: 2000, min: 0, max: 60_000 }),
  /** Seals provider tokens, OAuth PKCE verifiers and pending MFA state; opens teams' custom credentials. */
  SECRETS_ENCRYPTION_KEY: webhookConfigSpec.SECRETS_ENCRYPTION_KEY,
  /** Where browsers and providers reach this API (OAuth redirect URI, inbound provider webhooks). */
  DATA_API_PUBLIC_URL: dataApiPublicUrl,
  /** The hosted link widget (`link_web_url`); served by this API at `/link` unless hosted elsewhere. */
  LINK_WEB_URL: config.publicUrl(
    (env) => `${dataApiPublicUrl.parse(env.DATA_API_PUBLIC_URL, 'DATA_API_PUBLIC_URL', env)}/link`,
  ),
  /** Hosts, addresses or CIDRs provider calls may reach although private (SSRF allow-list, e.g. emulators). */
  PROVIDER_ALLOWED_TARGETS: webhookConfigSpec.WEBHOOK_ALLOWED_TARGETS,
  /** Mobile-SDK push (decision 0009 "Limits"): records per batch (413 above), body bytes, pushes per device per minute (429 above; 0 = off). */
  SDK_PUSH_MAX_RECORDS: config.int({ default: 10_000, min: 1, max: 100_000 }),
  SDK_PUSH_MAX_BODY_BYTES: config.int({ default: 8 * 1024 * 1024, min: 16 * 1024, max: 256 * 1024 * 1024 }),
  SDK_PUSH_DEVICE_RATE_PER_MINUTE: config.int({ default: 120, min: 0, max: 1_000_000 }),
  /** At-home phlebotomy partners (issue 13): URLs, credentials, webhook secrets; unset = none configured. */
  ...phlebotomyPartnerConfigSpec,
  /** Walk-in (PSC) labs and the test-kit fulfilment partner (issue 13); unset = none configured. */
  ...labServicePartnerConfigSpec,
};

export const dataApiConfigSpec = {
  ...dataApiProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], optional: true, secret: true }),
};

export const loadDataApiConfig = (env: NodeJS.ProcessEnv) => loadConfig(dataApiConfigSpec, env);
export type DataApiConfig = ReturnType<typeof loadDataApiConfig>['values'];
export const loadDataApiProcessConfig = (env: NodeJS.ProcessEnv) => loadConfig(dataApiProcessConfigSpec, env);
export type DataApiProcessConfig = ReturnType<typeof loadDataApiProcessConfig>['values'];
