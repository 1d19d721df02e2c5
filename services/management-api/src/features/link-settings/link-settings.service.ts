import { NotFoundError, ValidationError, type Environment, type ValidationIssue } from '@meridian/domain';
import type { UnitOfWork } from '../shared/unit-of-work';
import { normalizeRedirectHost } from './redirect-host';

/** Link widget settings of one team environment (management API decision; not in api-shapes). */
export interface LinkSettings {
  allowed_redirect_hosts: string[];
}

export interface LinkSettingsPlace {
  orgId: string;
  teamId: string;
  environment: Environment;
}

/** Each entry `host[:port]`, stored lowercase and once (the first occurrence keeps its place). */
function parseHosts(hosts: readonly string[]): string[] {
  const issues: ValidationIssue[] = [];
  const normalized: string[] = [];
  hosts.forEach((entry, index) => {
    const host = normalizeRedirectHost(entry);
    if (host === null) {
      issues.push({
        loc: ['body', 'allowed_redirect_hosts', String(index)],
        msg: 'Not a host name or IP address with an optional port (no scheme, path or wildcard)',
        type: 'value_error',
        input: entry,
        ctx: {},
      });
    } else if (!normalized.includes(host)) {
      normalized.push(host);
    }
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return normalized;
}

export function createLinkSettingsService(deps: { uow: UnitOfWork<'linkSettings'> }) {
  const { uow } = deps;
  const teamNotFound = () => new NotFoundError('Team not found.');

  return {
    async get(place: LinkSettingsPlace): Promise<LinkSettings> {
      const hosts = await uow.read(({ linkSettings }) =>
        linkSettings.allowedRedirectHosts(place.orgId, place.teamId, place.environment),
      );
      if (hosts === undefined) throw teamNotFound();
      return { allowed_redirect_hosts: hosts ?? [] };
    },

    async put(place: LinkSettingsPlace, input: LinkSettings): Promise<LinkSettings> {
      const hosts = parseHosts(input.allowed_redirect_hosts);
      const found = await uow.write(({ linkSettings }) =>
        linkSettings.setAllowedRedirectHosts(place.orgId, place.teamId, place.environment, hosts),
      );
      if (!found) throw teamNotFound();
      return { allowed_redirect_hosts: hosts };
    },
  };
}

export type LinkSettingsService = ReturnType<typeof createLinkSettingsService>;
