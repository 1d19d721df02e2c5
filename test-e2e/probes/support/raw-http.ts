/**
 * Requests sent byte for byte as the probes build them (node:http, no URL normalisation: `%ZZ` stays
 * `%ZZ`), and what came back — or how the connection ended when nothing did.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  /** 0 when no response arrived (reset, timeout). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** How the exchange failed when `status` is 0. */
  error?: string;
  ms: number;
}

export function sendRaw(baseUrl: string, req: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (res: Omit<RawResponse, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...res, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(req.body.length);
    let request: http.ClientRequest;
    try {
      request = http.request({
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers,
        agent: false,
        // Large request lines and headers are the point of some cases.
        insecureHTTPParser: false,
        maxHeaderSize: 1024 * 1024,
      });
    } catch (err) {
      done({
        status: -1,
        headers: {},
        body: Buffer.alloc(0),
        error: `client refused: ${(err as Error).message}`,
      });
      return;
    }
    request.setTimeout(timeoutMs, () => {
      request.destroy(new Error(`timeout after ${timeoutMs} ms`));
    });
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', (err) =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          error: err.message,
        }),
      );
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      done({ status: 0, headers: {}, body: Buffer.alloc(0), error: err.code ?? err.message });
    });
    // A server that answers before reading the whole body (431, 413) may close while we still write.
    request.end(req.body);
  });
}
