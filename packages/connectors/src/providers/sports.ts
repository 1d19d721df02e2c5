import { catalogSport, type Sport } from '@meridian/domain';

/** Meridian's sport catalogue lives in the domain package (shared with the mobile-SDK push mapping). */
export type { Sport };

/** The catalog sport of a slug; unknown slugs are `other`. */
export function sportOf(slug: string): Sport {
  return catalogSport(slug) ?? catalogSport('other')!;
}
