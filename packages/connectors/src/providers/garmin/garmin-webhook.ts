import type {
  ClientCredentials,
  ConnectorContext,
  FetchPage,
  InboundWebhook,
  ProviderTokens,
  WebhookNotification,
  WebhookResult,
} from '../../connector';
import { ProviderResponseError } from '../../errors';
import { GARMIN_API_URL } from './garmin-urls';
import { isGarminSummaryType, mapGarminSummaries, type GarminSummaryType } from './map-garmin-summaries';

/**
 * Garmin Health API notifications. Garmin signs nothing: a request names the app in `garmin-client-id`
 * and each item names a `userId` (the engine only acts on known ones). A PUSH carries the summaries inline
 * (`{"dailies": [{...}]}`); a PING carries `{"userId", "callbackURL"}` to fetch with the user's token. A
 * callback URL is only accepted on the configured Garmin API origin and summary path (our SSRF rule for
 * pings; `fetchCallback` enforces the origin again). `{"deregistrations": [{"userId"}]}` tells that the
 * person removed the app at Garmin.
 */

function header(req: InboundWebhook, name: string): string | undefined {
  for (const [k, v] of Object.entries(req.headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

const rejected = (status: number, reason: string): WebhookResult => ({ kind: 'rejected', status, reason });

/** The summary path a callback URL must have, under the configured API base. */
function callbackAllowed(callbackUrl: unknown, type: GarminSummaryType, apiBase: string): boolean {
  if (typeof callbackUrl !== 'string') return false;
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return false;
  }
  const base = new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`);
  const expectedPath = new URL(`wellness-api/rest/${type}`, base).pathname;
  return (
    url.origin === base.origin && url.pathname === expectedPath && url.username === '' && url.password === ''
  );
}

export function handleGarminWebhook(req: InboundWebhook, client: ClientCredentials): WebhookResult {
  if (req.method !== 'POST') return rejected(405, 'Garmin notifications are POSTs');
  if (header(req, 'garmin-client-id') !== client.clientId)
    return rejected(401, 'garmin-client-id does not name this app');
  let body: unknown;
  try {
    body = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return rejected(400, 'body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return rejected(400, 'body is not an object');

  const apiBase = req.apiBaseUrl ?? GARMIN_API_URL;
  const notifications: WebhookNotification[] = [];
  try {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key !== 'deregistrations' && !isGarminSummaryType(key)) continue; // other summary types: not ingested
      if (!Array.isArray(value)) return rejected(400, `${key} is not a list`);
      const pushed = new Map<string, unknown[]>();
      for (const item of value) {
        const userId =
          typeof item === 'object' && item !== null ? (item as Record<string, unknown>).userId : undefined;
        if (typeof userId !== 'string' || userId === '') return rejected(400, `${key} item without userId`);
        if (key === 'deregistrations') {
          notifications.push({ externalUserId: userId, streams: [], deregistered: true });
        } else if ('callbackURL' in (item as Record<string, unknown>)) {
          const callbackUrl = (item as Record<string, unknown>).callbackURL;
          if (!callbackAllowed(callbackUrl, key, apiBase))
            return rejected(400, 'callbackURL is not a Garmin summary URL on the configured API origin');
          notifications.push({ externalUserId: userId, streams: [key], callbackUrl: callbackUrl as string });
        } else {
          pushed.set(userId, [...(pushed.get(userId) ?? []), item]);
        }
      }
      if (key === 'deregistrations') continue;
      for (const [userId, items] of pushed) {
        notifications.push({
          externalUserId: userId,
          streams: [key],
          inline: mapGarminSummaries(key, items),
        });
      }
    }
  } catch (err) {
    if (err instanceof ProviderResponseError) return rejected(400, err.message);
    throw err;
  }
  return { kind: 'notifications', notifications, status: 200 };
}

/** Fetches a ping's callback URL with the user's token (same origin as the API base only) and maps it. */
export async function fetchGarminCallback(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
  callbackUrl: string,
): Promise<FetchPage> {
  const type = new URL(callbackUrl).pathname.split('/').pop() ?? '';
  if (!isGarminSummaryType(type))
    throw new ProviderResponseError('Garmin callback URL names no known summary type');
  const res = await ctx.api.request<unknown>({ path: callbackUrl, bearer: tokens.accessToken });
  return { ...mapGarminSummaries(type, res.data), nextPage: null };
}
