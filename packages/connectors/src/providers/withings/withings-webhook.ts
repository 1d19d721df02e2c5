import type {
  ConnectorContext,
  InboundWebhook,
  ProviderTokens,
  WebhookNotification,
  WebhookResult,
  WebhookSpec,
} from '../../connector';
import { withingsCall } from './withings-envelope';

/**
 * Withings data update notifications (developer.withings.com/developer-guide/v3/data-api/keep-user-data-up-to-date,
 * notification categories; #operation/notify-subscribe): we subscribe per user and per `appli` with our
 * callback URL; Withings checks the URL answers (HEAD/GET → 200), then POSTs form fields `userid`, `appli`,
 * `startdate`, `enddate` (or `date`, or `action` for user events) and wants a 200 within 2 seconds.
 * Notifications are not signed: a notification only makes us fetch with our own token for a user who has
 * a connection (the engine looks the userid up), so a forged one can at worst cause a harmless fetch.
 */
export const APPLI_STREAMS: Readonly<Record<number, string[]>> = {
  1: ['measures'], // weight and body composition
  2: ['measures'], // temperature
  4: ['measures'], // blood pressure, heart pulse, SpO2
  16: ['activity'],
  44: ['sleep'],
};
/** User events: `action=unlink|delete` means the person removed our access. */
const USER_EVENTS_APPLI = 46;
export const SUBSCRIBED_APPLIS = [1, 2, 4, 16, 44, 46];

function parseForm(req: InboundWebhook): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query)) if (typeof v === 'string') fields[k] = v;
  const text = req.rawBody.toString('utf8');
  for (const [k, v] of new URLSearchParams(text)) fields[k] = v;
  return fields;
}

/** Unix seconds; `enddate` is inclusive, our windows end-exclusive (hence `plusSeconds`). */
const asDate = (value: string | undefined, plusSeconds = 0) => {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return new Date((Number(value) + plusSeconds) * 1000);
};

export function handleWithingsWebhook(req: InboundWebhook): WebhookResult {
  const method = req.method.toUpperCase();
  // The callback URL check at subscription time.
  if (method === 'HEAD' || method === 'GET')
    return { kind: 'challenge', status: 200, body: '', contentType: 'text/plain' };
  if (method !== 'POST') return { kind: 'rejected', status: 405, reason: 'method not allowed' };
  const fields = parseForm(req);
  const userid = fields.userid;
  const appli = Number(fields.appli);
  if (!userid || !/^\d+$/.test(userid))
    return { kind: 'rejected', status: 400, reason: 'userid missing or not numeric' };
  if (!Number.isInteger(appli))
    return { kind: 'rejected', status: 400, reason: 'appli missing or not a number' };
  const notifications: WebhookNotification[] = [];
  if (appli === USER_EVENTS_APPLI) {
    if (fields.action === 'unlink' || fields.action === 'delete')
      notifications.push({ externalUserId: userid, streams: [], deregistered: true });
  } else {
    const streams = APPLI_STREAMS[appli];
    // An appli we did not subscribe to is acknowledged (Withings drops subscriptions after failures) and ignored.
    if (streams)
      notifications.push({
        externalUserId: userid,
        streams,
        start: asDate(fields.startdate),
        end: asDate(fields.enddate, 1),
      });
  }
  return { kind: 'notifications', notifications, status: 200, body: '' };
}

export async function subscribeWithings(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
  webhookUrl: string,
): Promise<void> {
  for (const appli of SUBSCRIBED_APPLIS) {
    await withingsCall(
      ctx.api,
      '/notify',
      'subscribe',
      { callbackurl: webhookUrl, appli, comment: 'Meridian' },
      tokens.accessToken,
    );
  }
}

export const withingsWebhook: WebhookSpec = {
  handle: (req) => handleWithingsWebhook(req),
  subscribe: subscribeWithings,
};
