import type { Request, RequestHandler } from 'express';
import { BadRequestError, ValidationError } from '@meridian/domain';

/**
 * Refusals at the edge of both APIs, before authentication and before anything reaches PostgreSQL:
 * paths that do not percent-decode, the NUL character in any string (PostgreSQL text cannot hold it),
 * compressed bodies we cannot decode, JSON nested deeper than any document of ours, and (after the
 * OpenAPI validator) numbers the validator coerced to ±Infinity. Each answers 400 with the error
 * envelope, or 422 for a number, never a 500.
 */

/** Deeper JSON than any request schema of ours; also bounds every recursive walk over a body. */
export const MAX_JSON_DEPTH = 64;

const BODY_CODINGS = new Set(['gzip', 'deflate', 'br']);
const NUL = '\u0000';

const nulCharacter = (loc: string[]) =>
  new BadRequestError(
    'nul_character',
    `Strings must not contain the NUL character (U+0000); found in ${loc.join('.')}.`,
    { loc },
  );

/** Path segments that do not percent-decode (`/v2/user/%ZZ`) or that decode to a NUL. */
export function pathEncodingGuard(): RequestHandler {
  return (req, _res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      next(new BadRequestError('malformed_path', 'The request path holds a malformed percent-escape.'));
      return;
    }
    next(decoded.includes(NUL) ? nulCharacter(['path']) : undefined);
  };
}

/** Where `value` (keys included) holds a NUL, as a `loc` under `root`; null when nowhere. */
export function findNul(value: unknown, root: string[]): string[] | null {
  const stack: Array<{ value: unknown; loc: string[] }> = [{ value, loc: root }];
  while (stack.length > 0) {
    const { value: v, loc } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return loc;
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    // Bodies are at most MAX_JSON_DEPTH deep (checked before parsing); query strings far less.
    if (loc.length - root.length > MAX_JSON_DEPTH) continue;
    for (const [key, child] of Object.entries(v)) {
      if (key.includes(NUL)) return [...loc, key];
      stack.push({ value: child, loc: [...loc, key] });
    }
  }
  return null;
}

/** Second hex digit of a `\uDxxx` escape that is a surrogate (8–f), lowercased. */
const SURROGATE_SECOND = new Set([0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66]);
/** A surrogate code unit that is not half of a well-formed pair (in `u` mode a pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where `value` (keys included) holds an unpaired surrogate, as a `loc` under `root`; null when nowhere.
 * PostgreSQL would store U+FFFD in its place: the stored text would differ from what the client sent (and
 * from what the answer echoes), and two different ids would collide.
 */
export function findLoneSurrogate(value: unknown, root: string[]): string[] | null {
  const stack: Array<{ value: unknown; loc: string[] }> = [{ value, loc: root }];
  while (stack.length > 0) {
    const { value: v, loc } = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return loc;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (loc.length - root.length > MAX_JSON_DEPTH) continue;
    for (const [key, child] of Object.entries(v)) {
      if (LONE_SURROGATE.test(key)) return [...loc, key];
      stack.push({ value: child, loc: [...loc, key] });
    }
  }
  return null;
}

function nulIn(req: Request, parts: Array<'query' | 'header' | 'body'>): string[] | null {
  for (const part of parts) {
    const found =
      part === 'query'
        ? findNul(req.query, ['query'])
        : part === 'header'
          ? findNul(req.headers, ['header'])
          : findNul(req.body, ['body']);
    if (found) return found;
  }
  return null;
}

/** NUL in the query string or a header (before any route, public pages included). */
export function queryAndHeaderNulGuard(): RequestHandler {
  return (req, _res, next) => {
    const loc = nulIn(req, ['query', 'header']);
    next(loc ? nulCharacter(loc) : undefined);
  };
}

/**
 * NUL in a parsed body: JSON right after parsing (before authentication); with `multipartOnly`, the
 * fields and file names of a multipart body once the validator's multipart reader has filled them.
 */
export function bodyNulGuard(opts: { multipartOnly?: boolean } = {}): RequestHandler {
  return (req, _res, next) => {
    if (opts.multipartOnly && !req.is('multipart/form-data')) {
      next();
      return;
    }
    const files = (req as { files?: Array<{ originalname?: string }> }).files;
    const fileNames = Array.isArray(files) ? files.map((f) => f.originalname ?? '') : [];
    const scan = opts.multipartOnly ? undefined : scannedBodies.get(req);
    // A JSON body whose text held no `\u0000` escape (verifyJsonDepth) has no NUL to look for.
    const loc =
      (scan?.nulEscape === false ? null : nulIn(req, ['body'])) ?? findNul(fileNames, ['body', 'filename']);
    if (loc) {
      next(nulCharacter(loc));
      return;
    }
    // Only a `\uD8xx`-`\uDFxx` escape makes a string with half a surrogate pair (UTF-8 text cannot).
    const unpaired = scan?.surrogateEscape ? findLoneSurrogate(req.body, ['body']) : null;
    next(
      unpaired
        ? new BadRequestError(
            'invalid_unicode',
            `Strings must be valid Unicode: an unpaired surrogate escape was found in ${unpaired.join('.')}.`,
            { loc: unpaired },
          )
        : undefined,
    );
  };
}

function contentCoding(req: Request): string {
  return (req.headers['content-encoding'] ?? '').trim().toLowerCase();
}

