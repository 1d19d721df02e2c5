import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import axios from 'axios';
import { forbiddenReason, type TargetAllowList } from '@meridian/platform';

/**
 * One HTTP delivery: SSRF re-check of the resolved addresses (the URL was checked when saved, but DNS can
 * change), then a POST pinned to the checked address so a second resolution cannot point elsewhere.
 */

export const RESPONSE_BODY_LIMIT = 1024;

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

export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A lookup that always answers with the address that was checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

async function readPrefix(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buf);
      size += buf.length;
      if (size >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export function createWebhookSender(deps: {
  allowList: TargetAllowList;
  timeoutMs?: number;
  resolve?: ResolveHost;
}): (request: WebhookRequest) => Promise<WebhookResponse> {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const resolve = deps.resolve ?? resolveWithDns;

  async function checkedAddress(url: URL): Promise<string> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TargetRefusedError('not an http(s) URL');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host);
    if (addresses.length === 0) throw new TargetRefusedError(`${host} does not resolve`);
    if (!deps.allowList.allows(host, addresses)) {
      for (const address of addresses) {
        const reason = forbiddenReason(address);
        if (reason !== null) throw new TargetRefusedError(`target address is ${reason}`);
      }
    }
    return addresses[0]!;
  }

  return async (request) => {
    const url = new URL(request.url);
    const address = await checkedAddress(url);
    const agentOptions = { lookup: pinnedLookup(address), keepAlive: false };
    const res = await axios.post<Readable>(request.url, request.body, {
      headers: { ...request.headers, 'content-type': 'application/json' },
      timeout: timeoutMs,
      // Also bounds reading the body, which `timeout` alone does not.
      signal: AbortSignal.timeout(timeoutMs),
      maxRedirects: 0,
      proxy: false,
      responseType: 'stream',
      transformRequest: [(data: unknown) => data],
      validateStatus: () => true,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
    });
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(
      res.headers as Record<string, string | string[] | undefined>,
    )) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { statusCode: res.status, headers, body: await readPrefix(res.data, RESPONSE_BODY_LIMIT) };
  };
}
