import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { DEV_SECRETS_ENCRYPTION_KEY, webhookConfigSpec } from './webhook-config';

describe('SECRETS_ENCRYPTION_KEY', () => {
  const load = (env: Record<string, string>) =>
    loadConfig(webhookConfigSpec, env).values.SECRETS_ENCRYPTION_KEY;
  const production = { NODE_ENV: 'production' };
  const base64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString('base64');
  const trivialKeys = {
    '32 zero bytes (the old docker compose default)': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    'one byte repeated': base64(Buffer.alloc(32, 0x41)),
    'a repeated 8-byte pattern': base64(
      Array.from({ length: 32 }, (_, i) => [9, 8, 7, 6, 5, 4, 3, 1][i % 8]!),
    ),
    'bytes 0..31': base64(Array.from({ length: 32 }, (_, i) => i)),
    'a passphrase': base64(Buffer.from('my very own secret phrase, 32 ch')),
  };

  it.each(Object.entries(trivialKeys))('refuses %s in production, naming the variable', (_name, key) => {
    expect(() => load({ ...production, SECRETS_ENCRYPTION_KEY: key })).toThrow(
      /^Invalid configuration: SECRETS_ENCRYPTION_KEY is not a random key \(.+\); set your own in production/,
    );
  });

  it('never puts the key in the message', () => {
    const key = trivialKeys['32 zero bytes (the old docker compose default)'];
    expect(() => load({ ...production, SECRETS_ENCRYPTION_KEY: key })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(key) }),
    );
  });

  it('accepts them outside production (local stacks, tests)', () => {
    for (const key of Object.values(trivialKeys)) expect(load({ SECRETS_ENCRYPTION_KEY: key })).toBe(key);
  });

  it('accepts a random key in production and still refuses the public dev key there', () => {
    const key = randomBytes(32).toString('base64');
    expect(load({ ...production, SECRETS_ENCRYPTION_KEY: key })).toBe(key);
    expect(() => load(production)).toThrow(/the built-in key is public/);
    expect(() => load({ ...production, SECRETS_ENCRYPTION_KEY: DEV_SECRETS_ENCRYPTION_KEY })).toThrow(
      /the built-in key is public/,
    );
  });
});
