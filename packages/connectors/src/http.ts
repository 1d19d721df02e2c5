import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AxiosInstance, AxiosRequestConfig, AxiosStatic } from 'axios';
import { checkTargetHost, resolveWithDns, type TargetAllowList } from '@meridian/platform';
import {
  parseRetryAfter,
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTargetRefusedError,
  ProviderUnavailableError,
} from './errors';

/**
 * The HTTP client every connector uses for one provider base URL: JSON in and out, provider failures
 * classified (401 → auth, 429 → rate limit with Retry-After, 5xx/timeouts → unavailable, unreadable
 * body → response error), and the SSRF rules applied to the resolved address (pinned for the request).
 * Tokens never reach the logs: this client logs nothing, and error messages carry no headers or bodies.
 */

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  /** Relative to the base URL, or absolute (then it must be on the same origin, unless `anyOrigin`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** Sent as JSON, unless `form` is set. */
  json?: unknown;
  form?: Record<string, string | undefined>;
  bearer?: string;
  basic?: { username: string; password: string };
  /** Status codes answered normally instead of thrown (e.g. 404 on a delete that already happened). */
  acceptStatus?: number[];
  /** Map the provider's own rate-limit headers (e.g. Fitbit `Fitbit-Rate-Limit-Reset`). */
  retryAfterHeader?: string;
  /** Absolute URLs on another origin allowed (Garmin ping callbacks are checked by their caller). */
  anyOrigin?: boolean;
}

export interface ProviderResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

export interface ProviderHttp {
  readonly baseUrl: string;
  request<T = unknown>(req: ProviderRequest): Promise<ProviderResponse<T>>;
}

export interface ProviderHttpOptions {
  baseUrl: string;
  timeoutMs?: number;
  /**
   * SSRF rules: null turns them off (tests and local emulators on loopback); otherwise a provider address
   * that is private/loopback/link-local is refused unless allow-listed.
   */
  allowList: TargetAllowList | null;
  resolve?: (host: string) => Promise<string[]>;
  /** Shared axios instance (keep-alive pools), for tests. */
  axiosInstance?: AxiosInstance;
}

function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

let axiosModule: AxiosStatic | undefined;

/**
 * axios, loaded at the first provider request (issue #16): every data API start imports this package, and a
 * process that only serves reads never calls a provider. `require`, not `import()`: the package loads as
 * CommonJS under tsx, jest and the compiled build alike.
 */
function axios(): AxiosStatic {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  axiosModule ??= require('axios') as AxiosStatic;
  return axiosModule;
}

const keepAliveHttp = new http.Agent({ keepAlive: true, maxSockets: 64 });
const keepAliveHttps = new https.Agent({ keepAlive: true, maxSockets: 64 });

export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  let client = options.axiosInstance;
  const resolve = options.resolve ?? resolveWithDns;
  const timeout = options.timeoutMs ?? 30_000;

  async function agentFor(url: URL): Promise<{ httpAgent?: http.Agent; httpsAgent?: https.Agent }> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ProviderTargetRefusedError('provider URL is not http(s)');
    if (!options.allowList) return { httpAgent: keepAliveHttp, httpsAgent: keepAliveHttps };
    const verdict = await checkTargetHost(url.hostname, { allowList: options.allowList, resolve });
    if (!verdict.ok && verdict.problem === 'unresolved') {
      throw new ProviderUnavailableError(`cannot resolve the provider host ${verdict.host}`);
    }
    if (!verdict.ok) throw new ProviderTargetRefusedError(`provider address is ${verdict.reason}`);
    const pinned = { lookup: pinnedLookup(verdict.addresses[0]!) };
    return { httpAgent: new http.Agent(pinned), httpsAgent: new https.Agent(pinned) };
  }

  return {
    baseUrl: base.toString(),
    async request<T>(req: ProviderRequest): Promise<ProviderResponse<T>> {
      const url = new URL(req.path.replace(/^\//, ''), base);
      if (!req.anyOrigin && url.origin !== base.origin)
        throw new ProviderTargetRefusedError('provider URL outside its base origin');
      for (const [k, v] of Object.entries(req.query ?? {})) {
        if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
      }
      const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
      if (req.bearer) headers.authorization = `Bearer ${req.bearer}`;
      if (req.basic) {
        headers.authorization = `Basic ${Buffer.from(
          `${encodeURIComponent(req.basic.username)}:${encodeURIComponent(req.basic.password)}`,
        ).toString('base64')}`;
      }
      let data: string | undefined;
      if (req.form) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(req.form)) if (v !== undefined) form.set(k, v);
        data = form.toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else if (req.json !== undefined) {
        data = JSON.stringify(req.json);
        headers['content-type'] = 'application/json';
      }
      const config: AxiosRequestConfig = {
        method: req.method ?? 'GET',
        url: url.toString(),
        headers,
        data,
        timeout,
        maxRedirects: 0,
        responseType: 'text',
        transformResponse: (x: unknown) => x,
        validateStatus: () => true,
        proxy: false,
        ...(await agentFor(url)),
      };
      let res;
      for (let attempt = 1; ; attempt += 1) {
        try {
          res = await (client ??= axios().create()).request<string>(config);
          break;
        } catch (err) {
          const code = err instanceof axios().AxiosError ? err.code : undefined;
          // A keep-alive connection the server closed just as we reused it: an idempotent read is sent
          // again once on a fresh connection; anything else is reported as an outage.
          const idempotent = config.method === 'GET' || config.method === 'HEAD';
          if (attempt === 1 && idempotent && (code === 'ECONNRESET' || code === 'EPIPE')) continue;
          throw new ProviderUnavailableError(`provider request failed (${code ?? 'network error'})`);
        }
      }
      const resHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers ?? {})) {
        if (v !== undefined && v !== null)
          resHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
      }
      const status = res.status;
      const accepted = req.acceptStatus?.includes(status) ?? false;
      if (!accepted) {
        if (status === 429) {
          const retryAfter =
            parseRetryAfter(resHeaders['retry-after']) ??
            (req.retryAfterHeader ? parseRetryAfter(resHeaders[req.retryAfterHeader.toLowerCase()]) : null);
          throw new ProviderRateLimitError('provider rate limit exceeded', retryAfter);
        }
        if (status === 401)
          throw new ProviderAuthError('token_revoked', 'provider refused the access token', 401);
        if (status >= 500) throw new ProviderUnavailableError(`provider answered ${status}`, status);
        if (status < 200 || status >= 300) throw new ProviderHttpStatusError(status, res.data);
      }
      return { status, headers: resHeaders, data: parseBody<T>(res.data, resHeaders['content-type']) };
    },
  };
}

/** A 4xx other than 401/429: the connector decides what it means (403 scope, 404, 400 invalid_grant...). */
export class ProviderHttpStatusError extends Error {
  override name = 'ProviderHttpStatusError';
  readonly body: unknown;
  constructor(
    readonly status: number,
    raw: string | undefined,
  ) {
    super(`provider answered ${status}`);
    this.body = safeJson(raw);
  }
}

function safeJson(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw.slice(0, 200);
  }
}

function parseBody<T>(raw: string | undefined, contentType: string | undefined): T {
  if (raw === undefined || raw === '') return null as T;
  const looksJson = !contentType || /json/i.test(contentType) || /^[\s]*[[{]/.test(raw);
  if (!looksJson) return raw as unknown as T;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new ProviderResponseError('provider answered malformed JSON');
  }
}
