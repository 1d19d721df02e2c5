/**
 * Renders sample instants as ISO 8601 in the sample's own UTC offset (`2026-03-01T08:00:00+01:00`), tens of
 * thousands of times per response: table lookups and integer arithmetic instead of Date + string padding.
 */

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const DAY_MS = 86_400_000;

const offsetSuffixes = new Map<number, string>();

function offsetSuffix(minutes: number): string {
  let suffix = offsetSuffixes.get(minutes);
  if (suffix === undefined) {
    const abs = Math.abs(minutes);
    suffix = `${minutes < 0 ? '-' : '+'}${PAD2[Math.floor(abs / 60) % 100]}:${PAD2[abs % 60]}`;
    offsetSuffixes.set(minutes, suffix);
  }
  return suffix;
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01), by Howard Hinnant's civil_from_days. */
function civilDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${PAD2[m]}-${PAD2[d]}`;
}

// Samples of one response mostly share a day: remember the last one.
let lastDay = Number.NaN;
let lastDate = '';

/**
 * `startUs` (µs since the epoch) as local time at `offsetSeconds` east of UTC (`+00:00` when null), to the
 * millisecond; the fraction is written only when it is not zero. ISO offsets carry minutes, so the offset is
 * rounded to the minute for both the local time and the suffix (the instant stays exact).
 */
export function formatWireTimestamp(startUs: number, offsetSeconds: number | null): string {
  const offsetMinutes = offsetSeconds === null ? 0 : Math.round(offsetSeconds / 60);
  const local = Math.floor(startUs / 1000) + offsetMinutes * 60_000;
  const day = Math.floor(local / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDate = civilDate(day);
  }
  let rest = local - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = rest - s * 1000;
  const time = `${lastDate}T${PAD2[h]}:${PAD2[mi]}:${PAD2[s]}`;
  return milli === 0
    ? time + offsetSuffix(offsetMinutes)
    : `${time}.${PAD3[milli]}${offsetSuffix(offsetMinutes)}`;
}
