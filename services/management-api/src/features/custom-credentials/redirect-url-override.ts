import { ValidationError } from '@meridian/domain';

/** Loopback hosts, where plain http is fine (a developer's machine; RFC 8252 §7.3). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * `redirect_url_override`: the redirect URI a team registered with its own OAuth app, when it is not our
 * callback (e.g. a page of theirs that forwards to it). An absolute https URL, or http on a loopback host;
 * no credentials and no fragment (RFC 6749 §3.1.2 forbids one in a redirect URI).
 */
export function parseRedirectUrlOverride(value: string, loc: string[]): string {
  const refuse = (msg: string) => ValidationError.single(loc, msg, 'url_parsing', value, {});
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('Input should be an absolute URL');
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure) throw refuse('The redirect URL must use https (http only on a loopback host)');
  if (url.username || url.password) throw refuse('The redirect URL must not carry credentials');
  if (url.hash || value.includes('#')) throw refuse('The redirect URL must not carry a fragment');
  // kept as written: providers compare redirect URIs character for character
  return value;
}
