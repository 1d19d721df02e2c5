/**
 * Which phlebotomy providers serve a zip code, and with which tier (`PhlebotomyProviderInfo`, api-shapes
 * §6.6). Each partner is asked (concurrently) for its service area; Meridian's own configuration can narrow
 * where a provider is offered (a beta partner in a few zips only). A partner that cannot answer is left
 * out and reported in `unreachable`, so one outage does not hide the others.
 */
import { PhlebotomyPartnerError } from './errors';
import { assertZipCode } from './partner-common';
import type { PhlebotomyPartner, PhlebotomyProvider, PhlebotomyServiceType } from './phlebotomy-partner';

export interface PhlebotomyProviderInfo {
  name: PhlebotomyProvider;
  service_types: PhlebotomyServiceType[];
}

export interface PhlebotomyAreaInfo {
  zip_code: string;
  /** At least one provider serves the zip. */
  is_served: boolean;
  providers: PhlebotomyProviderInfo[];
  /** IANA zone of the area, as the first serving partner names it. */
  timezone: string | null;
  /** Partners that failed to answer (not shown to API callers; for logs and metrics). */
  unreachable: { provider: PhlebotomyProvider; error: PhlebotomyPartnerError }[];
}

/** Meridian-side limits per provider: offer it only in `only` (when set) and never in `except`. */
export type PhlebotomyAreaRules = Partial<
  Record<PhlebotomyProvider, { only?: readonly string[]; except?: readonly string[] }>
>;

export function offeredIn(rules: PhlebotomyAreaRules, provider: PhlebotomyProvider, zipCode: string) {
  const rule = rules[provider];
  if (!rule) return true;
  if (rule.only && !rule.only.includes(zipCode)) return false;
  return !rule.except?.includes(zipCode);
}

export async function areaInfo(
  zipCode: string,
  partners: readonly PhlebotomyPartner[],
  rules: PhlebotomyAreaRules = {},
): Promise<PhlebotomyAreaInfo> {
  assertZipCode(zipCode);
  const asked = partners.filter((p) => offeredIn(rules, p.provider, zipCode));
  const answers = await Promise.allSettled(asked.map((p) => p.serviceArea(zipCode)));
  const byProvider = new Map<PhlebotomyProvider, Set<PhlebotomyServiceType>>();
  const unreachable: PhlebotomyAreaInfo['unreachable'] = [];
  let timezone: string | null = null;
  answers.forEach((answer, i) => {
    const partner = asked[i]!;
    if (answer.status === 'rejected') {
      // Programming errors are not partner outages: let them surface.
      if (!(answer.reason instanceof PhlebotomyPartnerError)) throw answer.reason;
      unreachable.push({ provider: partner.provider, error: answer.reason });
      return;
    }
    if (!answer.value.served) return;
    timezone ??= answer.value.timezone;
    const types = byProvider.get(partner.provider) ?? new Set();
    types.add(partner.serviceType);
    byProvider.set(partner.provider, types);
  });
  const providers = [...byProvider].map(([name, types]) => ({ name, service_types: [...types].sort() }));
  return { zip_code: zipCode, is_served: providers.length > 0, providers, timezone, unreachable };
}

/** The partners of `serviceType` that serve the zip according to `info` (book: appointment-ready). */
export function partnersServing<T extends PhlebotomyServiceType>(
  info: PhlebotomyAreaInfo,
  partners: readonly PhlebotomyPartner[],
  serviceType: T,
): Extract<PhlebotomyPartner, { serviceType: T }>[] {
  const names = new Set(
    info.providers.filter((p) => p.service_types.includes(serviceType)).map((p) => p.name),
  );
  return partners.filter(
    (p): p is Extract<PhlebotomyPartner, { serviceType: T }> =>
      p.serviceType === serviceType && names.has(p.provider),
  );
}
