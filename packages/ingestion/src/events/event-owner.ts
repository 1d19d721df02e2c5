import type { OutboxEvent } from '@meridian/db';
import { eventEnvelope } from '@meridian/domain';
import type { IngestionUser } from '../storage/ingestion-user.repository';

/** An outbox event of `user` (envelope with user_id, client_user_id, team_id at top level). */
export function userEvent(user: IngestionUser, eventType: string, data: unknown): OutboxEvent {
  return {
    teamId: user.teamId,
    environment: user.environment,
    userId: user.id,
    envelope: eventEnvelope(eventType, data, {
      userId: user.id,
      clientUserId: user.clientUserId,
      teamId: user.teamId,
    }),
  };
}
