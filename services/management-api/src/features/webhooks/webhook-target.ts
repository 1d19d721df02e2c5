import { lookup } from 'node:dns/promises';
import { ValidationError } from '@meridian/domain';
import { forbiddenReason, type TargetAllowList } from '@meridian/platform';

/** Resolves a host name to every address it has (injectable: tests use no real DNS). */
export type HostResolver = (host: string) => Promise<string[]>;

export const resolveWithDns: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const urlError = (msg: string, input: unknown, ctx: Record<string, unknown> = {}) =>
  ValidationError.single(['body', 'url'], msg, 'value_error', input, ctx);

/**
 * The SSRF check at creation and URL change: the URL must be https (http only for allow-listed targets) and
 * every address its host resolves to must be public, unless the host or all its addresses are allow-listed.
 */
export async function assertSafeWebhookTarget(
  url: string,
  deps: { resolve: HostResolver; allowList: TargetAllowList },
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw urlError('Not a valid URL', url);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw urlError('The URL must use https', url);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw urlError('The URL cannot carry credentials; use the headers API', url);
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await deps.resolve(host);
  } catch {
    throw urlError('The URL host does not resolve', url, { host });
  }
  if (addresses.length === 0) throw urlError('The URL host does not resolve', url, { host });
  const allowed = deps.allowList.allows(host, addresses);
  if (parsed.protocol === 'http:' && !allowed) throw urlError('The URL must use https', url);
  if (allowed) return;
  for (const address of addresses) {
    const reason = forbiddenReason(address);
    if (reason !== null) {
      throw urlError(`The URL host resolves to a ${reason} address, which webhooks cannot reach`, url, {
        host,
        reason,
      });
    }
  }
}
