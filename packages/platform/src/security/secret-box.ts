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
