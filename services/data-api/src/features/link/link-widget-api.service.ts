import type { TeamScope } from '@meridian/domain';
import { teamEnvLinkSettings } from '../team/team-env-settings';
import type { components } from '../../generated/openapi';
import type { UnitOfWork } from '../unit-of-work';
import { linkableConnectors, toLinkProviderDetailed, toLinkSource } from './link-providers';
import type { LinkTokenRecord } from './link-tokens.repository';

/** What the hosted widget reads about its link session (link contract: start, state, providers). */

export type LinkState = components['schemas']['LinkState'];
export type LinkStart = components['schemas']['LinkStart'];

export function linkStateOf(session: LinkTokenRecord): LinkState {
  const s = session.state;
  return {
    status: s.status ?? (session.consumedAt ? 'connected' : 'pending'),
    provider: s.provider ?? session.provider,
    error_type: s.error_type ?? null,
    error: s.error ?? null,
    provider_mfa: s.provider_mfa ?? null,
    connected_providers: s.connected_providers ?? [],
  };
}

export function createLinkWidgetApiService(deps: { uow: UnitOfWork<'teams'> }) {
  return {
    async start(session: LinkTokenRecord): Promise<LinkStart> {
      const team = await deps.uow.read(({ teams }) => teams.findById(session.teamId));
      const settings = teamEnvLinkSettings(team?.settings, session.environment);
      return {
        team: {
          name: team?.name ?? '',
          brand_information: settings.brandInformation,
          logo_url: settings.logoUrl,
        },
        environment: session.environment,
        providers: linkableConnectors(session.filterOnProviders).map((c) => toLinkSource(c)),
        provider: session.provider,
        redirect_url: session.redirectUrl,
        on_error: session.onError,
        on_close: session.onClose,
        state: linkStateOf(session),
      };
    },

    /** `GET /v2/link/providers`: the token's filter applies; a team API key sees every linkable provider. */
    providers(filter: readonly string[] | null) {
      return linkableConnectors(filter).map(toLinkProviderDetailed);
    },

    scopeOf(session: LinkTokenRecord): TeamScope {
      return { teamId: session.teamId, environment: session.environment };
    },
  };
}
