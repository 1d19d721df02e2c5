import { createTargetAllowList, forbiddenReason, parseAllowedTargets, unmapIPv4 } from './target-address';

describe('webhook target addresses', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.8.8', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'accepts the public address %s',
    (address) => {
      expect(forbiddenReason(address)).toBeNull();
    },
  );

  it('treats what is not an address as forbidden', () => {
    expect(forbiddenReason('example.com')).toBe('not an IP address');
  });

  it('unmaps IPv4-mapped IPv6 addresses only', () => {
    expect(unmapIPv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(unmapIPv4('::ffff:0a00:0001')).toBe('10.0.0.1');
    expect(unmapIPv4('2001:db8::1')).toBe('2001:db8::1');
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
      expect(allowList.allows('a.test', ['fd00::5'])).toBe(true);
      expect(allowList.allows('a.test', ['10.1.2.3', '10.2.0.1'])).toBe(false);
      expect(allowList.allows('a.test', ['127.0.0.2'])).toBe(false);
      expect(allowList.allows('a.test', [])).toBe(false);
    });

    it('allows nothing when empty, and refuses malformed CIDRs', () => {
      expect(createTargetAllowList([]).allows('localhost', ['127.0.0.1'])).toBe(false);
      expect(() => createTargetAllowList(['10.0.0.0/33'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
      expect(() => createTargetAllowList(['example.com/8'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
    });
  });
});
