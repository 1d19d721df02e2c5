/**
 * Where a link token may send the browser back to: an http(s) URL whose host the team environment allows
 * (`teams.settings[<env>].allowed_redirect_hosts`). An empty list allows loopback hosts only, so a team can
 * try the widget locally without opening an open redirect on its production domain.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

export type RedirectUrlProblem = { reason: 'not_a_url' | 'scheme' | 'host'; message: string };

/** The host as compared with the allow-list: lower case, IPv6 without brackets. */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

function parseAllowedHost(entry: string): { host: string; port: string | null } {
  const e = entry.trim().toLowerCase();
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
  if (v6) return { host: v6[1]!, port: v6[2] ?? null };
  const hostPort = /^([^:]+):(\d+)$/.exec(e);
  if (hostPort) return { host: hostPort[1]!, port: hostPort[2]! };
  return { host: e, port: null };
}

export function redirectUrlProblem(
  value: string,
  allowedHosts: readonly string[],
): RedirectUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { reason: 'not_a_url', message: 'redirect_url must be an absolute http(s) URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { reason: 'scheme', message: 'redirect_url must use http or https.' };
  }
  const host = hostOf(url);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  // Entries are `host`, `host:port`, `ipv4[:port]` or `[ipv6][:port]` (as the management API stores them);
  // an entry without a port allows any port of that host.
  const allowed = allowedHosts.map(parseAllowedHost);
  const matches = allowed.some((a) => a.host === host && (a.port === null || a.port === port));
  if (allowed.length === 0 ? LOOPBACK_HOSTS.has(host) : matches) return null;
  const how =
    'Add it to allowed_redirect_hosts in this environment’s team settings with the management API' +
    (allowed.length === 0
      ? ' (while the list is empty only localhost, 127.0.0.1 and ::1 are allowed).'
      : '.');
  return { reason: 'host', message: `redirect_url host '${host}' is not an allowed redirect host. ${how}` };
}
