/**
 * Polar sport names (`sport`, `detailed_sport_info` of an exercise) → Meridian's workout sport. Ids follow
 * Meridian's sport list (the demo data uses the same); anything unlisted is `other` with Polar's own name.
 */
const SPORTS: Record<string, { id: number; name: string; slug: string }> = {
  RUNNING: { id: 1, name: 'Running', slug: 'running' },
  CYCLING: { id: 2, name: 'Cycling', slug: 'cycling' },
  WALKING: { id: 3, name: 'Walking', slug: 'walking' },
  SWIMMING: { id: 4, name: 'Swimming', slug: 'swimming' },
  STRENGTH_TRAINING: { id: 5, name: 'Strength Training', slug: 'strength_training' },
  YOGA: { id: 6, name: 'Yoga', slug: 'yoga' },
  HIKING: { id: 7, name: 'Hiking', slug: 'hiking' },
};

export function polarSport(
  sport: string,
  detailed: string | null,
): { id: number; name: string; slug: string } {
  const known = SPORTS[sport] ?? (detailed ? SPORTS[detailed] : undefined);
  if (known) return known;
  const label = (detailed ?? sport).toLowerCase();
  return { id: 0, name: label.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), slug: 'other' };
}
