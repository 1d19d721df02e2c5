import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * How a generated PDF goes out: `application/pdf` with its length, shown inline under a file name made of ids
 * only (never a patient's name), never stored by caches (`private, no-store`: the file is health data), and
 * an ETag of its bytes (the generator is deterministic, so an unchanged document keeps its tag) answering a
 * matching `If-None-Match` with 304 and no body.
 */

export interface PdfDocument {
  bytes: Uint8Array;
  /** `[A-Za-z0-9._-]` only: it goes into a quoted header parameter as is. */
  filename: string;
}

/** A strong entity tag of the bytes: the SHA-256, base64url, quoted. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/** `If-None-Match` matches the tag (weak comparison, RFC 9110 §13.1.2: `W/` prefixes are ignored). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = header.trim();
  if (value === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const SAFE_FILENAME = /^[A-Za-z0-9._-]{1,200}$/;

export function sendPdf(req: Request, res: Response, doc: PdfDocument): void {
  if (!SAFE_FILENAME.test(doc.filename)) throw new Error('unsafe PDF file name');
  const etag = etagOf(doc.bytes);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('ETag', etag);
  if (ifNoneMatchMatches(req.header('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${doc.filename}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', String(doc.bytes.byteLength));
  res.status(200).end(Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength));
}
