import { ValidationError } from '@meridian/domain';
import { applyEnvSettings, DEFAULT_ENV_SETTINGS, mergeTeamSettings, readTeamSettings } from './team-settings';

describe('team settings', () => {
  it('reads an empty stored object as defaults for both environments', () => {
    expect(readTeamSettings({})).toEqual({ production: DEFAULT_ENV_SETTINGS, sandbox: DEFAULT_ENV_SETTINGS });
    expect(readTeamSettings(null).sandbox).toEqual(DEFAULT_ENV_SETTINGS);
  });

  it('fills brand defaults and merges partial brand information over the current one', () => {
    const withBrand = applyEnvSettings(
      DEFAULT_ENV_SETTINGS,
      { brand_information: { company_name: 'Acme' } },
      ['body'],
    );
    expect(withBrand.brand_information).toEqual({
      company_name: 'Acme',
      company_website: '',
      support_email: null,
      support_contact: null,
      company_address: null,
      brand_color: null,
    });
    const recoloured = applyEnvSettings(withBrand, { brand_information: { brand_color: '#ABCDEF' } }, [
      'body',
    ]);
    expect(recoloured.brand_information).toMatchObject({ company_name: 'Acme', brand_color: '#ABCDEF' });
    expect(applyEnvSettings(recoloured, { brand_information: null }, ['body']).brand_information).toBeNull();
    expect(applyEnvSettings(recoloured, undefined, ['body'])).toBe(recoloured);
  });

  it('keeps flags that are not sent', () => {
    const changed = applyEnvSettings(DEFAULT_ENV_SETTINGS, { minor_ordering_enabled: true }, [
      'body',
      'sandbox',
    ]);
    expect(changed).toEqual({ ...DEFAULT_ENV_SETTINGS, minor_ordering_enabled: true });
  });

  it('needs company_name when brand information would exist without one', () => {
    expect(() =>
      applyEnvSettings(DEFAULT_ENV_SETTINGS, { brand_information: { brand_color: '#000000' } }, [
        'body',
        'sandbox',
      ]),
    ).toThrow(ValidationError);
  });

  it('keeps keys other features store in an environment (link settings) out of the settings and through an update', () => {
    const stored = {
      sandbox: { minor_ordering_enabled: true, allowed_redirect_hosts: ['app.example.com'] },
      production: { allowed_redirect_hosts: ['example.com:8443'] },
    };
    const settings = readTeamSettings(stored);
    expect(settings.sandbox).toEqual({ ...DEFAULT_ENV_SETTINGS, minor_ordering_enabled: true });
    expect(settings.production).not.toHaveProperty('allowed_redirect_hosts');

    // a PATCH body cannot write them: unknown keys are ignored
    const input = { partial_webhooks_enabled: true, allowed_redirect_hosts: ['evil.example'] };
    settings.sandbox = applyEnvSettings(settings.sandbox, input, ['body', 'sandbox']);
    expect(settings.sandbox).not.toHaveProperty('allowed_redirect_hosts');

    expect(mergeTeamSettings(stored, settings)).toEqual({
      sandbox: {
        ...DEFAULT_ENV_SETTINGS,
        minor_ordering_enabled: true,
        partial_webhooks_enabled: true,
        allowed_redirect_hosts: ['app.example.com'],
      },
      production: { ...DEFAULT_ENV_SETTINGS, allowed_redirect_hosts: ['example.com:8443'] },
    });
  });
});
