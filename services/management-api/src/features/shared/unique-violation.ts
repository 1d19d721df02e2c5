/** True when `err` is PostgreSQL's unique violation (23505) on `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e !== null && typeof e === 'object' && e.code === '23505' && e.constraint === constraint;
}
