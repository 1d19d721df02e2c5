import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for webhook signing secrets: AES-256-GCM with the key from `SECRETS_ENCRYPTION_KEY`.
 * Stored form `v1.<base64 iv>.<base64 tag>.<base64 ciphertext>`; the version prefix leaves room for key rotation.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const IV_BYTES = 12;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets encryption key must be 32 bytes (AES-256).');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('Not a sealed secret.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Decodes `SECRETS_ENCRYPTION_KEY` (base64 of 32 bytes). */
export function decodeSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32 || key.toString('base64') !== base64) {
    throw new Error('SECRETS_ENCRYPTION_KEY must be the base64 of 32 bytes.');
  }
  return key;
}

/** Fewer distinct byte values than this in 32 bytes is not random (32 random bytes have about 30). */
const MIN_DISTINCT_BYTES = 16;
/** Longest period of a repeating pattern looked for (half the key). */
const MAX_PATTERN_BYTES = 16;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Why a 32-byte key is too regular to be random, or undefined when nothing gives it away: every byte the
 * same (32 zero bytes), a short pattern repeated, bytes counting up or down, few distinct values, or text
 * (a passphrase, not `openssl rand`). A random key trips none of these except with negligible probability
 * (all printable, the likeliest, about 1 in 10^14).
 */
export function trivialSecretsKeyReason(key: Buffer): string | undefined {
  const bytes = [...key];
  if (new Set(bytes).size === 1) return 'every byte is the same';
  for (let period = 2; period <= MAX_PATTERN_BYTES; period++) {
    if (bytes.every((b, i) => b === bytes[i % period])) return `it repeats a ${period}-byte pattern`;
  }
  const step = (bytes[1]! - bytes[0]! + 256) % 256;
  if (bytes.every((b, i) => i === 0 || (b - bytes[i - 1]! + 256) % 256 === step)) {
    return 'its bytes count up or down';
  }
  if (new Set(bytes).size < MIN_DISTINCT_BYTES)
    return `it has only ${new Set(bytes).size} distinct byte values`;
  if (PRINTABLE_ASCII.test(key.toString('latin1'))) return 'it is printable text, not random bytes';
  return undefined;
}
