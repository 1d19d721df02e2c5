import type { SecretBox } from './secret-box';

/**
 * Custom webhook header values are credentials more often than not (`Authorization`, API keys), so they are
 * stored sealed like signing secrets: names stay readable, each value becomes `sealed:<secret box output>`.
 * Values stored before sealing existed (no prefix) are read as they are.
 */
const PREFIX = 'sealed:';

export function sealHeaderValues(box: SecretBox, headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, PREFIX + box.seal(value)]));
}

export function openHeaderValues(box: SecretBox, headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value.startsWith(PREFIX) ? box.open(value.slice(PREFIX.length)) : value,
    ]),
  );
}
