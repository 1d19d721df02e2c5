import {
  formatWireDateTime,
  isResource,
  providerBySlug,
  toProviderObject,
  type FallbackValue,
  type ProviderConnection,
  type ProviderObject,
  type User,
} from '@meridian/domain';
import type { components } from '../../generated/openapi';

/** Domain records → the wire shapes of api-shapes §4.1 (every key present, null when unknown). */

export interface FallbackWire {
  source_slug: string;
  updated_at: string;
}

/** Wire types come from openapi.yaml (generated): the compiler holds the presenter to the document. */
export type UserResponse = components['schemas']['User'];
export type ProviderWithStatusResponse = components['schemas']['ProviderWithStatus'];

interface ScopeSet {
  required: string[];
  optional: string[];
}

export interface ResourceAvailabilityWire {
  status: 'available' | 'unavailable';
  scope_requirements: { user_granted: ScopeSet; user_denied: ScopeSet } | null;
}

type ConnectionErrorType = NonNullable<ProviderWithStatusResponse['error_details']>['error_type'];

const CONNECTION_ERROR_TYPES: ReadonlySet<string> = new Set<ConnectionErrorType>([
  'token_refresh_failed',
  'webhook_registration_failed',
  'user_not_found',
  'deregistered_per_provider',
  'required_scopes_not_granted',
  'provider_credential_error',
  'provider_password_expired',
  'unknown',
]);

/** Meridian emits UTC date-times with an explicit `+00:00` offset (api-shapes "How to read" 7). */
export function wireDateTime(d: Date): string {
  return formatWireDateTime(d);
}

/** The catalog's Provider object; a slug that left the catalog keeps its slug as name and no logo. */
export function providerObjectFor(slug: string): ProviderObject {
  const info = providerBySlug(slug);
  return info ? toProviderObject(info) : { name: slug, slug, logo: '' };
}

function fallbackWire(v: FallbackValue<string>): FallbackWire {
  return { source_slug: v.sourceSlug, updated_at: wireDateTime(v.updatedAt) };
}

export function toUserResponse(user: User, connections: readonly ProviderConnection[]): UserResponse {
  const tz = user.fallbackTimeZone;
  const birth = user.fallbackBirthDate;
  return {
    user_id: user.id,
    team_id: user.teamId,
    client_user_id: user.clientUserId,
    created_on: wireDateTime(user.createdOn),
    connected_sources: connections.map((c) => {
      const provider = providerObjectFor(c.provider);
      return { provider, source: { ...provider }, created_on: wireDateTime(c.createdOn) };
    }),
    fallback_time_zone: tz ? { id: tz.value, ...fallbackWire(tz) } : null,
    fallback_birth_date: birth ? { value: birth.value, ...fallbackWire(birth) } : null,
    ingestion_start: user.ingestionStart,
    ingestion_end: user.ingestionEnd,
  };
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

function scopeSet(v: unknown): ScopeSet {
  const o = (v ?? {}) as Record<string, unknown>;
  return { required: stringList(o.required), optional: stringList(o.optional) };
}

function scopeRequirements(v: unknown): ResourceAvailabilityWire['scope_requirements'] {
  if (v === null || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  return { user_granted: scopeSet(o.user_granted), user_denied: scopeSet(o.user_denied) };
}

/** Keeps what the connection recorded, limited to known resources and the documented shape. */
export function resourceAvailabilityWire(
  raw: Record<string, unknown>,
): Record<string, ResourceAvailabilityWire> {
  const out: Record<string, ResourceAvailabilityWire> = {};
  for (const [resource, value] of Object.entries(raw)) {
    if (!isResource(resource) || value === null || typeof value !== 'object') continue;
    const { status, scope_requirements } = value as Record<string, unknown>;
    if (status !== 'available' && status !== 'unavailable') continue;
    out[resource] = { status, scope_requirements: scopeRequirements(scope_requirements) };
  }
  return out;
}

function errorDetailsWire(c: ProviderConnection): ProviderWithStatusResponse['error_details'] {
  if (c.status !== 'error') return null;
  const d = c.errorDetails;
  const erroredAt = d?.errored_at ? new Date(d.errored_at) : c.createdOn;
  return {
    error_type:
      d && CONNECTION_ERROR_TYPES.has(d.error_type) ? (d.error_type as ConnectionErrorType) : 'unknown',
    error_message: d?.error_message ?? 'The connection reported an error.',
    errored_at: wireDateTime(Number.isNaN(erroredAt.getTime()) ? c.createdOn : erroredAt),
  };
}

export function toProviderWithStatus(c: ProviderConnection): ProviderWithStatusResponse {
  return {
    ...providerObjectFor(c.provider),
    created_on: wireDateTime(c.createdOn),
    status: c.status,
    external_user_id: c.externalUserId,
    error_details: errorDetailsWire(c),
    resource_availability: resourceAvailabilityWire(c.resourceAvailability),
  };
}
