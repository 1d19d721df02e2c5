/**
 * Azure Event Hubs connection strings (api-shapes §7.4): parsed strictly so a pipeline that cannot connect is
 * refused at upsert, and shown only redacted. Keys are case-sensitive, as the Azure SDK reads them.
 */

/** Event hub names: 1–256 letters, digits, `.`, `-`, `_`, starting and ending with a letter or digit. */
export const EVENT_HUB_NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,254}[A-Za-z0-9])?$/;

export interface EventHubsConnectionString {
  /** `sb://host[:port]/`, normalised with the trailing slash. */
  endpoint: string;
  sharedAccessKeyName: string;
  sharedAccessKey: string;
  /** The hub a hub-scoped key is limited to; null for a namespace key. */
  entityPath: string | null;
  /** `UseDevelopmentEmulator` as given (`true`/`false`), null when absent. */
  useDevelopmentEmulator: boolean | null;
}

export type ParsedConnectionString =
  { ok: true; value: EventHubsConnectionString } | { ok: false; reason: string };

const KEYS = [
  'Endpoint',
  'SharedAccessKeyName',
  'SharedAccessKey',
  'EntityPath',
  'UseDevelopmentEmulator',
] as const;
type Key = (typeof KEYS)[number];

const HOST = String.raw`(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])`;
const ENDPOINT_RE = new RegExp(`^sb://(${HOST})(?::(\\d{1,5}))?/?$`);

const fail = (reason: string): ParsedConnectionString => ({ ok: false, reason });

function splitPairs(text: string): Map<Key, string> | string {
  const pairs = new Map<Key, string>();
  for (const raw of text.split(';')) {
    const part = raw.trim();
    if (part === '') continue;
    const cut = part.indexOf('=');
    if (cut <= 0) return 'every part must be Key=value';
    const key = part.slice(0, cut).trim();
    if (!(KEYS as readonly string[]).includes(key)) return `unknown key (allowed: ${KEYS.join(', ')})`;
    if (pairs.has(key as Key)) return `${key} is given twice`;
    pairs.set(key as Key, part.slice(cut + 1).trim());
  }
  return pairs;
}

/** Reasons never quote values: they may hold the key. */
export function parseEventHubsConnectionString(text: string): ParsedConnectionString {
  const pairs = splitPairs(text);
  if (typeof pairs === 'string') return fail(pairs);
  const endpoint = pairs.get('Endpoint');
  const name = pairs.get('SharedAccessKeyName');
  const key = pairs.get('SharedAccessKey');
  if (!endpoint) return fail('Endpoint is missing');
  const match = ENDPOINT_RE.exec(endpoint);
  if (!match) return fail('Endpoint must be sb://<host>[:<port>]/');
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return fail('the Endpoint port must be 1-65535');
  if (!name) return fail('SharedAccessKeyName is missing');
  if (name.length > 256 || /\s/.test(name))
    return fail('SharedAccessKeyName must be 1-256 characters, no spaces');
  if (!key) return fail('SharedAccessKey is missing');
  if (key.length > 1024 || /\s/.test(key))
    return fail('SharedAccessKey must be 1-1024 characters, no spaces');
  const entityPath = pairs.get('EntityPath');
  if (entityPath !== undefined && !EVENT_HUB_NAME_RE.test(entityPath)) {
    return fail('EntityPath must be an event hub name');
  }
  const emulator = pairs.get('UseDevelopmentEmulator')?.toLowerCase();
  if (emulator !== undefined && emulator !== 'true' && emulator !== 'false') {
    return fail('UseDevelopmentEmulator must be true or false');
  }
  return {
    ok: true,
    value: {
      endpoint: `sb://${match[1]}${port === undefined ? '' : `:${port}`}/`,
      sharedAccessKeyName: name,
      sharedAccessKey: key,
      entityPath: entityPath ?? null,
      useDevelopmentEmulator: emulator === undefined ? null : emulator === 'true',
    },
  };
}

/** The connection string as the API shows it: everything but the key, which is `***`. */
export function redactEventHubsConnectionString(cs: EventHubsConnectionString): string {
  const parts = [
    `Endpoint=${cs.endpoint}`,
    `SharedAccessKeyName=${cs.sharedAccessKeyName}`,
    'SharedAccessKey=***',
  ];
  if (cs.entityPath !== null) parts.push(`EntityPath=${cs.entityPath}`);
  if (cs.useDevelopmentEmulator !== null) parts.push(`UseDevelopmentEmulator=${cs.useDevelopmentEmulator}`);
  return parts.join(';');
}

/** Redacts a stored (hence valid) connection string; anything unparsable is shown as `***` whole. */
export function redactStoredConnectionString(text: string): string {
  const parsed = parseEventHubsConnectionString(text);
  return parsed.ok ? redactEventHubsConnectionString(parsed.value) : '***';
}
