import { formatWireDateTime } from '@meridian/domain';

/** Date-times go on the wire as ISO 8601 with an explicit `+00:00` offset (api-shapes "How to read" 7). */
export function toWireDateTime(value: Date | string): string {
  return formatWireDateTime(value instanceof Date ? value : new Date(value));
}

export function toWireDateTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toWireDateTime(value);
}
