import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ValidationError } from '@meridian/domain';

/**
 * Opaque page cursors (issue 11). A list's position (an outbox sequence, a keyset `timestamp,id`...) is
 * encrypted with AES-256-GCM under a key derived (HKDF-SHA256, its own purpose label) from
 * `SECRETS_ENCRYPTION_KEY`, and bound to its scope — the list and the tenant that read it (team +
 * environment, or org) — as additional authenticated data. A cursor reveals nothing of its position, and
 * one that was altered, forged, or issued for another list or tenant does not open.
 *
 * Wire form: base64url of `version (1 byte) | iv (12) | ciphertext | tag (16)`; URL-safe, no padding.
 */

/** What a cursor is bound to, e.g. `['data-api/events', teamId, environment]`. */
export type CursorScope = readonly string[];

export interface CursorCodec {
  seal(scope: CursorScope, position: string): string;
  /** The position sealed for exactly `scope`, or undefined for anything else. */
  open(scope: CursorScope, cursor: string): string | undefined;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_LABEL = 'meridian/page-cursor/v1';
/** Longest cursor accepted before decoding anything (positions are short). */
const MAX_CURSOR_CHARS = 512;
const CURSOR_RE = /^[A-Za-z0-9_-]+$/;

/** Additional data: the version and each scope part, length-prefixed so no two scopes collide. */
function aadOf(scope: CursorScope): Buffer {
  const parts = scope.map((p) => {
    const bytes = Buffer.from(p, 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(bytes.length);
    return Buffer.concat([len, bytes]);
  });
  return Buffer.concat([Buffer.from([VERSION]), ...parts]);
}

/** The cursor codec of a deployment, from its `SECRETS_ENCRYPTION_KEY` (32 bytes). */
export function createCursorCodec(secretsKey: Buffer): CursorCodec {
  if (secretsKey.length !== 32) throw new Error('The secrets encryption key must be 32 bytes (AES-256).');
  const key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), HKDF_LABEL, 32));
  return {
    seal(scope, position) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aadOf(scope));
      const ciphertext = Buffer.concat([cipher.update(position, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, ciphertext, cipher.getAuthTag()]).toString(
        'base64url',
      );
    },
    open(scope, cursor) {
      if (cursor.length > MAX_CURSOR_CHARS || !CURSOR_RE.test(cursor)) return undefined;
      const raw = Buffer.from(cursor, 'base64url');
      if (raw.length < 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) return undefined;
      const iv = raw.subarray(1, 1 + IV_BYTES);
      const ciphertext = raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aadOf(scope));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Opens the cursor a request carried in query parameter `param`; absent or empty means the first page
 * (undefined). A cursor this deployment did not seal for `scope` → 422 on `["query", param]`, the
 * documented "bad cursor" answer.
 */
export function openCursorParam(
  codec: CursorCodec,
  scope: CursorScope,
  cursor: string | undefined,
  param: string,
): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const position = codec.open(scope, cursor);
  if (position === undefined) {
    throw ValidationError.single(['query', param], 'Invalid cursor', 'value_error', cursor, {});
  }
  return position;
}

/** Seals the position of the next page; null (the last page) stays null. */
export function sealNextCursor(
  codec: CursorCodec,
  scope: CursorScope,
  position: string | null,
): string | null {
  return position === null ? null : codec.seal(scope, position);
}
