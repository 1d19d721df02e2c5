import {
  eventEnvelope,
  NotFoundError,
  providerBySlug,
  toProviderObject,
  ValidationError,
  type ProviderInfo,
  type TeamScope,
} from '@meridian/domain';
import { USER_NOT_FOUND } from '../users/users.service';
import type { UnitOfWork } from '../unit-of-work';
import type { DemoUser } from './demo-connections.repository';
import type { LinkDeps } from './link-deps';

/**
 * `POST /v2/link/provider/manual/{provider}`: records a connection to a manual-type provider (catalog auth
 * type `app`: data the integrator pushes itself), so it shows among the user's connected sources. Nothing is
 * fetched, so there are no tokens, streams or pulls; `provider.connection.created` is written once.
 */

function connectionCreatedEvent(
  user: DemoUser,
  info: ProviderInfo,
  externalUserId: string | null,
  availability: object,
) {
  const provider = toProviderObject(info);
  return {
    teamId: user.teamId,
    environment: user.environment,
    userId: user.id,
    envelope: eventEnvelope(
      'provider.connection.created',
      {
        user_id: user.id,
        provider,
        source: { ...provider },
        external_user_id: externalUserId,
        resource_availability: availability,
      },
      { userId: user.id, clientUserId: user.clientUserId, teamId: user.teamId },
    ),
  };
}

export function createLinkManualService(
  deps: Pick<LinkDeps, 'clock'> & { uow: UnitOfWork<'demoConnections' | 'linkConnections' | 'outbox'> },
) {
  return {
    async connect(
      scope: TeamScope,
      provider: string,
      input: { user_id: string; provider_id?: string },
    ): Promise<void> {
      const info = providerBySlug(provider);
      if (info?.authType !== 'app') {
        throw ValidationError.single(
          ['path', 'provider'],
          'Not a manual provider (auth_type app); see GET /v2/providers.',
          'value_error',
          provider,
        );
      }
      const externalUserId = input.provider_id ?? null;
      const availability = Object.fromEntries(
        info.supportedResources.map((r) => [r, { status: 'available', scope_requirements: null }]),
      );
      await deps.uow.write(async ({ demoConnections, linkConnections, outbox }) => {
        // The user's row lock keeps a concurrent DELETE of the user from interleaving.
        const user = await demoConnections.lockActiveUser(scope, input.user_id);
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        const inserted = await linkConnections.insertManualConnection({
          userId: user.id,
          provider,
          externalUserId,
          resourceAvailability: availability,
          now: deps.clock(),
        });
        if (!inserted) return;
        await outbox.append([connectionCreatedEvent(user, info, externalUserId, availability)]);
      });
    },
  };
}
