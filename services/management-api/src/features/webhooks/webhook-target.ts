import { ValidationError } from '@meridian/domain';
import { checkTargetHost, type HostResolver, type TargetAllowList } from '@meridian/platform';

export { resolveWithDns, type HostResolver } from '@meridian/platform';

const urlError = (msg: string, input: unknown, ctx: Record<string, unknown> = {}) =>
  ValidationError.single(['body', 'url'], msg, 'value_error', input, ctx);

/**
 * The SSRF check at creation and URL change: the URL must be https (http only for allow-listed targets) and
 * every address its host resolves to must be public, unless the host or all its addresses are allow-listed
 * (the rules of `checkTargetHost`, shared with delivery, ETL destinations and provider APIs).
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
  const verdict = await checkTargetHost(parsed.hostname, deps);
  const { host } = verdict;
  if (!verdict.ok && verdict.problem === 'unresolved') {
    throw urlError('The URL host does not resolve', url, { host });
  }
  if (parsed.protocol === 'http:' && !(verdict.ok && verdict.allowListed)) {
    throw urlError('The URL must use https', url);
  }
  if (!verdict.ok) {
    throw urlError(`The URL host resolves to a ${verdict.reason} address, which webhooks cannot reach`, url, {
      host,
      reason: verdict.reason,
    });
  }
}
