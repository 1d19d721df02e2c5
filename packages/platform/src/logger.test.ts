import { redact } from './logger';

describe('log redaction', () => {
  it('masks sensitive keys at any depth and registered secret values anywhere', () => {
    const info = redact(
      {
        level: 'info',
        message: 'connecting to postgres://app:s3cr3t-pw@db/meridian',
        headers: { 'x-service-api-key': 'sk_us_abc', authorization: 'Bearer t' },
        nested: { deeper: { client_secret: 'x', ok: 'visible' } },
        list: [{ password: 'p' }],
      },
      ['s3cr3t-pw'],
    );
    expect(info.message).toBe('connecting to postgres://app:[REDACTED]@db/meridian');
    expect(info.headers).toEqual({ 'x-service-api-key': '[REDACTED]', authorization: '[REDACTED]' });
    expect(info.nested).toEqual({ deeper: { client_secret: '[REDACTED]', ok: 'visible' } });
    expect(info.list).toEqual([{ password: '[REDACTED]' }]);
  });

  it('serialises errors with name, message and stack, minus secrets', () => {
    const err = Object.assign(new Error('boom with s3cr3t-pw'), { code: '23505', detail: 'Key (x)=(phi)' });
    const info = redact({ level: 'error', message: 'failed', err }, ['s3cr3t-pw']);
    const out = info.err as Record<string, unknown>;
    expect(out.name).toBe('Error');
    expect(out.message).toBe('boom with [REDACTED]');
    expect(out.code).toBe('23505');
    expect(out).not.toHaveProperty('detail');
    expect(String(out.stack)).not.toContain('s3cr3t-pw');
  });
});
