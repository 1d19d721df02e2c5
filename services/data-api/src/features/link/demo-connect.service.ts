import {
  DEMO_HISTORICAL_PULL_TASK,
  DEMO_HISTORY_DAYS,
  demoResourcesFor,
  type DemoProvider,
  type DemoPullTaskData,
} from '@meridian/demo-data';
import {
  eventEnvelope,
  ForbiddenError,
  isIanaTimeZone,
  NotFoundError,
  providerBySlug,
  toProviderObject,
  type TeamScope,
} from '@meridian/domain';
import { createMessage, type Transport } from '@meridian/messaging';
import { contextHeaders, currentContext, type Logger } from '@meridian/platform';
import type { UnitOfWork } from '../unit-of-work';
import type { DemoUser } from './demo-connections.repository';

/**
 * `POST /v2/link/connect/demo`: records a sandbox connection to a demo provider, schedules its historical
 * pull and announces it, all in one transaction; then asks the scheduler to start the pull at once (the
 * scheduler's sweep starts it anyway if that message is lost).
 */

export const DEMO_SANDBOX_ONLY = 'demo connections are available in the sandbox environment only';
const USER_NOT_FOUND = 'No user with this id in this team environment.';
const DAY_MS = 86_400_000;

export interface DemoConnectDeps {
  uow: UnitOfWork<'demoConnections' | 'outbox'>;
  clock: () => Date;
  transport?: Pick<Transport, 'publish'>;
  logger?: Logger;
}

export interface DemoConnectResult {
  created: boolean;
  detail: string;
}

type ResourceAvailability = Record<string, { status: 'available'; scope_requirements: null }>;

function availabilityOf(provider: DemoProvider): ResourceAvailability {
  const info = providerBySlug(provider);
  if (!info) throw new Error(`${provider} is not in the provider catalog`);
  return Object.fromEntries(
    info.supportedResources.map((r) => [r, { status: 'available', scope_requirements: null }]),
  );
}

function connectionCreatedEvent(user: DemoUser, provider: DemoProvider, availability: ResourceAvailability) {
  const info = providerBySlug(provider);
  if (!info) throw new Error(`${provider} is not in the provider catalog`);
  const providerObject = toProviderObject(info);
  return {
    teamId: user.teamId,
    environment: user.environment,
    userId: user.id,
    envelope: eventEnvelope(
      'provider.connection.created',
      {
        user_id: user.id,
        provider: providerObject,
        source: { ...providerObject },
        external_user_id: null,
        resource_availability: availability,
      },
      { userId: user.id, clientUserId: user.clientUserId, teamId: user.teamId },
    ),
  };
}

export function createDemoConnectService(deps: DemoConnectDeps) {
  async function requestPull(data: DemoPullTaskData): Promise<void> {
    if (!deps.transport) return;
    try {
      await deps.transport.publish(
        DEMO_HISTORICAL_PULL_TASK,
        createMessage(DEMO_HISTORICAL_PULL_TASK, data),
        {
          headers: contextHeaders(),
        },
      );
    } catch (err) {
      deps.logger?.warn('could not request the demo historical pull; the scheduler sweep starts it', { err });
    }
  }

  return {
    async connect(scope: TeamScope, userId: string, provider: DemoProvider): Promise<DemoConnectResult> {
      if (scope.environment !== 'sandbox') throw new ForbiddenError('forbidden', DEMO_SANDBOX_ONLY);
      const now = deps.clock();
      const created = await deps.uow.write(async ({ demoConnections: repo, outbox }) => {
        const user = await repo.lockActiveUser(scope, userId);
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        const availability = availabilityOf(provider);
        const connectionId = await repo.insertConnection({
          userId: user.id,
          provider,
          resourceAvailability: availability,
          createdOn: now,
        });
        if (!connectionId) return false;
        const tz = user.fallbackTimeZone;
        await repo.insertDemoState({
          connectionId,
          userId: user.id,
          provider,
          timeZone: tz !== null && isIanaTimeZone(tz) ? tz : 'UTC',
          syncedUntil: now,
        });
        await repo.schedulePulls({
          userId: user.id,
          provider,
          resources: demoResourcesFor(user.id, provider),
          rangeStart: new Date(now.getTime() - DEMO_HISTORY_DAYS * DAY_MS),
          rangeEnd: now,
          scheduledAt: now,
          traceId: currentContext()?.traceId ?? null,
        });
        await outbox.append([connectionCreatedEvent(user, provider, availability)]);
        return true;
      });
      if (!created) {
        return {
          created,
          detail: `The user is already connected to ${provider}; nothing changed (no new historical pull).`,
        };
      }
      await requestPull({ user_id: userId, provider });
      return {
        created,
        detail: `Connected the demo ${provider} provider: a historical pull of the last ${DEMO_HISTORY_DAYS} days is scheduled; new data follows about every 15 minutes.`,
      };
    },
  };
}

export type DemoConnectService = ReturnType<typeof createDemoConnectService>;
