import { gzipSync } from 'node:zlib';

/**
 * The Azure Event Hubs destination's rules (api-shapes §7.4): which events a pipeline takes, which hub
 * each goes to, how its body is encoded and which application properties it carries.
 */

export type EtlCompression = 'auto' | 'always';

export interface EventHubMatcher {
  event_type_prefix: string;
  event_hub: string;
}

/** The non-secret `azure_amqp` block as stored (the connection string is sealed separately). */
export interface AzureAmqpSettings {
  default_event_hub: string;
  event_hub_matchers: EventHubMatcher[] | null;
  compression?: EtlCompression | null;
}

/** `auto` compresses bodies of at least this many bytes ("bodies under 1 KiB uncompressed"). */
export const AUTO_GZIP_MIN_BYTES = 1024;

/** `event_type_prefixes`: null = every event; else the event type must start with one of them. */
export function acceptsEventType(prefixes: readonly string[] | null, eventType: string): boolean {
  return prefixes === null || prefixes.some((p) => eventType.startsWith(p));
}

/** The first matcher whose prefix starts the event type wins; otherwise the default hub. */
export function routeEventHub(settings: AzureAmqpSettings, eventType: string): string {
  const match = (settings.event_hub_matchers ?? []).find((m) => eventType.startsWith(m.event_type_prefix));
  return match?.event_hub ?? settings.default_event_hub;
}

/** The envelope bytes, gzipped under `always`, or under `auto` when they reach 1 KiB. */
export function encodeBody(
  envelopeJson: string,
  compression: EtlCompression | null | undefined,
): { body: Buffer; gzip: boolean } {
  const raw = Buffer.from(envelopeJson, 'utf8');
  const gzip = compression === 'always' || raw.length >= AUTO_GZIP_MIN_BYTES;
  return { body: gzip ? gzipSync(raw) : raw, gzip };
}

/** Exactly the listed properties; `content-encoding` only when gzipped, `user-id` only for user events. */
export function messageProperties(message: {
  id: string;
  eventType: string;
  userId: string | null;
  teamId: string;
  gzip: boolean;
}): Record<string, string> {
  return {
    'event-type': message.eventType,
    ...(message.userId !== null ? { 'user-id': message.userId } : {}),
    'team-id': message.teamId,
    ...(message.gzip ? { 'content-encoding': 'gzip' } : {}),
    'idempotency-key': message.id,
  };
}
