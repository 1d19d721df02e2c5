import { loadDataApiConfig } from './config';
import { DEFAULT_PUSH_LIMITS } from './features/sdk-push/push-batch';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/meridian' };

describe('data API config: provider connection settings', () => {
  it('derives the public and widget URLs from the port by default', () => {
    const cfg = loadDataApiConfig({ ...base, DATA_API_PORT: '9100' }).values;
    expect(cfg.DATA_API_PUBLIC_URL).toBe('http://localhost:9100');
    expect(cfg.LINK_WEB_URL).toBe('http://localhost:9100/link');
    expect(cfg.PROVIDER_ALLOWED_TARGETS).toEqual([]);
  });

  it('takes explicit URLs without their trailing slash, and the widget follows the public URL', () => {
    const cfg = loadDataApiConfig({ ...base, DATA_API_PUBLIC_URL: 'https://api.example.com/' }).values;
    expect(cfg.DATA_API_PUBLIC_URL).toBe('https://api.example.com');
    expect(cfg.LINK_WEB_URL).toBe('https://api.example.com/link');
    const own = loadDataApiConfig({ ...base, LINK_WEB_URL: 'https://link.example.com/connect' }).values;
    expect(own.LINK_WEB_URL).toBe('https://link.example.com/connect');
  });

  it('stops the boot on a bad URL, a bad allow-list entry, or the public dev key in production', () => {
    expect(() => loadDataApiConfig({ ...base, DATA_API_PUBLIC_URL: 'ftp://x' })).toThrow(
      /DATA_API_PUBLIC_URL/,
    );
    expect(() => loadDataApiConfig({ ...base, LINK_WEB_URL: 'not a url' })).toThrow(/LINK_WEB_URL/);
    expect(() => loadDataApiConfig({ ...base, PROVIDER_ALLOWED_TARGETS: '10.0.0.0/99' })).toThrow(
      /PROVIDER_ALLOWED_TARGETS/,
    );
    expect(() => loadDataApiConfig({ ...base, NODE_ENV: 'production' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    const secrets = loadDataApiConfig({
      ...base,
      SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    }).secrets;
    expect(secrets).toContain(Buffer.alloc(32, 1).toString('base64'));
  });
});

describe('data API config: mobile-SDK push limits', () => {
  it('defaults to the push limits the feature documents, and takes each from the environment', () => {
    const cfg = loadDataApiConfig(base).values;
    expect(cfg.SDK_PUSH_MAX_RECORDS).toBe(DEFAULT_PUSH_LIMITS.maxRecords);
    expect(`${cfg.SDK_PUSH_MAX_BODY_BYTES / 1024 / 1024}mb`).toBe(DEFAULT_PUSH_LIMITS.maxBodySize);
    expect(cfg.SDK_PUSH_DEVICE_RATE_PER_MINUTE).toBe(DEFAULT_PUSH_LIMITS.perDevicePerMinute);
    const own = loadDataApiConfig({
      ...base,
      SDK_PUSH_MAX_RECORDS: '2000',
      SDK_PUSH_MAX_BODY_BYTES: '1048576',
      SDK_PUSH_DEVICE_RATE_PER_MINUTE: '0',
    }).values;
    expect([
      own.SDK_PUSH_MAX_RECORDS,
      own.SDK_PUSH_MAX_BODY_BYTES,
      own.SDK_PUSH_DEVICE_RATE_PER_MINUTE,
    ]).toEqual([2000, 1048576, 0]);
  });

  it('stops the boot on a limit that is not a whole number in range', () => {
    expect(() => loadDataApiConfig({ ...base, SDK_PUSH_MAX_RECORDS: '0' })).toThrow(/SDK_PUSH_MAX_RECORDS/);
    expect(() => loadDataApiConfig({ ...base, SDK_PUSH_MAX_BODY_BYTES: '8mb' })).toThrow(
      /SDK_PUSH_MAX_BODY_BYTES/,
    );
    expect(() => loadDataApiConfig({ ...base, SDK_PUSH_DEVICE_RATE_PER_MINUTE: '-1' })).toThrow(
      /SDK_PUSH_DEVICE_RATE_PER_MINUTE/,
    );
  });
});
