import {
  checkTargetHost,
  createTargetAllowList,
  forbiddenReason,
  parseAllowedTargets,
  targetHostOf,
  type HostResolver,
} from './target-address';

/**
 * Every address that is not plain globally routable unicast, with the reason the SSRF check gives. Each one
 * is tried as a resolved address, as the host of an https URL and of an sb:// URL (which the URL parser
 * does not normalise), and as what a public-looking name resolves to.
 */
const FORBIDDEN: [string, string][] = [
  // IPv4
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['127.0.0.1', 'loopback'],
  ['127.8.8.8', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['169.254.1.1', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['198.18.0.1', 'reserved'],
  ['198.19.255.254', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.99', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001:db8:ffff::1', 'reserved'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['100::1', 'discard-only'],
  ['3fff::1', 'reserved'],
  ['::ffff:0:7f00:1', 'IPv4-translated'],
  ['64:ff9b:1::a00:1', 'NAT64 local-use'],
  // IPv4-compatible (deprecated), in both spellings
  ['::127.0.0.1', 'reserved'],
  ['::7f00:1', 'reserved'],
  ['::8.8.8.8', 'reserved'],
  ['1::', 'reserved'],
  // IPv4-mapped IPv6 of every refused IPv4 range, dotted and hex
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:a00:1', 'private'],
  ['::ffff:172.16.0.1', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:100.64.0.1', 'carrier-grade NAT'],
  ['::ffff:198.18.0.1', 'reserved'],
  ['::ffff:192.0.2.1', 'reserved'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:224.0.0.1', 'multicast'],
  ['::ffff:255.255.255.255', 'broadcast'],
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::169.254.169.254', 'link-local'],
  ['64:ff9b::c612:1', 'reserved'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:a00:1::1', 'private'],
  ['2002:a9fe:a9fe::', 'link-local'],
  ['2002:c000:0201::1', 'reserved'],
];

/** Public addresses, in the same forms: they must pass. */
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '198.20.0.1',
  '2606:4700::1111',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

/** IPv4 spellings a resolver (and the URL parser of http/https) reads as 127.0.0.1 or 10.0.0.1. */
const SPELLINGS: [string, string][] = [
  ['2130706433', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['0x7F000001', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['0177.0.0.01', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['167772161', '10.0.0.1'],
  ['012.0.0.1', '10.0.0.1'],
  ['0xa.0.0.1', '10.0.0.1'],
];

const denyAll = createTargetAllowList([]);
const noDns: HostResolver = async (host) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};
/** A public-looking name that resolves to `address` (DNS pointing at an internal address). */
const dnsTo =
  (address: string): HostResolver =>
  async (host) => {
    if (host === 'hooks.example.com') return [address];
    return noDns(host);
  };
const check = (host: string, resolve: HostResolver = noDns, allowList = denyAll) =>
  checkTargetHost(host, { allowList, resolve });
const bracket = (address: string) => (address.includes(':') ? `[${address.replace('%', '%25')}]` : address);

describe('target addresses', () => {
  describe('forbiddenReason (resolved addresses)', () => {
    it.each(FORBIDDEN)('refuses %s (%s)', (address, reason) => {
      expect(forbiddenReason(address)).toBe(reason);
    });

    it.each(SPELLINGS)('reads %s as %s', (spelling, plain) => {
      expect(forbiddenReason(spelling)).toBe(forbiddenReason(plain));
      expect(forbiddenReason(spelling)).not.toBeNull();
    });

    it.each(PUBLIC)('accepts the public address %s', (address) => {
      expect(forbiddenReason(address)).toBeNull();
    });

    it('accepts brackets and treats what is not an address as forbidden', () => {
      expect(forbiddenReason('[::1]')).toBe('loopback');
      expect(forbiddenReason('[2606:4700::1111]')).toBeNull();
      expect(forbiddenReason('example.com')).toBe('not an IP address');
      expect(forbiddenReason('256.1.1.1')).toBe('not an IP address');
      expect(forbiddenReason('')).toBe('not an IP address');
    });
  });

  describe('targetHostOf', () => {
    it.each(SPELLINGS)('writes the host %s as %s', (spelling, plain) => {
      expect(targetHostOf(spelling)).toBe(plain);
    });

    it('writes IPv6 hosts without brackets in their plain form, and lower-cases names', () => {
      expect(targetHostOf('[::127.0.0.1]')).toBe('::7f00:1');
      expect(targetHostOf('[0:0:0:0:0:ffff:7f00:1]')).toBe('::ffff:7f00:1');
      expect(targetHostOf('[2606:4700:0:0::1111]')).toBe('2606:4700::1111');
      expect(targetHostOf('Hooks.Example.COM')).toBe('hooks.example.com');
    });
  });

  describe('checkTargetHost', () => {
    it.each(FORBIDDEN.filter(([a]) => !a.includes('%')))(
      'refuses %s as the host of https and sb:// URLs (%s)',
      async (address, reason) => {
        for (const url of [`https://${bracket(address)}/hook`, `sb://${bracket(address)}:5671/`]) {
          const verdict = await check(new URL(url).hostname);
          expect({ url, verdict }).toEqual({
            url,
            verdict: expect.objectContaining({ ok: false, problem: 'forbidden', reason }),
          });
        }
      },
    );

    it.each(FORBIDDEN)('refuses a name that resolves to %s (%s)', async (address, reason) => {
      expect(await check('hooks.example.com', dnsTo(address))).toEqual({
        ok: false,
        host: 'hooks.example.com',
        problem: 'forbidden',
        reason,
      });
    });

    it.each([
      ['http://2130706433/', 'loopback'],
      ['http://0x7f000001/', 'loopback'],
      ['http://0177.0.0.1/', 'loopback'],
      ['http://127.1/', 'loopback'],
      ['https://[::127.0.0.1]/', 'reserved'],
      ['https://[::ffff:127.0.0.1]/', 'loopback'],
      ['https://[64:ff9b::127.0.0.1]/', 'loopback'],
      ['https://[2002:7f00:1::]/', 'loopback'],
      ['sb://2130706433/', 'loopback'],
      ['sb://0x7f000001:5671/', 'loopback'],
      ['sb://0177.0.0.1/', 'loopback'],
      ['sb://127.1/', 'loopback'],
      ['sb://0x7f.1/', 'loopback'],
      ['sb://[::127.0.0.1]/', 'reserved'],
      ['amqps://user:pw@2130706433:5671/vhost', 'loopback'],
      ['sb://167772161/', 'private'],
    ])('refuses %s without resolving it (%s)', async (url, reason) => {
      const resolve = jest.fn(noDns);
      const verdict = await check(new URL(url).hostname, resolve);
      expect(verdict).toMatchObject({ ok: false, problem: 'forbidden', reason });
      expect(resolve).not.toHaveBeenCalled();
    });

    it.each(PUBLIC)('lets the public address %s through, as a literal and resolved', async (address) => {
      expect(await check(new URL(`https://${bracket(address)}/`).hostname)).toMatchObject({
        ok: true,
        allowListed: false,
      });
      expect(await check('hooks.example.com', dnsTo(address))).toEqual({
        ok: true,
        host: 'hooks.example.com',
        addresses: [address],
        allowListed: false,
      });
    });

    it('refuses a name when any one of its addresses is forbidden', async () => {
      const resolve: HostResolver = async () => ['93.184.216.34', '2606:4700::1111', '::ffff:10.0.0.7'];
      expect(await check('sneaky.example.com', resolve)).toMatchObject({ ok: false, reason: 'private' });
    });

    it('answers unresolved for a name that does not resolve or has no address', async () => {
      expect(await check('nowhere.example.com')).toEqual({
        ok: false,
        host: 'nowhere.example.com',
        problem: 'unresolved',
      });
      expect(await check('empty.example.com', async () => [])).toMatchObject({ problem: 'unresolved' });
    });

    it('lets the allow-list through, in every spelling of a listed address', async () => {
      const allowList = createTargetAllowList(['127.0.0.1', 'emulator.internal', '10.1.0.0/16']);
      for (const [host, address] of [
        ['127.0.0.1', '127.0.0.1'],
        ['2130706433', '127.0.0.1'],
        ['0x7f000001', '127.0.0.1'],
        ['127.1', '127.0.0.1'],
        ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
      ]) {
        expect(await check(host!, noDns, allowList)).toEqual({
          ok: true,
          host: address,
          addresses: [address],
          allowListed: true,
        });
      }
      const internal: HostResolver = async () => ['10.9.9.9'];
      expect(await check('Emulator.Internal', internal, allowList)).toMatchObject({
        ok: true,
        allowListed: true,
      });
      expect(await check('127.0.0.2', noDns, allowList)).toMatchObject({ ok: false, reason: 'loopback' });
      expect(await check('[::7f00:1]', noDns, allowList)).toMatchObject({ ok: false, reason: 'reserved' });
      expect(await check('sb.example.com', async () => ['10.1.4.4'], allowList)).toMatchObject({
        ok: true,
        allowListed: true,
      });
    });
  });

  describe('allow-list', () => {
    const allowList = createTargetAllowList(
      parseAllowedTargets(' 127.0.0.1, hooks.internal ,10.1.0.0/16,fd00::/8,,'),
    );

    it('allows a listed host name whatever it resolves to', () => {
      expect(allowList.allows('hooks.internal', ['10.9.9.9'])).toBe(true);
      expect(allowList.allows('HOOKS.internal', ['10.9.9.9'])).toBe(true);
    });

    it('allows when every address is a listed address or inside a listed CIDR', () => {
      expect(allowList.allows('127.0.0.1', ['127.0.0.1'])).toBe(true);
      expect(allowList.allows('a.test', ['10.1.2.3', '::ffff:10.1.9.9'])).toBe(true);
      expect(allowList.allows('a.test', ['::ffff:a01:909'])).toBe(true);
      expect(allowList.allows('a.test', ['fd00::5'])).toBe(true);
      expect(allowList.allows('a.test', ['10.1.2.3', '10.2.0.1'])).toBe(false);
      expect(allowList.allows('a.test', ['127.0.0.2'])).toBe(false);
      expect(allowList.allows('a.test', ['not-an-address'])).toBe(false);
      expect(allowList.allows('a.test', [])).toBe(false);
    });

    it('allows nothing when empty, and refuses malformed CIDRs', () => {
      expect(createTargetAllowList([]).allows('localhost', ['127.0.0.1'])).toBe(false);
      expect(() => createTargetAllowList(['10.0.0.0/33'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
      expect(() => createTargetAllowList(['example.com/8'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
    });
  });
});
