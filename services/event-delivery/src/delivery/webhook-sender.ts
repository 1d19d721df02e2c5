import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenReason, type TargetAllowList } from '@meridian/platform';

/**
 * One HTTP delivery: SSRF re-check of the resolved addresses (the URL was checked when saved, but DNS can
 * change), then a POST pinned to the checked address so a second resolution cannot point elsewhere.
 */

export const RESPONSE_BODY_LIMIT = 1024;
/** Distinct target addresses whose connections are kept alive at once. */
const MAX_AGENTS = 256;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookResponse {
  statusCode: number;
  headers: Record<string, string | undefined>;
  /** The first 1 KiB of the response body. */
  body: string;
}

export class TargetRefusedError extends Error {}

/** Why an attempt got no HTTP status, for the outcome metrics. */
export type SendFailureKind = 'timeout' | 'refused' | 'network';

export function sendFailureKind(err: unknown): SendFailureKind {
  if (err instanceof TargetRefusedError) return 'refused';
  const { code, name } = (err ?? {}) as { code?: unknown; name?: unknown };
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_CANCELED' || name === 'TimeoutError')
    return 'timeout';
  return 'network';
}

interface AgentPair {
  http: http.Agent;
  https: https.Agent;
}

export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The SSRF rule shared by webhooks and ETL targets: why `host` (resolved to `addresses`) must not be
 * reached (`loopback`, `private`, ...), or null when it is allow-listed or every address is public.
 */
export function forbiddenTargetReason(
  allowList: TargetAllowList,
  host: string,
  addresses: readonly string[],
): string | null {
  if (allowList.allows(host, addresses)) return null;
  for (const address of addresses) {
    const reason = forbiddenReason(address);
    if (reason !== null) return reason;
  }
  return null;
}

/** A lookup that always answers with the address that was checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Fails a request that has not been fully answered within the timeout (also while reading the body). */
class WebhookTimeoutError extends Error {
  override name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
}

/**
 * One POST on a keep-alive agent: node:http directly (no redirects followed, no proxy, no decompression),
 * keeping the status, the headers and the first RESPONSE_BODY_LIMIT bytes of the body.
 */
function post(
  url: URL,
  agent: http.Agent,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<WebhookResponse> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body, 'utf8');
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': 'Meridian-Webhooks/1.0',
      },
    });
    const timer = setTimeout(
      () => request.destroy(new WebhookTimeoutError(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        const responseHeaders: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: responseHeaders,
          body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk);
        size += chunk.length;
        // Enough kept: stop reading (this gives up the connection rather than draining a large body).
        if (size >= RESPONSE_BODY_LIMIT) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', fail);
    });
    request.end(payload);
  });
}

export function createWebhookSender(deps: {
  allowList: TargetAllowList;
  timeoutMs?: number;
  resolve?: ResolveHost;
}): (request: WebhookRequest) => Promise<WebhookResponse> {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const resolve = deps.resolve ?? resolveWithDns;
  // Keep-alive agents per checked address: connections are reused across deliveries, and an agent only
  // ever connects to the address it was made for.
  const agents = new Map<string, AgentPair>();
  function agentsFor(address: string): AgentPair {
    let pair = agents.get(address);
    if (!pair) {
      const oldest = agents.size >= MAX_AGENTS ? agents.entries().next().value : undefined;
      if (oldest) {
        agents.delete(oldest[0]);
        oldest[1].http.destroy();
        oldest[1].https.destroy();
      }
      const options = { lookup: pinnedLookup(address), keepAlive: true, maxFreeSockets: 64 };
      pair = { http: new http.Agent(options), https: new https.Agent(options) };
      agents.set(address, pair);
    }
    return pair;
  }

  async function checkedAddress(url: URL): Promise<string> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TargetRefusedError('not an http(s) URL');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host);
    if (addresses.length === 0) throw new TargetRefusedError(`${host} does not resolve`);
    const reason = forbiddenTargetReason(deps.allowList, host, addresses);
    if (reason !== null) throw new TargetRefusedError(`target address is ${reason}`);
    return addresses[0]!;
  }

  return async (request) => {
    const url = new URL(request.url);
    const address = await checkedAddress(url);
    const agent = agentsFor(address);
    return post(
      url,
      url.protocol === 'https:' ? agent.https : agent.http,
      request.headers,
      request.body,
      timeoutMs,
    );
  };
}
