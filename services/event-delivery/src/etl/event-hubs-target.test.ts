import { createTargetAllowList, type HostResolver } from '@meridian/platform';
import { checkEventHubsTarget, endpointHost } from './event-hubs-target';

const KEY = 'c2VjcmV0LWtleS1ub3QtcmVhbA==';
const at = (endpoint: string) => `Endpoint=${endpoint};SharedAccessKeyName=send;SharedAccessKey=${KEY}`;

const DNS: Record<string, string[]> = {
  'ns.servicebus.windows.net': ['20.42.65.92'],
  'rebound.example.com': ['20.42.65.92', '::ffff:192.168.0.9'],
  'bench.example.com': ['198.19.0.1'],
  localhost: ['127.0.0.1', '::1'],
};
const resolveHost: HostResolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const strict = { allowList: createTargetAllowList([]), resolveHost };

describe('Event Hubs endpoint SSRF check at delivery', () => {
  it.each([
    ['sb://127.0.0.1:5672/', 'loopback'],
    ['sb://2130706433/', 'loopback'],
    ['sb://0x7f000001/', 'loopback'],
    ['sb://0177.0.0.1/', 'loopback'],
    ['sb://127.1:5671', 'loopback'],
    ['sb://[::127.0.0.1]/', 'reserved'],
    ['sb://[::ffff:169.254.169.254]/', 'link-local'],
    ['sb://[64:ff9b::a00:1]/', 'private'],
    ['sb://[2002:c0a8:1::]/', 'private'],
    ['sb://[2001:db8::5]/', 'reserved'],
    ['sb://203.0.113.1/', 'reserved'],
    ['sb://rebound.example.com/', 'private'],
    ['sb://bench.example.com/', 'reserved'],
    ['sb://localhost:5672', 'loopback'],
  ])('refuses %s for good (%s)', async (endpoint, reason) => {
    expect(await checkEventHubsTarget(at(endpoint), strict)).toEqual({
      ok: false,
      permanent: true,
      error: `TargetRefusedError: the Event Hubs endpoint address is ${reason}`,
    });
  });

  it.each(['sb://ns.servicebus.windows.net/', 'sb://20.42.65.92:5671/', 'sb://[2603:1030:20e:3::23c]/'])(
    'lets the public endpoint %s through',
    async (endpoint) => {
      expect(await checkEventHubsTarget(at(endpoint), strict)).toBeNull();
    },
  );

  it('lets an allow-listed emulator through (WEBHOOK_ALLOWED_TARGETS)', async () => {
    const local = { allowList: createTargetAllowList(['localhost']), resolveHost };
    expect(await checkEventHubsTarget(at('sb://localhost:5672'), local)).toBeNull();
    const byAddress = { allowList: createTargetAllowList(['127.0.0.1']), resolveHost };
    expect(await checkEventHubsTarget(at('sb://127.0.0.1:5672'), byAddress)).toBeNull();
    expect(await checkEventHubsTarget(at('sb://2130706433:5672'), byAddress)).toBeNull();
  });

  it('retries a host that does not resolve, and refuses a connection string without an Endpoint', async () => {
    expect(await checkEventHubsTarget(at('sb://gone.example.com/'), strict)).toEqual({
      ok: false,
      error: 'TargetUnresolvedError: gone.example.com does not resolve',
    });
    expect(
      await checkEventHubsTarget(`SharedAccessKeyName=send;SharedAccessKey=${KEY}`, strict),
    ).toMatchObject({ ok: false, permanent: true, error: expect.stringMatching(/^ConfigurationError: /) });
  });

  it('reads the Endpoint host as written', () => {
    expect(endpointHost(at('sb://NS.servicebus.windows.net:5671/'))).toBe('NS.servicebus.windows.net');
    expect(endpointHost(at('sb://[::1]/'))).toBe('[::1]');
    expect(endpointHost(at('sb://2130706433/'))).toBe('2130706433');
    expect(endpointHost('Endpoint=not a url')).toBeNull();
  });
});
