import { ValidationError } from '@meridian/domain';
import { checkTargetHost, type HostResolver, type TargetAllowList } from '@meridian/platform';

/** What the SSRF check of destinations needs: the webhooks' resolver and `WEBHOOK_ALLOWED_TARGETS`. */
export interface DestinationTargetRules {
  resolve: HostResolver;
  allowList: TargetAllowList;
}

/**
 * The SSRF check of an Event Hubs namespace at upsert, with the rules webhooks get at creation and the
 * Event Hubs delivery applies before each send (`checkTargetHost`): the Endpoint host must resolve, and to
 * public addresses only unless allow-listed. `endpoint` is the parsed `sb://host[:port]/`.
 */
export async function assertSafeEventHubsEndpoint(
  endpoint: string,
  rules: DestinationTargetRules,
): Promise<void> {
  const verdict = await checkTargetHost(new URL(endpoint).hostname, rules);
  if (verdict.ok) return;
  const { host } = verdict;
  const loc = ['body', 'azure_amqp', 'connection_string'];
  // the connection string holds the key: the 422 names the host, never the value
  if (verdict.problem === 'unresolved') {
    throw ValidationError.single(loc, 'The Endpoint host does not resolve', 'value_error', '[redacted]', {
      host,
    });
  }
  throw ValidationError.single(
    loc,
    `The Endpoint host resolves to a ${verdict.reason} address, which Event Hubs delivery cannot reach`,
    'value_error',
    '[redacted]',
    { host, reason: verdict.reason },
  );
}
