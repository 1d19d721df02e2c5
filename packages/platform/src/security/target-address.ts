import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF rules for every outbound target (webhooks, ETL destinations, provider APIs; practice 13): only a
 * plain, globally routable unicast address may be reached, unless the operator's allow-list
 * (`WEBHOOK_ALLOWED_TARGETS`: host names, addresses or CIDRs) lifts the rule. The special-purpose ranges are
 * ipaddr.js's classification of the IANA registries, not a list kept here.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Words for ipaddr.js range names, as error messages show them; other names read `special-purpose`. */
const REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  uniqueLocal: 'private',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  teredo: 'Teredo',
  rfc6145: 'IPv4-translated',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
};

/** The well-known NAT64 prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv6 global unicast (RFC 4291): anything outside it is not a public address. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Reads an IP address as a resolver would: brackets and zone ignored, IPv4 in any inet_aton spelling
 * (`127.1`, `0x7f000001`, `2130706433`, `0177.0.0.1`); null for anything else (a host name).
 */
function parseAddress(text: string): Address | null {
  const bare = text
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (ipaddr.IPv4.isValid(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return null;
  // ipaddr.js reads `::a.b.c.d` (IPv4-compatible, deprecated) as `::ffff:a.b.c.d`; the URL standard's
  // IPv6 parser gives the address itself (`::7f00:1`), which is what a client connects to.
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/** The text of an address (IPv4 dotted quad, IPv6 RFC 5952), as `net.connect` takes it. */
const addressText = (address: Address) =>
  address instanceof ipaddr.IPv6 ? address.toRFC5952String() : address.toString();

/** The IPv4 address inside an IPv6 address, from byte `at` on. */
const embeddedIPv4 = (address: ipaddr.IPv6, at: number) =>
  new ipaddr.IPv4(address.toByteArray().slice(at, at + 4));

function ipv4Reason(address: ipaddr.IPv4): string | null {
  const range: string = address.range();
  return range === 'unicast' ? null : (REASONS[range] ?? 'special-purpose');
}

function ipv6Reason(address: ipaddr.IPv6): string | null {
  const range: string = address.range();
  switch (range) {
    case 'ipv4Mapped':
      return ipv4Reason(address.toIPv4Address());
    case 'rfc6052':
      // 64:ff9b::/96 reaches the IPv4 address it carries; 64:ff9b:1::/48 is for local use only
      return address.match(NAT64_WELL_KNOWN) ? ipv4Reason(embeddedIPv4(address, 12)) : 'NAT64 local-use';
    case '6to4':
      return ipv4Reason(embeddedIPv4(address, 2));
    case 'unicast':
      // e.g. IPv4-compatible ::a.b.c.d and whatever IANA has not allocated
      return address.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
    default:
      return REASONS[range] ?? 'special-purpose';
  }
}

/**
 * Why a delivery must not go to `address` (`loopback`, `private`, `reserved`, ...), or null for a plain
 * globally routable unicast address. IPv4 inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is judged by the IPv4 address it reaches.
 */
export function forbiddenReason(address: string): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return 'not an IP address';
  return parsed instanceof ipaddr.IPv6 ? ipv6Reason(parsed) : ipv4Reason(parsed);
}

/**
 * A URL host as the SSRF rules see it: an IP address in any spelling becomes its plain text (`2130706433`,
 * `0x7f.1` → `127.0.0.1`; `[::127.0.0.1]` → `::7f00:1`), a name is lower-cased. Needed for hosts of
 * `sb://`, `amqp://` URLs, which the URL parser keeps as written.
 */
export function targetHostOf(host: string): string {
  const address = parseAddress(host);
  return address ? addressText(address) : host.trim().toLowerCase();
}

/** Resolves a host name to every address it has (injectable: tests use no real DNS). */
export type HostResolver = (host: string) => Promise<string[]>;

export const resolveWithDns: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type TargetVerdict =
  | { ok: true; host: string; addresses: string[]; allowListed: boolean }
  | { ok: false; host: string; problem: 'unresolved' }
  | { ok: false; host: string; problem: 'forbidden'; reason: string };

/**
 * The SSRF check shared by webhooks, ETL destinations and provider APIs, at creation and at delivery: the
 * host (of a URL: `targetHostOf` is applied) is resolved, and every address must be public unless the host
 * or all its addresses are allow-listed. A literal address is not resolved.
 */
export async function checkTargetHost(
  host: string,
  deps: { allowList: TargetAllowList; resolve?: HostResolver },
): Promise<TargetVerdict> {
  const target = targetHostOf(host);
  let addresses: string[];
  try {
    addresses = isIP(target) ? [target] : await (deps.resolve ?? resolveWithDns)(target);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { ok: false, host: target, problem: 'unresolved' };
  if (deps.allowList.allows(target, addresses))
    return { ok: true, host: target, addresses, allowListed: true };
  for (const address of addresses) {
    const reason = forbiddenReason(address);
    if (reason !== null) return { ok: false, host: target, problem: 'forbidden', reason };
  }
  return { ok: true, host: target, addresses, allowListed: false };
}

export interface TargetAllowList {
  /** True when the host name is listed, or every address is inside a listed address or CIDR. */
  allows(host: string, addresses: readonly string[]): boolean;
}

/** An address in the form allow-list entries are matched in: IPv4-mapped IPv6 as its IPv4 address. */
function listedForm(address: string): { text: string; family: 'ipv4' | 'ipv6' } | undefined {
  const parsed = parseAddress(address);
  if (!parsed) return undefined;
  const plain =
    parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  return { text: addressText(plain), family: plain.kind() };
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : undefined;
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
    const form = listedForm(address);
    return form !== undefined && blocks.check(form.text, form.family);
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
