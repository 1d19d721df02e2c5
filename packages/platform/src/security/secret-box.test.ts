import { randomBytes } from 'node:crypto';
import { createSecretBox, decodeSecretsKey } from './secret-box';

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
