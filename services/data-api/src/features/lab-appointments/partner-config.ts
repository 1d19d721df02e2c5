/**
 * The phlebotomy partners of a deployment, from its environment (validated once at boot with the rest of the
 * data API's config). A partner is configured when its URL is set; then its credentials and webhook secrets
 * are required (a half-configured partner stops the boot, naming the missing variable). Without any, the
 * appointment endpoints answer `provider_not_available` — except under `pnpm start`, which serves both
 * partners from their local emulators (local-phlebotomy-partners.ts).
 */
import type { PhlebotomyAreaRules, PhlebotomyPartnersConfig } from '@meridian/lab-partners';
import { config, ConfigError } from '@meridian/platform';

const httpUrl = () => config.url({ optional: true, protocols: ['http', 'https'] });

export const phlebotomyPartnerConfigSpec = {
  /** Appointment-ready partner (`getlabs` tier): API base URL, e.g. `https://api.partner.example/v1`. */
  PHLEBOTOMY_GETLABS_URL: httpUrl(),
  PHLEBOTOMY_GETLABS_API_KEY: config.optionalString({ secret: true }),
  /** Webhook signing secrets, comma-separated (two while the partner rotates). */
  PHLEBOTOMY_GETLABS_WEBHOOK_SECRETS: config.optionalString({ secret: true }),
  /** Appointment-request partner (`phlebfinders` tier, beta): API base URL, e.g. `https://…/api/v2`. */
  PHLEBOTOMY_PHLEBFINDERS_URL: httpUrl(),
  /** OAuth token endpoint; default `/oauth/token` on the API's origin. */
  PHLEBOTOMY_PHLEBFINDERS_TOKEN_URL: httpUrl(),
  PHLEBOTOMY_PHLEBFINDERS_CLIENT_ID: config.optionalString(),
  PHLEBOTOMY_PHLEBFINDERS_CLIENT_SECRET: config.optionalString({ secret: true }),
  PHLEBOTOMY_PHLEBFINDERS_WEBHOOK_SECRETS: config.optionalString({ secret: true }),
  /** Beta: offer the request tier only in these zip codes (comma-separated); unset = wherever it serves. */
  PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES: config.optionalString(),
};

type PartnerEnv = { readonly [K in keyof typeof phlebotomyPartnerConfigSpec]: string | undefined };

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function required(values: PartnerEnv, name: keyof PartnerEnv, partnerVar: keyof PartnerEnv): string {
  const v = values[name];
  if (!v) throw new ConfigError(`Invalid configuration: ${name} is required when ${partnerVar} is set`);
  return v;
}

/** Whether the environment configures any real phlebotomy partner. */
export function hasConfiguredPhlebotomyPartners(values: PartnerEnv): boolean {
  return Boolean(values.PHLEBOTOMY_GETLABS_URL || values.PHLEBOTOMY_PHLEBFINDERS_URL);
}

export function phlebotomyPartnersFromConfig(values: PartnerEnv): {
  config: PhlebotomyPartnersConfig;
  areaRules: PhlebotomyAreaRules;
} {
  const out: PhlebotomyPartnersConfig = {};
  const areaRules: PhlebotomyAreaRules = {};
  if (values.PHLEBOTOMY_GETLABS_URL) {
    const from = 'PHLEBOTOMY_GETLABS_URL';
    out.getlabs = {
      baseUrl: values.PHLEBOTOMY_GETLABS_URL,
      apiKey: required(values, 'PHLEBOTOMY_GETLABS_API_KEY', from),
      webhookSecrets: list(required(values, 'PHLEBOTOMY_GETLABS_WEBHOOK_SECRETS', from)),
    };
  }
  if (values.PHLEBOTOMY_PHLEBFINDERS_URL) {
    const from = 'PHLEBOTOMY_PHLEBFINDERS_URL';
    out.phlebfinders = {
      baseUrl: values.PHLEBOTOMY_PHLEBFINDERS_URL,
      tokenUrl: values.PHLEBOTOMY_PHLEBFINDERS_TOKEN_URL,
      clientId: required(values, 'PHLEBOTOMY_PHLEBFINDERS_CLIENT_ID', from),
      clientSecret: required(values, 'PHLEBOTOMY_PHLEBFINDERS_CLIENT_SECRET', from),
      webhookSecrets: list(required(values, 'PHLEBOTOMY_PHLEBFINDERS_WEBHOOK_SECRETS', from)),
    };
    const zips = list(values.PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES);
    if (zips.some((z) => !/^\d{5}$/.test(z)))
      throw new ConfigError(
        'Invalid configuration: PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES must be 5-digit zip codes',
      );
    if (zips.length > 0) areaRules.phlebfinders = { only: zips };
  }
  return { config: out, areaRules };
}
