/**
 * Renders sample instants (µs since the epoch) as ISO 8601 in the sample's own UTC offset
 * (`2026-03-01T08:00:00+01:00`) through the domain time module's wire format, tens of thousands of times per
 * response.
 */
import { formatWireDateTime } from '@meridian/domain';

/**
 * `startUs` (µs since the epoch) as local time at `offsetSeconds` east of UTC (`+00:00` when null), to the
 * millisecond; the fraction is written only when it is not zero.
 */
export function formatWireTimestamp(startUs: number, offsetSeconds: number | null): string {
  return formatWireDateTime(Math.floor(startUs / 1000), offsetSeconds);
}
