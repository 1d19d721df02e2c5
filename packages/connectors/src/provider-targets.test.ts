import { providerTargetAllowList } from './provider-targets';
import type { ProviderSettings } from './registry';

const provider = (slug: string, url: string, emulated: boolean): ProviderSettings =>
  ({ slug, apiUrl: `${url}/api`, authUrl: `${url}/auth`, client: null, emulated }) as ProviderSettings;

describe('providerTargetAllowList', () => {
  const providers = [
    provider('oura', 'http://127.0.0.1:8100', true),
    provider('fitbit', 'http://localhost:8101', true),
    provider('withings', 'https://wbsapi.withings.net', false),
  ];

  it('lets local emulators through outside production, and nothing else that is private', () => {
    const list = providerTargetAllowList(providers, [], { production: false });
    expect(list.allows('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(list.allows('localhost', ['127.0.0.1'])).toBe(true);
    expect(list.allows('internal.example', ['10.0.0.5'])).toBe(false);
  });

  it('never relaxes the rules in production, where only PROVIDER_ALLOWED_TARGETS pass', () => {
    const list = providerTargetAllowList(providers, ['10.0.0.0/8'], { production: true });
    expect(list.allows('127.0.0.1', ['127.0.0.1'])).toBe(false);
    expect(list.allows('localhost', ['127.0.0.1'])).toBe(false);
    expect(list.allows('proxy.internal', ['10.1.2.3'])).toBe(true);
  });
});
