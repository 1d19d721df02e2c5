import {
  EVENT_HUB_NAME_RE,
  parseEventHubsConnectionString,
  redactEventHubsConnectionString,
  redactStoredConnectionString,
} from './event-hubs-connection-string';
import { isAmqpUri, redactAmqpUri } from './rabbitmq-uri';

const KEY = 'c2VjcmV0LWtleS1ub3QtcmVhbA/abc+def=';
const NAMESPACE = `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=${KEY}`;

describe('Event Hubs connection strings', () => {
  it('parses a namespace connection string and redacts the key', () => {
    const parsed = parseEventHubsConnectionString(NAMESPACE);
    expect(parsed).toEqual({
      ok: true,
      value: {
        endpoint: 'sb://acme.servicebus.windows.net/',
        sharedAccessKeyName: 'send',
        sharedAccessKey: KEY,
        entityPath: null,
        useDevelopmentEmulator: null,
      },
    });
    if (!parsed.ok) throw new Error('unreachable');
    expect(redactEventHubsConnectionString(parsed.value)).toBe(
      'Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=***',
    );
  });

  it('keeps EntityPath, the emulator flag and a port, and tolerates spaces and a trailing ;', () => {
    const text = ` Endpoint=sb://localhost:5672 ; SharedAccessKeyName=Root;SharedAccessKey=${KEY};EntityPath=hub.1;UseDevelopmentEmulator=TRUE; `;
    expect(redactStoredConnectionString(text)).toBe(
      'Endpoint=sb://localhost:5672/;SharedAccessKeyName=Root;SharedAccessKey=***;EntityPath=hub.1;UseDevelopmentEmulator=true',
    );
  });

  it('accepts the local emulator form (an address and port, no trailing slash)', () => {
    const text = `Endpoint=sb://127.0.0.1:40123;SharedAccessKeyName=Root;SharedAccessKey=${KEY};UseDevelopmentEmulator=true`;
    expect(redactStoredConnectionString(text)).toBe(
      'Endpoint=sb://127.0.0.1:40123/;SharedAccessKeyName=Root;SharedAccessKey=***;UseDevelopmentEmulator=true',
    );
  });

  it.each([
    ['no Endpoint', `SharedAccessKeyName=send;SharedAccessKey=${KEY}`, 'Endpoint is missing'],
    ['an https endpoint', NAMESPACE.replace('sb://', 'https://'), 'Endpoint must be'],
    ['an endpoint with a path', NAMESPACE.replace('.net/', '.net/hub'), 'Endpoint must be'],
    ['port 0', NAMESPACE.replace('.net/', '.net:0/'), 'port'],
    ['port 70000', NAMESPACE.replace('.net/', '.net:70000/'), 'port'],
    ['no key name', `Endpoint=sb://a.b/;SharedAccessKey=${KEY}`, 'SharedAccessKeyName is missing'],
    ['no key', 'Endpoint=sb://a.b/;SharedAccessKeyName=send', 'SharedAccessKey is missing'],
    ['an empty key', `${NAMESPACE.replace(KEY, '')}`, 'SharedAccessKey is missing'],
    ['a SAS token instead of a key', 'Endpoint=sb://a.b/;SharedAccessSignature=sig', 'unknown key'],
    ['lower-case keys', NAMESPACE.replace('Endpoint', 'endpoint'), 'unknown key'],
    ['a repeated key', `${NAMESPACE};SharedAccessKeyName=other`, 'given twice'],
    ['a part without =', `${NAMESPACE};garbage`, 'Key=value'],
    ['a bad EntityPath', `${NAMESPACE};EntityPath=-hub`, 'EntityPath'],
    ['a bad emulator flag', `${NAMESPACE};UseDevelopmentEmulator=yes`, 'UseDevelopmentEmulator'],
    ['a URL', 'https://acme.servicebus.windows.net', 'Key=value'],
  ])('refuses %s, without quoting the key', (_why, text, reason) => {
    const parsed = parseEventHubsConnectionString(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reason).toContain(reason);
    expect(parsed.reason).not.toContain(KEY);
    expect(redactStoredConnectionString(text)).not.toContain(KEY);
  });

  it('knows the event hub name rules', () => {
    for (const ok of ['a', 'hub', 'Hub_1.events-x', 'a'.repeat(256)])
      expect(EVENT_HUB_NAME_RE.test(ok)).toBe(true);
    for (const bad of ['', '-hub', 'hub-', 'hub.', '_hub', 'has space', 'hüb', 'a/b', 'a'.repeat(257)]) {
      expect(EVENT_HUB_NAME_RE.test(bad)).toBe(false);
    }
  });
});

describe('RabbitMQ URIs', () => {
  it('accepts amqp and amqps only', () => {
    expect(isAmqpUri('amqp://localhost')).toBe(true);
    expect(isAmqpUri('amqps://u:p@rabbit.example.com:5671/vh')).toBe(true);
    for (const bad of ['http://rabbit.example.com', 'amqp://', 'rabbit.example.com', 'not a uri']) {
      expect(isAmqpUri(bad)).toBe(false);
    }
  });

  it('hides the password only', () => {
    expect(redactAmqpUri('amqps://meridian:s3cr3t@rabbit.example.com:5671/prod?heartbeat=10')).toBe(
      'amqps://meridian:***@rabbit.example.com:5671/prod?heartbeat=10',
    );
    expect(redactAmqpUri('amqp://guest@localhost/')).toBe('amqp://guest@localhost/');
    expect(redactAmqpUri('amqp://localhost')).toBe('amqp://localhost');
    expect(redactAmqpUri('not a uri with s3cr3t')).toBe('***');
  });
});
