/**
 * Whether an encrypted PDF opens without a password: the standard security handler (ISO 32000-2 §7.6.4)
 * lets a file carry only an owner password (permissions), which every reader opens; a user password makes
 * it unreadable to the parser. Checked like pdf.js does, by authenticating the empty user password.
 */
import { createCipheriv, createHash } from 'node:crypto';

/** The standard security handler's entries, as the page-count worker reads them. */
export interface PdfEncryption {
  filter: string | null;
  revision?: number | null;
  lengthBits?: number | null;
  permissions?: number | null;
  owner?: number[] | null;
  user?: number[] | null;
  firstId?: number[] | null;
  encryptMetadata?: boolean;
}

/** The 32-byte password padding of Algorithm 2. */
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => parts.reduce((h, p) => h.update(p), createHash('md5')).digest();

/** Algorithms 2, 4 and 5 (revisions 2-4): the file key of the empty password, and its /U check. */
function emptyPasswordOpensRc4(
  e: Required<PdfEncryption> & { revision: number },
  owner: Buffer,
  user: Buffer,
  id: Buffer,
): boolean {
  const n = e.revision === 2 ? 5 : Math.min(16, Math.max(5, Math.floor((e.lengthBits ?? 40) / 8)));
  const p = Buffer.alloc(4);
  p.writeInt32LE(e.permissions ?? 0);
  const parts = [PAD, owner.subarray(0, 32), p, id];
  if (e.revision >= 4 && !e.encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let key = md5(...parts);
  if (e.revision >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  if (e.revision === 2) return rc4(key, PAD).equals(user.subarray(0, 32));
  let check = rc4(key, md5(PAD, id));
  for (let i = 1; i <= 19; i++) check = rc4(Buffer.from(key.map((b) => b ^ i)), check);
  return check.equals(user.subarray(0, 16));
}

/** Algorithm 2.B (revision 6): the hash of a password with a salt (and, for owners, the /U entry). */
function hash2B(password: Buffer, salt: Buffer, userData: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userData]))
    .digest();
  let e = Buffer.alloc(1);
  for (let round = 0; round < 64 || e[e.length - 1]! > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userData])));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    // The first 16 bytes of E as a big-endian number, mod 3 (256 ≡ 1 mod 3: the sum of the bytes).
    const remainder = e.subarray(0, 16).reduce((sum, b) => sum + b, 0) % 3;
    k = createHash(['sha256', 'sha384', 'sha512'][remainder]!).update(e).digest();
  }
  return k.subarray(0, 32);
}

/** True when the file opens with the empty user password (only an owner password, or none). */
export function opensWithoutPassword(encryption: PdfEncryption): boolean {
  const e = {
    revision: null,
    lengthBits: null,
    permissions: null,
    owner: null,
    user: null,
    firstId: null,
    encryptMetadata: true,
    ...encryption,
  };
  if (e.filter !== 'Standard' || e.user === null || e.revision === null) return false;
  const user = Buffer.from(e.user);
  if (e.revision >= 2 && e.revision <= 4) {
    if (e.owner === null || user.length < 16) return false;
    return emptyPasswordOpensRc4(
      { ...e, revision: e.revision },
      Buffer.from(e.owner),
      user,
      Buffer.from(e.firstId ?? []),
    );
  }
  if (user.length < 40) return false;
  const [hash, validationSalt] = [user.subarray(0, 32), user.subarray(32, 40)];
  if (e.revision === 5) return createHash('sha256').update(validationSalt).digest().equals(hash);
  if (e.revision === 6) return hash2B(Buffer.alloc(0), validationSalt, Buffer.alloc(0)).equals(hash);
  return false;
}
