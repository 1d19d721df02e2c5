import { PassThrough } from 'node:stream';
import { createLogger, logFormatFor, redact } from './logger';

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

describe('log formats', () => {
  /** A logger writing into a string, as it would to a terminal or a pipe. */
  function capture(format: 'json' | 'pretty') {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const logger = createLogger({ service: 'data-api', format, stream, secrets: ['s3cr3t-pw'] });
    const flushed = () => new Promise((resolve) => setImmediate(resolve));
    return { logger, lines, flushed };
  }

  it('chooses pretty lines only for a terminal outside production', () => {
    expect(logFormatFor({ isTTY: true, nodeEnv: undefined })).toBe('pretty');
    expect(logFormatFor({ isTTY: true, nodeEnv: 'development' })).toBe('pretty');
    expect(logFormatFor({ isTTY: true, nodeEnv: 'production' })).toBe('json');
    expect(logFormatFor({ isTTY: false, nodeEnv: undefined })).toBe('json');
    expect(logFormatFor({ isTTY: undefined, nodeEnv: 'development' })).toBe('json');
  });

  it('writes one JSON object per line in the json format', async () => {
    const { logger, lines, flushed } = capture('json');
    logger.info('data API listening', { host: '127.0.0.1', port: 8000 });
    await flushed();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      message: 'data API listening',
      service: 'data-api',
      host: '127.0.0.1',
      port: 8000,
      timestamp: expect.any(String),
    });
  });

  it('writes a readable line, with the stack of an error below it and secrets still redacted, in the pretty format', async () => {
    const { logger, lines, flushed } = capture('pretty');
    logger.info('data API listening', { host: '127.0.0.1', port: 8000, note: 'two words' });
    logger.error('failed to start', { err: new Error('cannot reach postgres://u:s3cr3t-pw@db') });
    await flushed();
    expect(lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}data-api data API listening host=127\.0\.0\.1 port=8000 note="two words"$/,
    );
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(lines[1]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} ERROR data-api failed to start err=\{"name":"Error","message":"cannot reach postgres:\/\/u:\[REDACTED\]@db"\}$/,
    );
    expect(lines[2]).toMatch(/^ {4}Error: cannot reach postgres:\/\/u:\[REDACTED\]@db$/);
    expect(lines[3]).toMatch(/^ {4}\s*at /);
    expect(lines.join('\n')).not.toContain('s3cr3t-pw');
  });
});