/** True when the request carries a body in a content coding other than `identity`. */
export function hasCodedBody(req: Request): boolean {
  const coding = contentCoding(req);
  if (coding === '' || coding === 'identity') return false;
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Compressed bodies: gzip, deflate and br, on JSON bodies only (the JSON parser decodes them and its
 * decoding errors become 400 `invalid_content_encoding`). Anything else is refused before it is read.
 */
export function contentEncodingGate(): RequestHandler {
  return (req, _res, next) => {
    if (!hasCodedBody(req)) {
      next();
      return;
    }
    const coding = contentCoding(req);
    if (!BODY_CODINGS.has(coding)) {
      next(
        new BadRequestError(
          'unsupported_content_encoding',
          'Content-Encoding must be gzip, deflate or br (or the body sent uncompressed).',
        ),
      );
      return;
    }
    if (!req.is('application/json')) {
      next(
        new BadRequestError(
          'unsupported_content_encoding',
          'Only application/json bodies may be sent compressed.',
        ),
      );
      return;
    }
    next();
  };
}

/**
 * What one pass over a JSON body's text found: its deepest nesting, whether a string holds `\u0000`, and
 * whether one holds a `\uD800`–`\uDFFF` escape (half of a surrogate pair, possibly unpaired).
 */
export interface JsonTextScan {
  depth: number;
  nulEscape: boolean;
  surrogateEscape: boolean;
}

/**
 * One pass over JSON text (strings skipped): the deepest nesting of arrays and objects (stops past `limit`)
 * and whether any string, key or value, holds the escape `\u0000`. Valid JSON cannot carry a raw U+0000 (a
 * control character must be escaped), so a body without the escape parses to strings without a NUL.
 */
export function scanJsonText(text: Buffer | string, limit = Number.POSITIVE_INFINITY): JsonTextScan {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let nulEscape = false;
  let surrogateEscape = false;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) {
        // backslash: `\u0000` is a NUL; anything else escaped is skipped
        if (
          bytes[i + 1] === 0x75 &&
          bytes[i + 2] === 0x30 &&
          bytes[i + 3] === 0x30 &&
          bytes[i + 4] === 0x30 &&
          bytes[i + 5] === 0x30
        ) {
          nulEscape = true;
        } else if (
          bytes[i + 1] === 0x75 &&
          (bytes[i + 2]! | 0x20) === 0x64 &&
          SURROGATE_SECOND.has(bytes[i + 3]! | 0x20)
        ) {
          // `\uD8xx`–`\uDFxx` (either case)
          surrogateEscape = true;
        }
        i++;
      } else if (b === 0x22) inString = false;
      continue;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return { depth: deepest, nulEscape, surrogateEscape };
      }
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return { depth: deepest, nulEscape, surrogateEscape };
}

/** The deepest nesting of arrays and objects in JSON text (strings skipped); stops past `limit`. */
export function jsonNestingDepth(text: Buffer | string, limit = Number.POSITIVE_INFINITY): number {
  return scanJsonText(text, limit).depth;
}

/** Requests whose JSON body text was scanned, and what the scan found. */
const scannedBodies = new WeakMap<object, JsonTextScan>();

/**
 * `verify` for the JSON parser: refuses nesting deeper than MAX_JSON_DEPTH before `JSON.parse` runs,
 * so no recursive walk later (validator, error mapper, logger) meets a 5,000-level document. The same pass
 * notes whether a string holds `\u0000`: the body NUL guard walks the parsed body only when one does.
 */
export function verifyJsonDepth(req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  const utf8 = /^utf-?8$/i.test(encoding);
  const text = utf8 ? body : new TextDecoder(encoding).decode(body);
  const scan = scanJsonText(text, MAX_JSON_DEPTH);
  // Another charset's decoder may let raw surrogate code units through: the parsed body is walked then.
  if (!utf8) scan.surrogateEscape = true;
  if (scan.depth > MAX_JSON_DEPTH) {
    throw new BadRequestError(
      'json_too_deep',
      `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  }
  if (req !== null && typeof req === 'object') scannedBodies.set(req, scan);
}

function rawQueryValue(req: Request, key: string): string | null {
  const at = req.originalUrl.indexOf('?');
  if (at === -1) return null;
  return new URLSearchParams(req.originalUrl.slice(at + 1)).get(key);
}

/**
 * After the validator: a query, path or header number it coerced from text like `1e309` is ±Infinity,
 * which its integer and bounds checks let through (ajv skips `maximum` for non-finite numbers). Refused
 * as 422, so every number a handler sees is finite and within the documented bounds.
 */
export function finiteNumberGuard(): RequestHandler {
  return (req, _res, next) => {
    const sources: Array<[string, unknown]> = [
      ['query', req.query],
      ['path', (req as { openapi?: { pathParams?: unknown } }).openapi?.pathParams],
      ['header', req.headers],
    ];
    for (const [location, values] of sources) {
      if (values === null || typeof values !== 'object') continue;
      for (const [key, value] of Object.entries(values)) {
        const items: unknown[] = Array.isArray(value) ? value : [value];
        if (!items.some((v) => typeof v === 'number' && !Number.isFinite(v))) continue;
        next(
          ValidationError.single(
            [location, key],
            'Input should be a finite number',
            'finite_number',
            location === 'query' ? rawQueryValue(req, key) : null,
          ),
        );
        return;
      }
    }
    next();
  };
}
