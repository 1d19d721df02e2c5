import { LAB_SLUGS, PROVIDER_SLUGS } from '@meridian/domain';
import { isOAuthProvider, receivesWebhooks } from '../shared/provider-capabilities';

/** Partners whose credentials are kept here too (the getlabs and phlebfinders `details` variants, §8.3). */
export const PARTNER_SLUGS = ['getlabs', 'phlebfinders'] as const;

/** Every slug a team credential may name: providers, labs and partners (`manual` is in both lists). */
export const CREDENTIAL_PROVIDERS: readonly string[] = [
  ...new Set<string>([...PROVIDER_SLUGS, ...LAB_SLUGS, ...PARTNER_SLUGS]),
];

export interface PreparationStep {
  type: 'redirect_uri' | 'webhook_uri' | 'iam_principal';
  key: string | null;
  value: string;
  description: string | null;
}

export interface Preparation {
  status: 'no_action_needed' | 'preparations_required';
  preparation_steps: PreparationStep[] | null;
}

/** The data API's public paths a team registers with its own app (served by the data API). */
export const oauthCallbackUri = (dataApiPublicUrl: string) => `${dataApiPublicUrl}/v2/link/oauth/callback`;
export const providerWebhookUri = (dataApiPublicUrl: string, provider: string, teamId: string) =>
  `${dataApiPublicUrl}/v2/provider_webhooks/${provider}/teams/${teamId}`;

/** What to register at the provider before its credentials work, from what the provider is (pure). */
export function preparationFor(
  provider: string,
  teamId: string,
  dataApiPublicUrl: string,
  traits: { oauth: boolean; webhooks: boolean },
): Preparation {
  if (!traits.oauth) return { status: 'no_action_needed', preparation_steps: null };
  const steps: PreparationStep[] = [
    {
      type: 'redirect_uri',
      key: null,
      value: oauthCallbackUri(dataApiPublicUrl),
      description: `Add this URI to the allowed redirect (callback) URIs of your ${provider} app.`,
    },
  ];
  if (traits.webhooks) {
    steps.push({
      type: 'webhook_uri',
      key: null,
      value: providerWebhookUri(dataApiPublicUrl, provider, teamId),
      description: `Set this URI as the webhook (notification / subscriber) endpoint of your ${provider} app.`,
    });
  }
  return { status: 'preparations_required', preparation_steps: steps };
}

/** The steps for a provider as the connector registry and api-shapes §4.2 describe it. */
export function preparationOf(provider: string, teamId: string, dataApiPublicUrl: string): Preparation {
  return preparationFor(provider, teamId, dataApiPublicUrl, {
    oauth: isOAuthProvider(provider),
    webhooks: receivesWebhooks(provider),
  });
}
