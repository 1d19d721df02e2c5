import type { Knex } from '@meridian/db';
import type { AuditActorKind, AuditAction, Environment } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';

/** What an operator may filter the audit trail by; `teamIds` (a Team Management Key's teams) always applies. */
export interface AuditEventFilter {
  orgId: string;
  /** Only these teams (never org-level events); undefined = the whole organization. */
  teamIds?: readonly string[];
  userId?: string;
  keyId?: string;
  teamId?: string;
  environment?: Environment;
  start?: Date;
  end?: Date;
}

export interface AuditEventRow {
  id: string;
  cursor_at: string;
  occurred_at: Date;
  actor_kind: AuditActorKind;
  actor_key_id: string | null;
  team_id: string | null;
  environment: Environment | null;
  user_id: string | null;
  operation: string;
  action: AuditAction;
  method: string;
  route: string;
  resource_id: string | null;
  status: number;
  client_address: string | null;
  request_id: string | null;
}

/** Reads of the audit trail (writes go through the batched writer of `@meridian/db`). */
export function createAuditEventsRepository(db: Knex) {
  return {
    /** Newest first, strictly before `after` in (occurred_at, id) order; `limit` rows at most. */
    async list(
      filter: AuditEventFilter,
      after: KeysetPosition | undefined,
      limit: number,
    ): Promise<AuditEventRow[]> {
      const q = db('audit_events')
        .where('org_id', filter.orgId)
        .select(
          'id',
          db.raw(`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`),
          'occurred_at',
          'actor_kind',
          'actor_key_id',
          'team_id',
          'environment',
          'user_id',
          'operation',
          'action',
          'method',
          'route',
          'resource_id',
          'status',
          db.raw('host(client_address) as client_address'),
          'request_id',
        )
        .orderBy([
          { column: 'occurred_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
      if (filter.teamIds) q.whereIn('team_id', [...filter.teamIds]);
      if (filter.teamId) q.where('team_id', filter.teamId);
      if (filter.userId) q.where('user_id', filter.userId);
      if (filter.keyId) q.where('actor_key_id', filter.keyId);
      if (filter.environment) q.where('environment', filter.environment);
      if (filter.start) q.where('occurred_at', '>=', filter.start);
      if (filter.end) q.where('occurred_at', '<', filter.end);
      if (after) q.whereRaw('(occurred_at, id) < (?::timestamptz, ?::uuid)', [after.at, after.id]);
      return q;
    },
  };
}

export type AuditEventsRepository = ReturnType<typeof createAuditEventsRepository>;
