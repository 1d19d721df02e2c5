import { catalogSport, type Sport } from '@meridian/domain';

/**
 * Workout sports of the mobile platforms: Meridian's sport catalogue (the domain package's, shared with the
 * provider connectors, so a run is sport 1 whichever source sent it); a platform activity without a Meridian
 * sport is `other` (id 0) with the platform's own name.
 */
export type { Sport };

/** The sport of a Meridian slug, or `other` named after the platform's activity (`'Table tennis'`). */
export function sportOf(slug: string | null, platformName: string): Sport {
  const known = slug === null ? undefined : catalogSport(slug);
  if (known) return known;
  return { id: 0, name: humanise(platformName), slug: 'other' };
}

/** `TABLE_TENNIS` / `tableTennis` / `table_tennis` → `Table tennis`. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.length === 0 ? 'Other' : words[0]!.toUpperCase() + words.slice(1);
}
