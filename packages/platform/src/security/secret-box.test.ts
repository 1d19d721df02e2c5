import { randomBytes } from 'node:crypto';
import { createSecretBox, decodeSecretsKey, trivialSecretsKeyReason } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('round-trips a secret, with a fresh nonce on every seal', () => {
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(box.open(sealed)).toBe(secret);
    expect(box.seal(secret)).not.toBe(sealed);
  });

  it('detects tampering with the ciphertext, the tag or the nonce', () => {
    const [version, iv, tag, ciphertext] = box.seal(secret).split('.') as [string, string, string, string];
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    for (const parts of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
    ]) {
      expect(() => box.open(parts.join('.'))).toThrow();
    }
    expect(() => box.open('plain text')).toThrow('Not a sealed secret.');
  });

  it('cannot be opened with another key', () => {
    const sealed = box.seal(secret);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
    const base64 = randomBytes(32).toString('base64');
    expect(decodeSecretsKey(base64)).toHaveLength(32);
    expect(() => decodeSecretsKey(randomBytes(16).toString('base64'))).toThrow('SECRETS_ENCRYPTION_KEY');
    expect(() => decodeSecretsKey('not base64!')).toThrow('SECRETS_ENCRYPTION_KEY');
  });
});

describe('trivial secrets keys', () => {
  const repeat = (pattern: number[]) =>
    Buffer.from(Array.from({ length: 32 }, (_, i) => pattern[i % pattern.length]!));

  it.each([
    ['32 zero bytes (the old docker compose default)', Buffer.alloc(32), 'every byte is the same'],
    ['32 bytes of 0xff', Buffer.alloc(32, 0xff), 'every byte is the same'],
    ['a 2-byte pattern', repeat([0xde, 0xad]), 'it repeats a 2-byte pattern'],
    ['a 4-byte pattern', repeat([1, 2, 3, 5]), 'it repeats a 4-byte pattern'],
    ['16 random bytes twice', repeat([...randomBytes(16)]), 'it repeats a 16-byte pattern'],
    ['bytes 0..31', Buffer.from(Array.from({ length: 32 }, (_, i) => i)), 'its bytes count up or down'],
    [
      'bytes counting down through 0',
      Buffer.from(Array.from({ length: 32 }, (_, i) => (300 - 7 * i) % 256)),
      'its bytes count up or down',
    ],
    [
      'few distinct values',
      Buffer.from(
        Array.from({ length: 32 }, (_, i) => [7, 11, 13, 200, 90, 4, 17, 33][(i * 5 + (i >> 2)) % 8]!),
      ),
      'it has only 8 distinct byte values',
    ],
    [
      'a passphrase',
      Buffer.from('correct horse battery staple 42!'),
      'it is printable text, not random bytes',
    ],
    [
      'the public dev key',
      decodeSecretsKey('bWVyaWRpYW4tZGV2LW9ubHktc2VjcmV0cy1rZXktMzI='),
      'it is printable text, not random bytes',
    ],
  ])('refuses %s', (_name, key, reason) => {
    expect(key).toHaveLength(32);
    expect(trivialSecretsKeyReason(key)).toBe(reason);
  });

  it('accepts random keys', () => {
    const keys = Array.from({ length: 1_000 }, () => randomBytes(32));
    expect(
      keys.filter((key) => trivialSecretsKeyReason(key) !== undefined).map((k) => k.toString('hex')),
    ).toEqual([]);
  });
});
