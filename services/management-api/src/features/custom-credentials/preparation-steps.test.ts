import path from 'node:path';
import { loadOpenApiDocument } from '@meridian/platform';
import { DETAILS_VARIANTS } from './credential-details';
import { CREDENTIAL_PROVIDERS, preparationFor } from './preparation-steps';

describe('custom credential preparation', () => {
  const url = 'https://data.example.com';
  const team = '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11';

  it('asks for the callback, plus the webhook URI when the provider sends webhooks', () => {
    expect(preparationFor('fitbit', team, url, { oauth: true, webhooks: true }).preparation_steps).toEqual([
      expect.objectContaining({
        type: 'redirect_uri',
        value: 'https://data.example.com/v2/link/oauth/callback',
      }),
      expect.objectContaining({
        type: 'webhook_uri',
        value: `https://data.example.com/v2/provider_webhooks/fitbit/teams/${team}`,
      }),
    ]);
    expect(preparationFor('ihealth', team, url, { oauth: true, webhooks: false })).toEqual({
      status: 'preparations_required',
      preparation_steps: [expect.objectContaining({ type: 'redirect_uri' })],
    });
    expect(preparationFor('renpho', team, url, { oauth: false, webhooks: true })).toEqual({
      status: 'no_action_needed',
      preparation_steps: null,
    });
  });

  it('documents exactly the providers the service accepts, and every details variant among them', () => {
    const doc = loadOpenApiDocument(path.join(__dirname, '..', '..', '..', 'openapi.yaml')) as {
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    expect(doc.components.schemas.CredentialProvider?.enum).toEqual(CREDENTIAL_PROVIDERS);
    for (const provider of Object.keys(DETAILS_VARIANTS)) expect(CREDENTIAL_PROVIDERS).toContain(provider);
  });
});
