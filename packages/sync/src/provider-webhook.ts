import {
  connectorFor,
  type ClientCredentials,
  type Connector,
  type InboundWebhook,
  type WebhookNotification,
  type WebhookResult,
} from '@meridian/connectors';
import { createIngestion } from '@meridian/ingestion';
import { platformClient, teamCustomClients } from './client-credentials';
import { markConnectionError } from './connection-error';
import { createConnectionsRepository, type SyncConnection } from './connections.repository';
import { keepEnabled, pageIsEmpty } from './page-filter';
import { publishSyncTask } from './provider-sync-task';
import { openSyncRun } from './sync-run';
import type { SyncDeps } from './sync-deps';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * An inbound provider webhook (`/v2/provider_webhooks/{provider}`, or a team's own URL for its custom app):
 * the connector verifies and parses it with the app's credentials, then each notification reaches every
 * connection of that provider account (one per team that connected the person; a team URL reaches that
 * team's only). Deregistrations put the connection in error, inline data is ingested as is, a callback URL
 * is fetched and ingested, anything else makes the named streams due at once.
 */

export interface WebhookResponse {
  status: number;
  body: unknown;
  contentType?: string;
}

/** The error envelope of api-shapes §3, like every other error of the API. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_credentials',
  403: 'forbidden',
  404: 'not_found',
};
export function webhookError(status: number, message: string): WebhookResponse {
  return {
    status,
    body: { detail: { error_type: ERROR_TYPES[status] ?? 'rejected', error_message: message } },
  };
}

const notFound = (message: string): WebhookResponse => webhookError(404, message);

/** The apps whose signature may be on this request: the team's own (either environment), or the platform's. */
async function candidateClients(
  deps: SyncDeps,
  provider: string,
  teamId: string | null,
): Promise<ClientCredentials[]> {
  if (teamId !== null) return (await teamCustomClients(deps, { teamId, provider })).map((c) => c.client);
  const platform = platformClient(deps, provider);
  return platform ? [platform] : [];
}

async function verify(
  connector: Connector,
  request: InboundWebhook,
  clients: ClientCredentials[],
): Promise<WebhookResult> {
  let last: WebhookResult = { kind: 'rejected', status: 401, reason: 'no credentials verify this webhook' };
  for (const client of clients) {
    const result = await connector.webhook!.handle(request, client);
    if (result.kind !== 'rejected') return result;
    last = result;
  }
  return last;
}

async function ingestDaily(
  deps: SyncDeps,
  connection: SyncConnection,
  page: Parameters<typeof keepEnabled>[0],
): Promise<void> {
  const run = await openSyncRun(deps, connection);
  const data = keepEnabled(page, run.enabled);
  if (pageIsEmpty(data)) return;
  await createIngestion({ db: deps.db, clock: deps.clock }).ingest({
    userId: connection.userId,
    mode: 'daily',
    ...data,
  });
}

async function deliver(deps: SyncDeps, connection: SyncConnection, n: WebhookNotification): Promise<void> {
  if (n.deregistered) {
    await markConnectionError(deps, connection.id, {
      errorType: 'deregistered_per_provider',
      detail: 'the provider told us the user removed the authorization',
    });
    return;
  }
  if (connection.status !== 'connected') return;
  if (n.inline) {
    await ingestDaily(deps, connection, n.inline);
    return;
  }
  if (n.callbackUrl) {
    const run = await openSyncRun(deps, connection);
    const webhook = run.connector.webhook;
    if (!webhook?.fetchCallback) return;
    const page = await webhook.fetchCallback(run.ctx, await run.tokens.current(), n.callbackUrl);
    await ingestDaily(deps, connection, page);
    return;
  }
  const touched = await createSyncStreamsRepository(deps.db).markDue(connection.id, {
    streams: n.streams.length > 0 ? n.streams : null,
    now: deps.clock(),
    includeHistorical: false,
  });
  if (touched > 0) await publishSyncTask(deps, connection.id);
}

export async function handleProviderWebhook(
  deps: SyncDeps,
  input: { provider: string; teamId: string | null; request: InboundWebhook },
): Promise<WebhookResponse> {
  const connector = connectorFor(input.provider);
  if (!connector?.webhook) return notFound('This provider sends no webhooks to Meridian.');
  const clients = await candidateClients(deps, input.provider, input.teamId);
  if (clients.length === 0) return notFound("No app is configured to receive this provider's webhooks here.");
  // The configured API origin (emulator or proxy): ping callback URLs are only fetched from there.
  const request = { ...input.request, apiBaseUrl: deps.providers.get(input.provider)?.apiUrl };
  const result = await verify(connector, request, clients);
  switch (result.kind) {
    case 'challenge':
      return { status: result.status, body: result.body, contentType: result.contentType };
    case 'rejected':
      deps.logger.warn('provider webhook rejected', {
        provider: input.provider,
        status: result.status,
        reason: result.reason,
      });
      return webhookError(result.status, result.reason);
    case 'notifications':
      break;
  }
  const connections = createConnectionsRepository(deps.db);
  for (const n of result.notifications) {
    for (const connection of await connections.findByExternalId(
      input.provider,
      n.externalUserId,
      input.teamId,
    )) {
      try {
        await deliver(deps, connection, n);
      } catch (err) {
        // One connection's failure must not cost the others their notification; polling catches up later.
        deps.logger.warn('could not act on a provider webhook notification', {
          err,
          provider: input.provider,
          connection_id: connection.id,
        });
      }
    }
  }
  return { status: result.status ?? 204, body: result.body ?? null };
}
