import { isIPv4, isIPv6 } from 'node:net';

/**
 * One entry of `allowed_redirect_hosts`: a host name, an IPv4 address or a bracketed IPv6 address, with an
 * optional `:port`. No scheme, path or wildcard: the data API compares a link token's `redirect_url` host
 * (and port, when the entry has one) with these entries exactly.
 */
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  // a last label of digits only would be a malformed IPv4 address, not a name
  return labels.every((l) => LABEL_RE.test(l)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

function isPort(text: string): boolean {
  if (!/^[1-9]\d{0,4}$/.test(text)) return false;
  return Number(text) <= 65535;
}

/** The entry in canonical form (lowercase), or null when it is not `host[:port]`. */
export function normalizeRedirectHost(entry: string): string | null {
  const value = entry.toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(value);
  if (bracketed) {
    const [, address = '', port] = bracketed;
    if (!isIPv6(address) || (port !== undefined && !isPort(port))) return null;
    return value;
  }
  const [host = '', port, ...rest] = value.split(':');
  if (rest.length > 0 || (port !== undefined && !isPort(port))) return null;
  return isIPv4(host) || isHostName(host) ? value : null;
}
