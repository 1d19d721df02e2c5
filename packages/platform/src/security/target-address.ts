import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * SSRF rules for webhook targets (practice 13): which addresses a delivery must never reach, and the
 * operator's allow-list (`WEBHOOK_ALLOWED_TARGETS`: host names, addresses or CIDRs) that lifts the rule.
 */

const FORBIDDEN_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const FORBIDDEN_V6: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
];

const MAPPED_RE = /^(?:::|(?:0{1,4}:){5})ffff:(.+)$/i;

/** `::ffff:a.b.c.d` and `::ffff:0102:0304` as the IPv4 address they carry; other addresses unchanged. */
export function unmapIPv4(address: string): string {
  const tail = MAPPED_RE.exec(address)?.[1];
  if (tail === undefined) return address;
  if (isIPv4(tail)) return tail;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!groups) return address;
  const hi = parseInt(groups[1]!, 16);
  const lo = parseInt(groups[2]!, 16);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : undefined;
}

/** Why a delivery must not go to `address` (`loopback`, `private`, ...), or null for a public address. */
export function forbiddenReason(address: string): string | null {
  const plain = unmapIPv4(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  const family = familyOf(plain);
  if (!family) return 'not an IP address';
  const ranges = family === 'ipv4' ? FORBIDDEN_V4 : FORBIDDEN_V6;
  for (const [net, prefix, reason] of ranges) {
    const list = new BlockList();
    list.addSubnet(net, prefix, family);
    if (list.check(plain, family)) return reason;
  }
  return null;
}

export interface TargetAllowList {
  /** True when the host name is listed, or every address is inside a listed address or CIDR. */
  allows(host: string, addresses: readonly string[]): boolean;
}

/** Parses `WEBHOOK_ALLOWED_TARGETS` entries; a malformed CIDR throws (at boot). */
export function createTargetAllowList(entries: readonly string[]): TargetAllowList {
  const hosts = new Set<string>();
  const blocks = new BlockList();
  let hasBlocks = false;
  for (const raw of entries.map((e) => e.trim().toLowerCase()).filter((e) => e.length > 0)) {
    const [addr, prefixText] = raw.split('/') as [string, string | undefined];
    const family = familyOf(addr);
    if (prefixText !== undefined) {
      const prefix = Number(prefixText);
      const max = family === 'ipv4' ? 32 : 128;
      if (!family || !/^\d+$/.test(prefixText) || prefix > max) {
        throw new Error(`WEBHOOK_ALLOWED_TARGETS: '${raw}' is not a valid CIDR`);
      }
      blocks.addSubnet(addr, prefix, family);
      hasBlocks = true;
    } else if (family) {
      blocks.addAddress(addr, family);
      hasBlocks = true;
    } else {
      hosts.add(raw);
    }
  }
  const listed = (address: string) => {
    const plain = unmapIPv4(address.replace(/^\[|\]$/g, ''));
    const family = familyOf(plain);
    return family !== undefined && blocks.check(plain, family);
  };
  return {
    allows(host, addresses) {
      if (hosts.has(host.toLowerCase())) return true;
      return hasBlocks && addresses.length > 0 && addresses.every(listed);
    },
  };
}

/** Parses a comma-separated `WEBHOOK_ALLOWED_TARGETS` value. */
export function parseAllowedTargets(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}
