import { randomBytes } from 'node:crypto';
import { ConfigError } from '@meridian/platform';
import { DEV_SECRETS_ENCRYPTION_KEY, loadManagementApiConfig } from './config';

describe('management API config', () => {
  const env = { DATABASE_URL: 'postgres://localhost/meridian' };

  it('defaults the secrets key to the dev key and the allow-list to nothing', () => {
    const { values, secrets } = loadManagementApiConfig(env);
    expect(values.SECRETS_ENCRYPTION_KEY).toBe(DEV_SECRETS_ENCRYPTION_KEY);
    expect(Buffer.from(DEV_SECRETS_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    expect(secrets).toContain(DEV_SECRETS_ENCRYPTION_KEY);
    expect(values.WEBHOOK_ALLOWED_TARGETS).toEqual([]);
  });

  it('reads a 32-byte key and a comma-separated allow-list', () => {
    const key = randomBytes(32).toString('base64');
    const { values, secrets } = loadManagementApiConfig({
      ...env,
      SECRETS_ENCRYPTION_KEY: key,
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1, receiver.internal,10.0.0.0/8',
    });
    expect(values.SECRETS_ENCRYPTION_KEY).toBe(key);
    expect(secrets).toContain(key);
    expect(values.WEBHOOK_ALLOWED_TARGETS).toEqual(['127.0.0.1', 'receiver.internal', '10.0.0.0/8']);
  });

  it('refuses the public dev key in production, explicit or defaulted, and accepts a real one there', () => {
    const production = { ...env, NODE_ENV: 'production' };
    expect(() => loadManagementApiConfig(production)).toThrow(/must be set to your own key in production/);
    expect(() =>
      loadManagementApiConfig({ ...production, SECRETS_ENCRYPTION_KEY: DEV_SECRETS_ENCRYPTION_KEY }),
    ).toThrow(ConfigError);
    const key = randomBytes(32).toString('base64');
    expect(
      loadManagementApiConfig({ ...production, SECRETS_ENCRYPTION_KEY: key }).values.SECRETS_ENCRYPTION_KEY,
    ).toBe(key);
  });

  it('stops on a malformed CIDR in the allow-list', () => {
    expect(() => loadManagementApiConfig({ ...env, WEBHOOK_ALLOWED_TARGETS: '10.0.0.0/40' })).toThrow(
      ConfigError,
    );
  });

  it.each([randomBytes(16).toString('base64'), 'not-a-key'])('stops on the key %s', (key) => {
    expect(() => loadManagementApiConfig({ ...env, SECRETS_ENCRYPTION_KEY: key })).toThrow(ConfigError);
    expect(() => loadManagementApiConfig({ ...env, SECRETS_ENCRYPTION_KEY: key })).toThrow(
      /SECRETS_ENCRYPTION_KEY must be the base64 of 32 bytes/,
    );
  });

  it('reads DATA_API_PUBLIC_URL as a base URL without a trailing slash, localhost:8000 by default', () => {
    expect(loadManagementApiConfig(env).values.DATA_API_PUBLIC_URL).toBe('http://localhost:8000');
    expect(loadManagementApiConfig({ ...env, DATA_API_PORT: '9000' }).values.DATA_API_PUBLIC_URL).toBe(
      'http://localhost:9000',
    );
    expect(
      loadManagementApiConfig({ ...env, DATA_API_PUBLIC_URL: 'https://api.example.com/meridian/' }).values
        .DATA_API_PUBLIC_URL,
    ).toBe('https://api.example.com/meridian');
    expect(
      loadManagementApiConfig({ ...env, DATA_API_PUBLIC_URL: 'https://API.example.com//' }).values
        .DATA_API_PUBLIC_URL,
    ).toBe('https://API.example.com');
  });

  it.each([
    'not a url',
    'ftp://api.example.com',
    'https://u:p@api.example.com',
    'https://api.example.com/?x=1',
  ])('stops on DATA_API_PUBLIC_URL %s', (value) => {
    expect(() => loadManagementApiConfig({ ...env, DATA_API_PUBLIC_URL: value })).toThrow(
      /DATA_API_PUBLIC_URL/,
    );
  });
});
