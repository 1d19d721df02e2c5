import { loadDataApiConfig } from '../../config';
import { hasConfiguredPhlebotomyPartners, phlebotomyPartnersFromConfig } from './partner-config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/meridian' };

describe('phlebotomy partner configuration', () => {
  it('configures no partner by default', () => {
    const cfg = loadDataApiConfig(base).values;
    expect(hasConfiguredPhlebotomyPartners(cfg)).toBe(false);
    expect(phlebotomyPartnersFromConfig(cfg)).toEqual({ config: {}, areaRules: {} });
  });

  it('reads both partners, their secrets (redacted) and the beta zip codes', () => {
    const loaded = loadDataApiConfig({
      ...base,
      PHLEBOTOMY_GETLABS_URL: 'https://gl.example/v1',
      PHLEBOTOMY_GETLABS_API_KEY: 'gl-key',
      PHLEBOTOMY_GETLABS_WEBHOOK_SECRETS: 'new-secret, old-secret',
      PHLEBOTOMY_PHLEBFINDERS_URL: 'https://pf.example/api/v2',
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_ID: 'client',
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_SECRET: 'pf-secret',
      PHLEBOTOMY_PHLEBFINDERS_WEBHOOK_SECRETS: 'pf-whsec',
      PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES: '85004,10001',
    });
    expect(loaded.secrets).toEqual(expect.arrayContaining(['gl-key', 'pf-secret', 'pf-whsec']));
    const { config, areaRules } = phlebotomyPartnersFromConfig(loaded.values);
    expect(config.getlabs).toEqual({
      baseUrl: 'https://gl.example/v1',
      apiKey: 'gl-key',
      webhookSecrets: ['new-secret', 'old-secret'],
    });
    expect(config.phlebfinders).toMatchObject({ clientId: 'client', webhookSecrets: ['pf-whsec'] });
    expect(areaRules).toEqual({ phlebfinders: { only: ['85004', '10001'] } });
  });

  it('stops the boot on a half-configured partner or a bad value, naming the variable', () => {
    const half = loadDataApiConfig({ ...base, PHLEBOTOMY_GETLABS_URL: 'https://gl.example/v1' }).values;
    expect(() => phlebotomyPartnersFromConfig(half)).toThrow(/PHLEBOTOMY_GETLABS_API_KEY/);
    expect(() => loadDataApiConfig({ ...base, PHLEBOTOMY_GETLABS_URL: 'ftp://x' })).toThrow(
      /PHLEBOTOMY_GETLABS_URL/,
    );
    const zips = loadDataApiConfig({
      ...base,
      PHLEBOTOMY_PHLEBFINDERS_URL: 'https://pf.example/api/v2',
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_ID: 'c',
      PHLEBOTOMY_PHLEBFINDERS_CLIENT_SECRET: 's',
      PHLEBOTOMY_PHLEBFINDERS_WEBHOOK_SECRETS: 'w',
      PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES: '850',
    }).values;
    expect(() => phlebotomyPartnersFromConfig(zips)).toThrow(/PHLEBOTOMY_PHLEBFINDERS_ZIP_CODES/);
  });
});
