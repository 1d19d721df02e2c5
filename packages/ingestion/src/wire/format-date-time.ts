import { formatWireDateTime } from '@meridian/domain';

/** Wire date-times: the one formatter every surface uses (see @meridian/domain). */
export const formatDateTime = formatWireDateTime;

/** A `date` column as `YYYY-MM-DD` (the db package parses dates as strings; Dates are tolerated). */
export function formatDate(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.toISOString().slice(0, 10);
}
