/**
 * The HTTP client of one phlebotomy partner: JSON in and out over axios, the partner's auth headers,
 * failures classified into the typed errors (5xx/network → unavailable, timeout, 429, 401/403, malformed
 * JSON) and the partner's own 4xx bodies handed to its adapter to map. Logs nothing: bodies carry PHI.
 */
import http from 'node:http';
import https from 'node:https';
import type { AxiosInstance } from 'axios';
import { lazyAxios } from '../lazy-axios';
import {
  PartnerAuthError,
  PartnerRateLimitError,
  PartnerResponseError,
  PartnerTimeoutError,
  PartnerUnavailableError,
  type PhlebotomyPartnerError,
} from './errors';
import type { PhlebotomyProvider } from './phlebotomy-partner';

export interface PartnerAuth {
  /** Headers that authenticate one request (an API key, or a cached OAuth bearer token). */
  headers(): Promise<Record<string, string>>;
  /** Forget a cached token after a 401, so the request is retried once with a fresh one. */
  invalidate?(): void;
}

export interface PartnerRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Skip `auth` (the token endpoint itself). */
  noAuth?: boolean;
}

export interface PartnerResponse {
  status: number;
  body: unknown;
}

/** Maps a 4xx other than 401/403/429 (the partner's own error codes) to a typed error. */
export type ClientErrorMapper = (status: number, body: unknown) => PhlebotomyPartnerError;

export interface PartnerHttpOptions {
  provider: PhlebotomyProvider;
  baseUrl: string;
  /** Milliseconds before a request is abandoned (default 10 000). */
  timeoutMs?: number;
  auth?: PartnerAuth;
  mapClientError: ClientErrorMapper;
  axiosInstance?: AxiosInstance;
}

export interface PartnerHttp {
  request(req: PartnerRequest): Promise<PartnerResponse>;
}

const MAX_RESPONSE_BYTES = 2_000_000;

const agents = {
  httpAgent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
  httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export function createPartnerHttp(options: PartnerHttpOptions): PartnerHttp {
  const { provider } = options;
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  // Created at the first request, so building a partner does not load axios.
  let client = options.axiosInstance;
  const timeout = options.timeoutMs ?? 10_000;

  async function send(req: PartnerRequest) {
    const url = new URL(req.path.replace(/^\//, ''), base);
    if (url.origin !== base.origin) throw new PartnerResponseError(provider, 'path outside the base URL');
    for (const [k, v] of Object.entries(req.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (!req.noAuth && options.auth) Object.assign(headers, await options.auth.headers());
    let data: string | undefined;
    if (req.form) {
      data = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (req.json !== undefined) {
      data = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    try {
      return await (client ??= lazyAxios().create()).request<string>({
        method: req.method,
        url: url.toString(),
        headers,
        data,
        timeout,
        maxRedirects: 0,
        // A partner streaming megabytes at us is broken, not busy.
        maxContentLength: MAX_RESPONSE_BYTES,
        responseType: 'text',
        transformResponse: (x: unknown) => x,
        validateStatus: () => true,
        proxy: false,
        transitional: { clarifyTimeoutError: true },
        ...agents,
      });
    } catch (err) {
      const code = err instanceof lazyAxios().AxiosError ? err.code : undefined;
      const write = req.method !== 'GET';
      if (code === 'ERR_BAD_RESPONSE')
        throw new PartnerResponseError(provider, 'unreadable or oversized body');
      if (code === 'ETIMEDOUT' || code === 'ECONNABORTED')
        throw new PartnerTimeoutError(provider, `no answer within ${timeout} ms`, null, write);
      // A refused connection never reached the partner; a reset one may have.
      throw new PartnerUnavailableError(
        provider,
        `request failed (${code ?? 'network error'})`,
        null,
        write && code !== 'ECONNREFUSED',
      );
    }
  }

  return {
    async request(req) {
      let res = await send(req);
      if (res.status === 401 && !req.noAuth && options.auth?.invalidate) {
        options.auth.invalidate();
        res = await send(req);
      }
      const status = res.status;
      // Statuses first: a proxy's HTML 502 page is an outage, not a malformed answer.
      if (status === 429) throw new PartnerRateLimitError(provider, retryAfter(res.headers['retry-after']));
      if (status === 401 || status === 403)
        throw new PartnerAuthError(provider, `credentials refused (${status})`);
      if (status >= 500)
        throw new PartnerUnavailableError(provider, `answered ${status}`, status, req.method !== 'GET');
      if (status >= 200 && status < 300) return { status, body: parseJson(provider, res.data) };
      if (status >= 400) throw options.mapClientError(status, parseLenient(res.data));
      throw new PartnerResponseError(provider, `unexpected status ${status}`);
    },
  };
}

function parseJson(provider: PhlebotomyProvider, raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw new PartnerResponseError(provider, 'unreadable body');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new PartnerResponseError(provider, 'malformed JSON');
  }
}

function parseLenient(raw: unknown): unknown {
  try {
    return typeof raw === 'string' && raw !== '' ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function retryAfter(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}
