/** Safe reads of untrusted JSON: own properties only, so `__proto__` / `constructor` are plain keys. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The own property `key`, or undefined (never an inherited one). */
export function get(obj: JsonObject, key: string): unknown {
  return has(obj, key) ? obj[key] : undefined;
}

/** The JSON type name of a value, for messages. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
