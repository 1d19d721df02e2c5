/** Builds the configured phlebotomy partners (the composition root passes validated config in). */
import { createGetlabsPartner, type GetlabsPartnerConfig } from './getlabs/getlabs-partner';
import {
  createPhlebfindersPartner,
  type PhlebfindersPartnerConfig,
} from './phlebfinders/phlebfinders-partner';
import type { PhlebotomyPartner, PhlebotomyProvider } from './phlebotomy-partner';

export interface PhlebotomyPartnersConfig {
  getlabs?: GetlabsPartnerConfig | null;
  phlebfinders?: PhlebfindersPartnerConfig | null;
}

export function createPhlebotomyPartners(config: PhlebotomyPartnersConfig): PhlebotomyPartner[] {
  const partners: PhlebotomyPartner[] = [];
  if (config.getlabs) partners.push(createGetlabsPartner(config.getlabs));
  if (config.phlebfinders) partners.push(createPhlebfindersPartner(config.phlebfinders));
  return partners;
}

export function partnerByProvider(
  partners: readonly PhlebotomyPartner[],
  provider: PhlebotomyProvider,
): PhlebotomyPartner | null {
  return partners.find((p) => p.provider === provider) ?? null;
}
