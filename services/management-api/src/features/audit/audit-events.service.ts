import { ValidationError } from '@meridian/domain';
import type { ManagementPrincipal } from '../../auth/principal';
import { requestDateTime, type CursorCodec } from '@meridian/platform';
import { decodeCursor, encodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { AuditEventFilter, AuditEventRow } from './audit-events.repository';

export interface AuditEventQuery {
  userId?: string;
  keyId?: string;
  teamId?: string;
  environment?: AuditEventFilter['environment'];
  start?: string;
  end?: string;
  limit: number;
  nextCursor?: string;
}

function toWire(row: AuditEventRow) {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    actor_kind: row.actor_kind,
    key_id: row.actor_key_id,
    team_id: row.team_id,
    environment: row.environment,
    user_id: row.user_id,
    operation: row.operation,
    action: row.action,
    method: row.method,
    route: row.route,
    resource_id: row.resource_id,
    status: row.status,
    client_address: row.client_address,
    request_id: row.request_id,
  };
}

export function createAuditEventsService(deps: { uow: UnitOfWork<'auditEvents'>; cursors: CursorCodec }) {
  return {
    /**
     * One page of the organization's audit trail, newest first. A Team Management Key sees its bound teams'
     * events only (the guard has already refused a `team_id` outside them).
     */
    async list(principal: ManagementPrincipal, orgId: string, query: AuditEventQuery) {
      const start = query.start === undefined ? undefined : requestDateTime(query.start, ['query', 'start']);
      const end = query.end === undefined ? undefined : requestDateTime(query.end, ['query', 'end']);
      if (start && end && start.getTime() >= end.getTime()) {
        throw ValidationError.single(
          ['query', 'end'],
          'end must be after start',
          'value_error',
          query.end,
          {},
        );
      }
      const scope = listScope('audit-events', orgId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const filter: AuditEventFilter = {
        orgId,
        teamIds: principal.role === 'org_admin' ? undefined : principal.teamIds,
        userId: query.userId?.toLowerCase(),
        keyId: query.keyId?.toLowerCase(),
        teamId: query.teamId?.toLowerCase(),
        environment: query.environment,
        start,
        end,
      };
      const rows = await deps.uow.read(({ auditEvents }) => auditEvents.list(filter, after, query.limit + 1));
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        audit_events: page.map(toWire),
        next_cursor: sealCursor(
          deps.cursors,
          scope,
          rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
        ),
      };
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
