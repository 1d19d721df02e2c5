/**
 * `LAB_ORDER_ENDPOINTS`: where each lab takes orders over MLLP, as `slug=host:port` pairs separated by commas
 * (`quest=hl7.quest.example:2575,labcorp=10.0.4.2:6661`); `*` names the endpoint of every lab not listed (one
 * central lab, or an interface engine that routes by MSH-5/6). Hosts are names, IPv4 or `[IPv6]`.
 */
import { ConfigError, type Field } from '@meridian/platform';

export interface LabEndpoint {
  host: string;
  port: number;
}

/** Lab slug (or `*`) → endpoint. */
export type LabEndpoints = ReadonlyMap<string, LabEndpoint>;

const SLUG = /^(\*|[a-z0-9_]{1,64})$/;
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)$/;

export function parseLabEndpoints(raw: string | undefined, name = 'LAB_ORDER_ENDPOINTS'): LabEndpoints {
  const endpoints = new Map<string, LabEndpoint>();
  if (raw === undefined || raw.trim() === '') return endpoints;
  for (const entry of raw.split(',').map((e) => e.trim())) {
    const bad = (why: string): never => {
      throw new ConfigError(`Invalid configuration: ${name} ${why} (entry "${entry.slice(0, 80)}")`);
    };
    const eq = entry.indexOf('=');
    if (eq < 1) bad('needs slug=host:port entries');
    const slug = entry.slice(0, eq).trim();
    const address = entry.slice(eq + 1).trim();
    if (!SLUG.test(slug)) bad('has a lab slug that is not a lab slug or *');
    if (endpoints.has(slug)) bad(`names ${slug} twice`);
    const colon = address.lastIndexOf(':');
    if (colon < 1) bad('needs a host and a port');
    const host = address.slice(0, colon);
    const port = Number(address.slice(colon + 1));
    if (!HOST.test(host)) bad('has an invalid host');
    if (!Number.isInteger(port) || port < 1 || port > 65_535) bad('has a port outside 1-65535');
    endpoints.set(slug, { host: host.replace(/^\[|\]$/g, ''), port });
  }
  return endpoints;
}

export const labEndpointsField: Field<LabEndpoints> = {
  parse: (raw, name) => parseLabEndpoints(raw, name),
};

/** The endpoint of `slug`: its own, else the `*` one. */
export function endpointOf(endpoints: LabEndpoints, slug: string): LabEndpoint | undefined {
  return endpoints.get(slug) ?? endpoints.get('*');
}
