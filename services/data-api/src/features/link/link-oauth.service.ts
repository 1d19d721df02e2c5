import {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeAuthorizationCode,
  randomToken,
  type ClientCredentials,
  type Connector,
  type ConnectorContext,
  type OAuthSpec,
  type ProviderTokens,
} from '@meridian/connectors';
import { BadRequestError, hashKey, ValidationError, type Resource, type TeamScope } from '@meridian/domain';
import { connectorContextFor, resolveClientCredentials } from '@meridian/sync';
import { assertNotDuplicate, completeConnection, recordLinkError } from './link-connect';
import { OAUTH_STATE_TTL_MS, oauthCallbackUrl, widgetReturnUrl, type LinkDeps } from './link-deps';
import { LinkFlowError, linkErrorOf } from './link-outcome';
import { linkableConnector } from './link-providers';
import { linkTokenProblem } from './link-session';
import type { LinkTokenRecord } from './link-tokens.repository';
import type { TeamLinkPreferencesRepository } from './team-link-preferences.repository';

/**
 * The OAuth leg of linking: the authorize URL (state bound to the link token, PKCE verifier sealed) and the
 * callback that trades the code for tokens and makes the connection. The state is the CSRF defence: it is
 * random, stored hashed, single use, ten minutes long, and names the link token and provider it was made for.
 */

type OAuthConnector = Connector & { auth: OAuthSpec };

const isOAuth = (c: Connector): c is OAuthConnector => c.auth.type === 'oauth';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

function unique(values: Iterable<string>): string[] {
  return [...new Set([...values].filter((v) => v.length > 0))];
}

