/**
 * The one rule for which provider hosts the SSRF checks let through, shared by every process that calls
 * providers (data API, scheduler) however it is started (`main.ts`, `pnpm start`).
 */
import { createTargetAllowList, type TargetAllowList } from '@meridian/platform';
import type { ProviderSettings } from './registry';

/**
 * PROVIDER_ALLOWED_TARGETS, plus — outside production only — the hosts of local emulators, which listen on
 * loopback where the SSRF rules refuse to go. Real providers keep the full rules in every environment.
 */
export function providerTargetAllowList(
  providers: Iterable<ProviderSettings>,
  allowedTargets: readonly string[],
  opts: { production: boolean },
): TargetAllowList {
  const emulatorHosts = opts.production
    ? []
    : [...providers]
        .filter((p) => p.emulated)
        .flatMap((p) => [new URL(p.apiUrl).hostname, new URL(p.authUrl).hostname])
        .map((host) => host.replace(/^\[|\]$/g, ''));
  return createTargetAllowList([...allowedTargets, ...new Set(emulatorHosts)]);
}

/** The platform OAuth apps' secrets, for the log redactor. */
export function providerAppSecrets(providers: Iterable<ProviderSettings>): string[] {
  return [...providers].flatMap((p) => (p.client ? [p.client.clientSecret] : []));
}
