/**
 * Response compression for JSON answers (issue 16): `Accept-Encoding` negotiated (gzip and brotli, q-values,
 * `identity`, `*`), bodies below a size threshold sent as they are, compressed off the event loop with
 * node's zlib at a cheap level, `Vary: Accept-Encoding` on every JSON answer. Only `res.json` and
 * `sendJsonText` answers are touched: streams, files, PDFs and HTML pages keep their own encoding.
 */
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

export type ContentCoding = 'br' | 'gzip';

export interface CompressionOptions {
  /** Bodies smaller than this many bytes are sent uncompressed (default 1024). */
  threshold?: number;
  /** zlib level of gzip, 1 (fastest) to 9 (default 1). */
  gzipLevel?: number;
  /** Brotli quality, 0 to 11 (default 4). */
  brotliQuality?: number;
  /**
   * Which coding wins when the client accepts several with the same q (default gzip, then br: on a day of
   * heart rate brotli quality 4 saves 1.6 KB of 8.8 KB but costs ~3 ms more CPU per answer, bench:timeseries).
   */
  preference?: readonly ContentCoding[];
}

interface ResolvedCompression {
  threshold: number;
  gzipLevel: number;
  brotliQuality: number;
  preference: readonly ContentCoding[];
  /** The app validates responses (tests): pre-rendered text goes through `res.json` so it is checked too. */
  validateResponses: boolean;
}

const DEFAULTS: ResolvedCompression = {
  threshold: 1024,
  gzipLevel: 1,
  brotliQuality: 4,
  preference: ['gzip', 'br'],
  validateResponses: false,
};

const CODINGS: readonly string[] = ['br', 'gzip'];

function parseQ(params: string[]): number {
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== 'q') continue;
    const q = Number(p.slice(eq + 1).trim());
    // A malformed weight makes the entry unusable rather than preferred.
    return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
  }
  return 1;
}

/**
 * The coding to answer with for an `Accept-Encoding` header, or null for identity (RFC 9110 §12.5.3): an
 * explicit entry wins over `*`, q=0 refuses, the highest q wins, a tie goes to `preference` and then to a
 * compressed coding over identity. No header, or nothing acceptable, is answered uncompressed.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
  preference: readonly ContentCoding[] = DEFAULTS.preference,
): ContentCoding | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.length > 4096) return null;
  const explicit = new Map<string, number>();
  let star: number | undefined;
  for (const entry of text.split(',')) {
    const [rawName, ...params] = entry.split(';');
    let name = rawName!.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    const q = parseQ(params);
    if (name === '*') star = Math.max(star ?? 0, q);
    else explicit.set(name, Math.max(explicit.get(name) ?? 0, q));
  }
  const qOf = (coding: string) => explicit.get(coding) ?? star ?? 0;
  let best: ContentCoding | null = null;
  let bestQ = 0;
  for (const coding of preference) {
    if (!CODINGS.includes(coding)) continue;
    const q = qOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  if (best === null) return null;
  // Identity is acceptable unless refused, weighted as the least preferred listed coding when not named
  // itself (as the `negotiator` package does); it wins only with a strictly higher weight.
  const listed = [...explicit.values()];
  const identityQ = explicit.get('identity') ?? star ?? (listed.length > 0 ? Math.min(...listed) : 1);
  return identityQ > bestQ ? null : best;
}

/**
 * Brotli's window for a body of `length` bytes: the smallest that holds the whole body (10–24 bits), so an
 * answer up to 4 MiB compresses as well as with the default 4 MiB window (22 bits), within a byte or two of
 * header. The default window makes every compression reserve several MiB outside V8's heap, and that external
 * memory alone started a full collection every ~12 compressions of a 160 kB day (node --trace-gc, 1,500
 * compressions: 126 mark-compacts, none with the window sized; CPU per compression 1.0–1.2 → 0.8 ms).
 */
export function brotliWindowBits(length: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 1))));
}

/** `body` in `coding`, on the thread pool. */
export function compressBuffer(
  body: Buffer,
  coding: ContentCoding,
  opts: CompressionOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (coding === 'gzip') zlib.gzip(body, { level: opts.gzipLevel ?? DEFAULTS.gzipLevel }, done);
    else {
      zlib.brotliCompress(
        body,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: opts.brotliQuality ?? DEFAULTS.brotliQuality,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
          },
        },
        done,
      );
    }
  });
}

const CONFIG = Symbol('meridian.compression');
type WithConfig = Response & { [CONFIG]?: ResolvedCompression };

/** Statuses whose answers have no body: express strips it, nothing to compress. */
const BODYLESS = new Set([204, 304]);

/**
 * Sends `json` (JSON already rendered, as text or UTF-8 bytes) as the answer: `application/json;
 * charset=utf-8`, compressed when the app's compression is on, the client accepts it and the body reaches
 * the threshold. One `end()` with a known Content-Length (HEAD gets the headers a GET would, without the body).
 */
export function sendJsonText(req: Request, res: Response, json: string | Buffer): void {
  const config = (res as WithConfig)[CONFIG];
  // The response validator wraps res.json; with it on, rendered text is checked as the objects would be.
  if (config?.validateResponses)
    res.json(JSON.parse(typeof json === 'string' ? json : json.toString('utf8')));
  else sendText(req, res, json, config);
}

function sendText(
  req: Request,
  res: Response,
  json: string | Buffer,
  config: ResolvedCompression | undefined,
): void {
  // As express's res.json + res.send: JSON unless the route chose a type, always with the utf-8 charset.
  const type = res.get('Content-Type');
  if (!type) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  else if (!/;\s*charset=/i.test(type)) res.setHeader('Content-Type', `${type}; charset=utf-8`);
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  if (!config) {
    res.send(body);
    return;
  }
  res.vary('Accept-Encoding');
  const coding =
    res.get('Content-Encoding') || BODYLESS.has(res.statusCode) || body.length < config.threshold
      ? null
      : negotiateEncoding(req.headers['accept-encoding'], config.preference);
  if (coding === null) {
    res.send(body);
    return;
  }
  compressBuffer(body, coding, config).then(
    (compressed) => {
      res.set('Content-Encoding', coding);
      res.send(compressed);
    },
    () => res.send(body),
  );
}

/**
 * Turns compression on for the app's JSON answers: `res.json` renders and sends through `sendJsonText`.
 * Answers with validators (ETag, Last-Modified) keep express's own path (its 304 handling), uncompressed.
 */
export function jsonCompression(
  options: CompressionOptions & { validateResponses?: boolean } = {},
): RequestHandler {
  const config: ResolvedCompression = {
    threshold: options.threshold ?? DEFAULTS.threshold,
    gzipLevel: options.gzipLevel ?? DEFAULTS.gzipLevel,
    brotliQuality: options.brotliQuality ?? DEFAULTS.brotliQuality,
    preference: options.preference ?? DEFAULTS.preference,
    validateResponses: options.validateResponses ?? false,
  };
  return (req, res, next) => {
    (res as WithConfig)[CONFIG] = config;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const app = req.app;
      if (
        res.get('ETag') ||
        res.get('Last-Modified') ||
        app.get('json replacer') ||
        app.get('json spaces') ||
        app.get('json escape')
      ) {
        return json(body);
      }
      const text = JSON.stringify(body) as string | undefined;
      if (text === undefined) return json(body);
      sendText(req, res, text, config);
      return res;
    };
    next();
  };
}
