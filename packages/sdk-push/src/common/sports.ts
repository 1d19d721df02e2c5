/**
 * Meridian's workout sports (`sport: {id, name, slug}`). The ids are those of the connectors' sport
 * catalogue (packages/connectors/src/providers/sports.ts), so a run is sport 1 whichever provider sent it;
 * a platform activity without a Meridian sport is `other` (id 0) with the platform's own name.
 */
export interface Sport {
  id: number;
  name: string;
  slug: string;
}

const CATALOG: readonly Sport[] = [
  { id: 0, name: 'Other', slug: 'other' },
  { id: 1, name: 'Running', slug: 'running' },
  { id: 2, name: 'Cycling', slug: 'cycling' },
  { id: 3, name: 'Walking', slug: 'walking' },
  { id: 4, name: 'Swimming', slug: 'swimming' },
  { id: 5, name: 'Strength Training', slug: 'strength_training' },
  { id: 6, name: 'Yoga', slug: 'yoga' },
  { id: 7, name: 'Hiking', slug: 'hiking' },
  { id: 8, name: 'Rowing', slug: 'rowing' },
  { id: 9, name: 'Elliptical', slug: 'elliptical' },
  { id: 10, name: 'High-Intensity Interval Training', slug: 'hiit' },
  { id: 11, name: 'Dancing', slug: 'dancing' },
  { id: 12, name: 'Tennis', slug: 'tennis' },
  { id: 13, name: 'Pilates', slug: 'pilates' },
];

const bySlug = new Map(CATALOG.map((s) => [s.slug, s]));

/** The sport of a Meridian slug, or `other` named after the platform's activity (`'Table tennis'`). */
export function sportOf(slug: string | null, platformName: string): Sport {
  const known = slug === null ? undefined : bySlug.get(slug);
  if (known) return { ...known };
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
