import { checkTargetHost, type HostResolver, type TargetAllowList } from '@meridian/platform';

/** The namespace host of `Endpoint=sb://host[:port]/` in a connection string, as written. */
export function endpointHost(connectionString: string): string | null {
  const endpoint = /(?:^|;)\s*Endpoint\s*=\s*([^;]+)/i.exec(connectionString)?.[1];
  if (!endpoint) return null;
  try {
    return new URL(endpoint.trim()).hostname || null;
  } catch {
    return null;
  }
}

/** A failed attempt to record instead of sending (`permanent`: no retry). */
export interface TargetRefusal {
  ok: false;
  permanent?: boolean;
  error: string;
}

/**
 * The SSRF check before each Event Hubs send, with the rules webhooks get and the management API applies
 * when the pipeline is written (`checkTargetHost`): null when the endpoint may be reached; a host that does
 * not resolve is retried, a forbidden address is not.
 */
export async function checkEventHubsTarget(
  connectionString: string,
  deps: { allowList: TargetAllowList; resolveHost?: HostResolver },
): Promise<TargetRefusal | null> {
  const host = endpointHost(connectionString);
  if (host === null) {
    return {
      ok: false,
      permanent: true,
      error: 'ConfigurationError: the connection string has no Endpoint host',
    };
  }
  const verdict = await checkTargetHost(host, { allowList: deps.allowList, resolve: deps.resolveHost });
  if (verdict.ok) return null;
  if (verdict.problem === 'unresolved') {
    return { ok: false, error: `TargetUnresolvedError: ${verdict.host} does not resolve` };
  }
  return {
    ok: false,
    permanent: true,
    error: `TargetRefusedError: the Event Hubs endpoint address is ${verdict.reason}`,
  };
}
