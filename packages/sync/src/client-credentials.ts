import {
  connectorFor,
  createConnectorContext,
  ProviderAuthError,
  type ClientCredentials,
  type ConnectorContext,
} from '@meridian/connectors';
import type { Environment } from '@meridian/domain';
import type { SyncDeps } from './sync-deps';

/**
 * Which OAuth app talks to a provider for a team: the team's own (`team_custom_credentials`, secret and
 * details sealed at rest) when it has one, else the platform's app from the provider settings.
 */

export type CredentialSource = 'platform' | 'team_custom';

export interface ResolvedClient {
  client: ClientCredentials;
  source: CredentialSource;
}

interface CustomCredentialRow {
  environment: Environment;
  client_id: string | null;
  client_secret_sealed: string | null;
  details_sealed: string | null;
}

function openCustom(deps: Pick<SyncDeps, 'secretBox'>, row: CustomCredentialRow): ClientCredentials | null {
  if (!row.client_id || !row.client_secret_sealed) return null;
  const details = row.details_sealed
    ? (JSON.parse(deps.secretBox.open(row.details_sealed)) as Record<string, unknown>)
    : undefined;
  return { clientId: row.client_id, clientSecret: deps.secretBox.open(row.client_secret_sealed), details };
}

/** The team's own app for the provider in one environment, or null. */
export async function teamCustomClient(
  deps: Pick<SyncDeps, 'db' | 'secretBox'>,
  input: { teamId: string; environment: Environment; provider: string },
): Promise<ClientCredentials | null> {
  const row = await deps
    .db('team_custom_credentials')
    .where({ team_id: input.teamId, environment: input.environment, provider: input.provider })
    .first<CustomCredentialRow | undefined>(
      'environment',
      'client_id',
      'client_secret_sealed',
      'details_sealed',
    );
  return row ? openCustom(deps, row) : null;
}

/** Every app a team registered for the provider (both environments), for verifying its webhooks. */
export async function teamCustomClients(
  deps: Pick<SyncDeps, 'db' | 'secretBox'>,
  input: { teamId: string; provider: string },
): Promise<{ environment: Environment; client: ClientCredentials }[]> {
  const rows = await deps
    .db('team_custom_credentials')
    .where({ team_id: input.teamId, provider: input.provider })
    .orderBy('environment')
    .select<CustomCredentialRow[]>('environment', 'client_id', 'client_secret_sealed', 'details_sealed');
  return rows.flatMap((row) => {
    const client = openCustom(deps, row);
    return client ? [{ environment: row.environment, client }] : [];
  });
}

export function platformClient(
  deps: Pick<SyncDeps, 'providers'>,
  provider: string,
): ClientCredentials | null {
  return deps.providers.get(provider)?.client ?? null;
}

export async function resolveClientCredentials(
  deps: SyncDeps,
  input: { teamId: string; environment: 'production' | 'sandbox'; provider: string },
): Promise<ResolvedClient | null> {
  const custom = await teamCustomClient(deps, input);
  if (custom) return { client: custom, source: 'team_custom' };
  const platform = platformClient(deps, input.provider);
  return platform ? { client: platform, source: 'platform' } : null;
}

/** The client a connection was made with; a team app deleted since is a credential error. */
export async function clientForConnection(
  deps: SyncDeps,
  connection: { teamId: string; environment: Environment; provider: string; credentialSource: string },
): Promise<ClientCredentials> {
  const client =
    connection.credentialSource === 'team_custom'
      ? await teamCustomClient(deps, connection)
      : platformClient(deps, connection.provider);
  if (!client) {
    throw new ProviderAuthError(
      'provider_credential_error',
      connection.credentialSource === 'team_custom'
        ? 'the team custom credentials this connection was made with are gone'
        : 'no platform app is configured for this provider',
    );
  }
  return client;
}

export function connectorContextFor(
  deps: SyncDeps,
  provider: string,
  client: ClientCredentials,
): ConnectorContext {
  const settings = deps.providers.get(provider);
  const connector = connectorFor(provider);
  const urls =
    settings ??
    (connector ? { apiUrl: connector.defaultUrls.api, authUrl: connector.defaultUrls.auth } : null);
  if (!urls) throw new Error(`no connector or settings for provider ${provider}`);
  return createConnectorContext({ settings: urls, client, allowList: deps.allowList, now: deps.clock });
}