export function createLinkOAuthService(deps: LinkDeps) {
  /** Reads what the team configured for linking (written by the management API). */
  const prefs = <T>(read: (preferences: TeamLinkPreferencesRepository) => Promise<T>) =>
    deps.uow.read(({ teamLinkPreferences }) => read(teamLinkPreferences));

  /** The OAuth connector a session may use, else a 422 at `loc`. */
  function oauthConnectorFor(session: LinkTokenRecord, provider: string, loc: string[]): OAuthConnector {
    const connector = linkableConnector(provider);
    if (!connector || !isOAuth(connector)) {
      throw ValidationError.single(
        loc,
        'Not an OAuth provider that can be linked; see GET /v2/link/providers.',
        'value_error',
        provider,
      );
    }
    if (session.filterOnProviders && !session.filterOnProviders.includes(provider)) {
      throw ValidationError.single(
        loc,
        'This link token is limited to other providers (filter_on_providers).',
        'value_error',
        provider,
      );
    }
    return connector;
  }

  async function clientFor(scope: TeamScope, provider: string) {
    return resolveClientCredentials(deps.sync, {
      teamId: scope.teamId,
      environment: scope.environment,
      provider,
    });
  }

  /** Base scopes, the scopes of the resources the team pulls, and the team's must/may-grant lists. */
  async function scopesFor(scope: TeamScope, connector: OAuthConnector): Promise<string[]> {
    const preference = await prefs((p) => p.dataPullPreference(scope, connector.slug));
    const resources = new Set<Resource>(connector.streams.flatMap((s) => s.resources));
    const enabled = [...resources].filter((r) =>
      preference ? (preference.overrides[r] ?? preference.byDefault) : true,
    );
    const required = await prefs((p) => p.scopeRequirements(scope.teamId, connector.slug));
    return unique([
      ...connector.auth.baseScopes,
      ...enabled.flatMap((r) => connector.scopesFor(r)),
      ...required.userMustGrant,
      ...required.userMayGrant,
    ]);
  }

  async function exchange(
    connector: OAuthConnector,
    ctx: ConnectorContext,
    input: { code: string; redirectUri: string; codeVerifier: string | null },
  ): Promise<ProviderTokens> {
    if (connector.exchangeCode)
      return connector.exchangeCode(ctx, input.code, input.redirectUri, input.codeVerifier);
    return exchangeAuthorizationCode(ctx, connector.auth, input);
  }

  /** Code → tokens → identity → connection. Throws LinkFlowError (or a connector error) on refusal. */
  async function connect(
    session: LinkTokenRecord,
    provider: string,
    code: string,
    bound: { redirectUri: string; verifierSealed: string | null },
  ) {
    const connector = linkableConnector(provider);
    if (!connector || !isOAuth(connector))
      throw new LinkFlowError('provider_api_error', 'The provider is no longer available.');
    const resolved = await clientFor(session, provider);
    if (!resolved)
      throw new LinkFlowError('provider_api_error', 'No OAuth app is configured for this provider.');
    const ctx = connectorContextFor(deps.sync, provider, resolved.client);
    const codeVerifier = bound.verifierSealed ? deps.sync.secretBox.open(bound.verifierSealed) : null;
    let tokens = await exchange(connector, ctx, { code, redirectUri: bound.redirectUri, codeVerifier });

    const { userMustGrant } = await prefs((p) => p.scopeRequirements(session.teamId, provider));
    // A provider that does not report granted scopes is taken to have granted what was asked.
    const missing = tokens.scopes.length > 0 ? userMustGrant.filter((s) => !tokens.scopes.includes(s)) : [];
    if (missing.length > 0) {
      // The tokens are dropped, not revoked: a revocation can end the account's grant for every user of
      // this app, including another user of the team connected to the same account.
      throw new LinkFlowError(
        'required_scopes_not_granted',
        `These permissions are required: ${missing.join(', ')}.`,
      );
    }
    if (connector.identify) {
      const who = await connector.identify(ctx, tokens);
      tokens = { ...tokens, externalUserId: who.externalUserId, extra: { ...tokens.extra, ...who.extra } };
    }
    // Before any provider-side registration, so a refused duplicate leaves nothing behind at the provider.
    await assertNotDuplicate(deps, session, provider, tokens.externalUserId);
    if (connector.register) {
      const extra = await connector.register(ctx, tokens);
      if (extra) tokens = { ...tokens, extra: { ...tokens.extra, ...extra } };
    }
    await completeConnection(deps, session, {
      provider,
      authType: 'oauth',
      tokens,
      credentialSource: resolved.source,
      externalUserId: tokens.externalUserId,
      status: 'connected',
    });
  }

  return {
    /** The provider's authorize URL for this link session. */
    async authorizeUrl(session: LinkTokenRecord, provider: string, loc: string[]): Promise<string> {
      const connector = oauthConnectorFor(session, provider, loc);
      const resolved = await clientFor(session, provider);
      if (!resolved) {
        throw new BadRequestError(
          'provider_not_configured',
          `No OAuth app is configured for ${provider}: set the platform's PROVIDER_${provider.toUpperCase()}_CLIENT_ID/_CLIENT_SECRET or the team's custom credentials.`,
        );
      }
      const override =
        resolved.source === 'team_custom'
          ? await prefs((p) => p.redirectUrlOverride(session, provider))
          : null;
      const redirectUri = override ?? oauthCallbackUrl(deps.publicUrl);
      const state = randomToken(32);
      const pkce = connector.auth.pkce ? createPkcePair() : null;
      const now = deps.clock();
      const oauthState = {
        stateHash: hashKey(state),
        linkTokenId: session.id,
        provider,
        codeVerifierSealed: pkce ? deps.sync.secretBox.seal(pkce.verifier) : null,
        redirectUri,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      };
      await deps.uow.write(({ linkTokens }) => linkTokens.insertOAuthState(oauthState));
      const client: ClientCredentials = resolved.client;
      const authBase = deps.sync.providers.get(provider)?.authUrl ?? connector.defaultUrls.auth;
      return buildAuthorizeUrl(connector.auth, authBase, {
        clientId: client.clientId,
        redirectUri,
        scopes: await scopesFor(session, connector),
        state,
        codeChallenge: pkce?.challenge ?? null,
      });
    },

    /** Handles the provider's redirect; answers where to send the browser (the widget's return page). */
    async callback(query: CallbackQuery): Promise<string> {
      const fail = (provider: string | null, errorType: string) =>
        widgetReturnUrl(deps.linkWebUrl, { status: 'error', provider, errorType });
      if (!query.state) return fail(null, 'invalid_token');
      const now = deps.clock();
      const stateHash = hashKey(query.state);
      const bound = await deps.uow.write(({ linkTokens }) => linkTokens.takeOAuthState(stateHash, now));
      if (!bound) return fail(null, 'invalid_token');
      const session = await deps.uow.read(({ linkTokens }) => linkTokens.findById(bound.linkTokenId));
      const problem = linkTokenProblem(session, now);
      if (problem || !session) return fail(bound.provider, problem ?? 'invalid_token');

      try {
        if (query.error) {
          throw query.error === 'access_denied'
            ? new LinkFlowError('user_cancelled', 'Access was not granted at the provider.')
            : new LinkFlowError('provider_api_error', 'The provider reported an error during authorization.');
        }
        if (!query.code)
          throw new LinkFlowError('provider_api_error', 'The provider returned no authorization code.');
        await connect(session, bound.provider, query.code, {
          redirectUri: bound.redirectUri,
          verifierSealed: bound.codeVerifierSealed,
        });
        return widgetReturnUrl(deps.linkWebUrl, { status: 'success', provider: bound.provider });
      } catch (err) {
        let linkError = linkErrorOf(err);
        if (!linkError) {
          // Our own failure: logged for someone to act on; the person still lands on the widget's error screen.
          deps.logger?.error('OAuth callback failed', { err, provider: bound.provider });
          linkError = new LinkFlowError(
            'provider_api_error',
            'The connection could not be completed; try again.',
          );
        }
        await recordLinkError(deps, session, bound.provider, linkError);
        return fail(bound.provider, linkError.errorType);
      }
    },
  };
}

export type LinkOAuthService = ReturnType<typeof createLinkOAuthService>;
