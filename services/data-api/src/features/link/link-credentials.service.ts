import type { Connector, ConnectorContext, LoginResult } from '@meridian/connectors';
import { ValidationError } from '@meridian/domain';
import { connectorContextFor, resolveClientCredentials } from '@meridian/sync';
import { completeConnection, recordLinkError } from './link-connect';
import type { LinkDeps } from './link-deps';
import { LinkFlowError, linkErrorOf, linkResponse, type ProviderLinkResponse } from './link-outcome';
import { linkableConnector } from './link-providers';
import type { LinkTokenRecord } from './link-tokens.repository';

/**
 * Password and e-mail providers. The person's password goes to the connector and nowhere else: when the
 * provider asks for a second factor, only the connector's pending state is kept, sealed, in the link token.
 */

interface SealedMfa {
  provider: string;
  pending: Record<string, unknown>;
}

export function createLinkCredentialsService(deps: LinkDeps) {
  function connectorOf(
    session: LinkTokenRecord,
    provider: string,
    type: 'password' | 'email',
    loc: string[] = ['path', 'provider'],
  ): Connector {
    const connector = linkableConnector(provider);
    if (!connector || connector.auth.type !== type) {
      throw ValidationError.single(
        loc,
        `Not a ${type} provider that can be linked; see GET /v2/link/providers.`,
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

  /** Password and e-mail providers rarely have an OAuth app; the connector then gets an empty client. */
  async function contextFor(session: LinkTokenRecord, provider: string) {
    const resolved = await resolveClientCredentials(deps.sync, {
      teamId: session.teamId,
      environment: session.environment,
      provider,
    });
    const client = resolved?.client ?? { clientId: '', clientSecret: '' };
    return { ctx: connectorContextFor(deps.sync, provider, client), source: resolved?.source ?? 'platform' };
  }

  function regionProblem(connector: Connector, region: string | undefined): LinkFlowError | null {
    const regions = connector.auth.type === 'oauth' ? undefined : connector.auth.regions;
    if (region === undefined || !regions || regions.includes(region)) return null;
    return new LinkFlowError('unsupported_region', `Supported regions: ${regions.join(', ')}.`);
  }

  async function failed(
    session: LinkTokenRecord,
    provider: string,
    err: unknown,
    during: 'connect' | 'mfa' = 'connect',
  ) {
    const linkError = linkErrorOf(err, during);
    if (!linkError) throw err;
    // A wrong code keeps the pending second factor, so the person can type it again.
    if (linkError.errorType !== 'incorrect_mfa_code')
      await recordLinkError(deps, session, provider, linkError);
    return linkResponse(session, provider, { state: 'error', error: linkError });
  }

  async function afterLogin(
    session: LinkTokenRecord,
    connector: Connector,
    ctx: ConnectorContext,
    source: 'platform' | 'team_custom',
    result: LoginResult,
  ): Promise<ProviderLinkResponse> {
    if (result.state === 'mfa') {
      const sealed: SealedMfa = { provider: connector.slug, pending: result.pending };
      const state = {
        ...session.state,
        status: 'pending_provider_mfa' as const,
        provider: connector.slug,
        error_type: null,
        error: null,
        provider_mfa: { method: result.method, hint: result.hint },
        mfa_pending_sealed: deps.sync.secretBox.seal(JSON.stringify(sealed)),
      };
      await deps.uow.write(({ linkTokens }) => linkTokens.setState(session.id, state));
      return linkResponse(session, connector.slug, {
        state: 'pending_provider_mfa',
        mfa: { method: result.method, hint: result.hint },
      });
    }
    let tokens = result.tokens;
    if (connector.identify) {
      const who = await connector.identify(ctx, tokens);
      tokens = { ...tokens, externalUserId: who.externalUserId, extra: { ...tokens.extra, ...who.extra } };
    }
    await completeConnection(deps, session, {
      provider: connector.slug,
      authType: 'password',
      tokens,
      credentialSource: source,
      externalUserId: tokens.externalUserId,
      status: 'connected',
    });
    return linkResponse(session, connector.slug, {
      state: 'success',
      connected: true,
      providerId: tokens.externalUserId,
    });
  }

  return {
    async password(
      session: LinkTokenRecord,
      provider: string,
      input: { username: string; password: string; region?: string },
    ): Promise<ProviderLinkResponse> {
      const connector = connectorOf(session, provider, 'password');
      const badRegion = regionProblem(connector, input.region);
      if (badRegion) return failed(session, provider, badRegion);
      if (!connector.login) throw new Error(`${provider} is a password provider without login()`);
      const { ctx, source } = await contextFor(session, provider);
      try {
        const result = await connector.login(ctx, input);
        return await afterLogin(session, connector, ctx, source, result);
      } catch (err) {
        return failed(session, provider, err);
      }
    },

    async completeMfa(
      session: LinkTokenRecord,
      provider: string,
      code: string,
    ): Promise<ProviderLinkResponse> {
      const connector = connectorOf(session, provider, 'password');
      const sealed = session.state.mfa_pending_sealed;
      if (session.state.status !== 'pending_provider_mfa' || session.state.provider !== provider || !sealed) {
        throw ValidationError.single(
          ['path', 'provider'],
          'No second factor is pending for this provider; sign in with POST /v2/link/provider/password/{provider} first.',
          'value_error',
          provider,
        );
      }
      const pending = JSON.parse(deps.sync.secretBox.open(sealed)) as SealedMfa;
      if (!connector.completeMfa) throw new Error(`${provider} asked for MFA but has no completeMfa()`);
      const { ctx, source } = await contextFor(session, provider);
      try {
        const result = await connector.completeMfa(ctx, pending.pending, code);
        return await afterLogin(session, connector, ctx, source, result);
      } catch (err) {
        return failed(session, provider, err, 'mfa');
      }
    },

    /** Sends the provider's invitation; the connection stays pending until the person accepts it. */
    async email(
      session: LinkTokenRecord,
      provider: string,
      input: { email: string; region?: string },
      loc: string[] = ['path', 'provider'],
    ): Promise<ProviderLinkResponse> {
      const connector = connectorOf(session, provider, 'email', loc);
      const badRegion = regionProblem(connector, input.region);
      if (badRegion) return failed(session, provider, badRegion);
      if (!connector.invite) throw new Error(`${provider} is an e-mail provider without invite()`);
      const { ctx, source } = await contextFor(session, provider);
      try {
        const invited = await connector.invite(ctx, input);
        const tokens = invited.tokens ?? null;
        const externalUserId = invited.externalUserId ?? tokens?.externalUserId ?? null;
        await completeConnection(deps, session, {
          provider,
          authType: 'email',
          tokens,
          credentialSource: source,
          externalUserId,
          status: invited.pending ? 'pending' : 'connected',
        });
        return linkResponse(session, provider, {
          state: 'success',
          connected: !invited.pending,
          providerId: externalUserId,
        });
      } catch (err) {
        return failed(session, provider, err);
      }
    },
  };
}

export type LinkCredentialsService = ReturnType<typeof createLinkCredentialsService>;
