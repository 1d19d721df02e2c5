import {
  providersByKind,
  toProviderDetailed,
  type ProviderDetailed,
  type SourceKind,
} from '@meridian/domain';

/** The provider catalog (`GET /v2/providers`): static domain data, the same for every team. */
export function listProviderCatalog(sourceType?: SourceKind): ProviderDetailed[] {
  return providersByKind(sourceType).map(toProviderDetailed);
}
