/**
 * The walk-in (PSC) labs and the test-kit fulfilment partner of a deployment, from its environment. A partner
 * is configured when its URL is set; then its credentials are required (a half-configured partner stops the
 * boot). Without them the PSC and test-kit endpoints answer 400 `provider_not_available`, except under
 * `pnpm start`, which serves them from their local emulators (local-lab-service-partners.ts).
 */
import type { FulfilmentPartnerConfig, PscPartnersConfig } from '@meridian/lab-partners';
import { config, ConfigError } from '@meridian/platform';

const httpUrl = () => config.url({ optional: true, protocols: ['http', 'https'] });

export const labServicePartnerConfigSpec = {
  /** Quest's patient service center scheduling API, e.g. `https://…/psc/v1`. */
  PSC_QUEST_URL: httpUrl(),
  PSC_QUEST_API_KEY: config.optionalString({ secret: true }),
  /** Sonora Quest's patient service center scheduling API. */
  PSC_SONORA_QUEST_URL: httpUrl(),
  PSC_SONORA_QUEST_API_KEY: config.optionalString({ secret: true }),
  /** Test-kit fulfilment partner API, e.g. `https://…/fulfilment/v1`. */
  TESTKIT_FULFILMENT_URL: httpUrl(),
  TESTKIT_FULFILMENT_API_KEY: config.optionalString({ secret: true }),
  /** Courier-update webhook signing secrets, comma-separated (two while the partner rotates). */
  TESTKIT_FULFILMENT_WEBHOOK_SECRETS: config.optionalString({ secret: true }),
};

type Env = { readonly [K in keyof typeof labServicePartnerConfigSpec]: string | undefined };

function required(values: Env, name: keyof Env, from: keyof Env): string {
  const v = values[name];
  if (!v) throw new ConfigError(`Invalid configuration: ${name} is required when ${from} is set`);
  return v;
}

export function hasConfiguredLabServicePartners(values: Env): boolean {
  return Boolean(values.PSC_QUEST_URL || values.PSC_SONORA_QUEST_URL || values.TESTKIT_FULFILMENT_URL);
}

export function labServicePartnersFromConfig(values: Env): {
  psc: PscPartnersConfig;
  fulfilment: FulfilmentPartnerConfig | null;
} {
  const psc: PscPartnersConfig = {};
  if (values.PSC_QUEST_URL)
    psc.quest = {
      baseUrl: values.PSC_QUEST_URL,
      apiKey: required(values, 'PSC_QUEST_API_KEY', 'PSC_QUEST_URL'),
    };
  if (values.PSC_SONORA_QUEST_URL)
    psc.sonora_quest = {
      baseUrl: values.PSC_SONORA_QUEST_URL,
      apiKey: required(values, 'PSC_SONORA_QUEST_API_KEY', 'PSC_SONORA_QUEST_URL'),
    };
  const fulfilment = values.TESTKIT_FULFILMENT_URL
    ? {
        baseUrl: values.TESTKIT_FULFILMENT_URL,
        apiKey: required(values, 'TESTKIT_FULFILMENT_API_KEY', 'TESTKIT_FULFILMENT_URL'),
        webhookSecrets: required(values, 'TESTKIT_FULFILMENT_WEBHOOK_SECRETS', 'TESTKIT_FULFILMENT_URL')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      }
    : null;
  return { psc, fulfilment };
}
