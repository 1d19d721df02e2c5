/**
 * The audit trail of health-data access (HIPAA 45 CFR 164.312(b)): who called which operation about whom,
 * when, from where and with what answer. Never the data itself (no values, no client_user_id, no query).
 */
import type { Environment } from './tenancy';

/**
 * The kind of credential behind a call; `device_session` is a mobile app's device session (its id, never
 * a token); `system` is work Meridian does on its own (no key).
 */
export const AUDIT_ACTOR_KINDS = [
  'team_api_key',
  'management_key',
  'link_token',
  'device_session',
  'system',
] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audited call, as the API layer records it. */
export interface AuditEvent {
  id: string;
  occurredAt: Date;
  actorKind: AuditActorKind;
  /** The id of the key or link token (never the key). */
  actorKeyId: string | null;
  orgId: string;
  teamId: string | null;
  environment: Environment | null;
  /** The Meridian user the call concerned; null when the call is not about one user. */
  userId: string | null;
  /** The OpenAPI operationId. */
  operation: string;
  action: AuditAction;
  method: string;
  /** The OpenAPI path template, e.g. `/v2/user/{user_id}` (never the concrete path or query). */
  route: string;
  /** The other resource named by id in the path (a job, key, webhook, sleep...). */
  resourceId: string | null;
  status: number;
  clientAddress: string | null;
  requestId: string | null;
}

/** Receives audit events; implementations must not make the caller wait (batching, no I/O in `record`). */
export interface AuditRecorder {
  record(event: AuditEvent): void;
}

/**
 * The event type of the audit trail's export to ETL pipelines: written to the outbox as ETL-only rows (never
 * webhooks, never the events feed), one per team environment and flushed batch, and only for a pipeline whose
 * `event_type_prefixes` explicitly names it (e.g. `audit.`): a pipeline taking every event does not get it.
 */
export const AUDIT_EXPORT_EVENT_TYPE = 'audit.events.recorded';

/** What an HTTP method does to the resource. */
export function auditActionOf(method: string): AuditAction {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'read';
  }
}
