import { formatOffset, formatWireDateTime, isCalendarDate, parseIsoDateTime } from '@meridian/domain';

/**
 * A small description of a JSON wire shape, used to render stored summary payloads: listed keys only
 * (extra stored keys never leak), each value checked against its type, anything missing or unfit → null.
 */
export type Shape =
  | { kind: 'number' | 'int' | 'string' | 'boolean' | 'date' | 'datetime' | 'uuid' | 'null' }
  | { kind: 'enum'; values: readonly (string | number)[]; otherwise: string | number | null }
  | { kind: 'object'; members: Readonly<Record<string, Member>> }
  | { kind: 'list'; of: Shape }
  | { kind: 'record'; of: Shape };

/** An object member; a required member that does not fit makes the whole object unfit. */
export type Member = Shape | { kind: 'required'; shape: Shape };

export const num: Shape = { kind: 'number' };
export const int: Shape = { kind: 'int' };
export const str: Shape = { kind: 'string' };
export const bool: Shape = { kind: 'boolean' };
export const date: Shape = { kind: 'date' };
export const dateTime: Shape = { kind: 'datetime' };
export const uuid: Shape = { kind: 'uuid' };
/** Always null on the wire. */
export const alwaysNull: Shape = { kind: 'null' };

/** A value from `values`; anything else renders as `otherwise` (null unless given). */
export function oneOf(values: readonly (string | number)[], otherwise: string | number | null = null): Shape {
  return { kind: 'enum', values, otherwise };
}
export function obj(members: Record<string, Member>): Shape {
  return { kind: 'object', members };
}
export function required(shape: Shape): Member {
  return { kind: 'required', shape };
}
/** A list; items that do not fit are left out. */
export function listOf(of: Shape): Shape {
  return { kind: 'list', of };
}
/** A map with free keys; entries whose value does not fit are left out. */
export function recordOf(of: Shape): Shape {
  return { kind: 'record', of };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An instant as Meridian writes it: UTC as `+00:00`, milliseconds only when there are some (the wire form of
 * the domain time module, so REST and events agree).
 */
export function formatUtcDateTime(d: Date): string {
  return formatWireDateTime(d, 0);
}

/**
 * A stored ISO 8601 date-time (read by the domain time module's grammar) keeps the local time and offset it
 * was written with (the data's local offset); `Z` and no offset are written `+00:00`.
 */
function renderDateTime(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatUtcDateTime(value);
  const read = typeof value === 'string' ? parseIsoDateTime(value) : null;
  if (read === null) return null;
  return `${read.date}T${read.time}${formatOffset(read.offsetMinutes ?? 0)}`;
}

function renderObject(
  members: Readonly<Record<string, Member>>,
  value: unknown,
): Record<string, unknown> | null {
  if (!isPlainObject(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(members)) {
    const isRequired = member.kind === 'required';
    const rendered = renderShape(isRequired ? member.shape : member, value[key]);
    if (rendered === null && isRequired) return null;
    out[key] = rendered;
  }
  return out;
}

/** `value` as `shape` describes it, or null when it is absent or does not fit. */
export function renderShape(shape: Shape, value: unknown): unknown {
  switch (shape.kind) {
    case 'null':
      return null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'int':
      return Number.isInteger(value) ? value : null;
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? value : null;
    case 'datetime':
      return renderDateTime(value);
    case 'uuid':
      return typeof value === 'string' && UUID_RE.test(value) ? value.toLowerCase() : null;
    case 'enum':
      if (value === null || value === undefined) return null;
      return shape.values.includes(value as string | number) ? value : shape.otherwise;
    case 'object':
      return renderObject(shape.members, value);
    case 'list':
      if (!Array.isArray(value)) return null;
      return value.map((item) => renderShape(shape.of, item)).filter((item) => item !== null);
    case 'record': {
      if (!isPlainObject(value)) return null;
      const entries = Object.entries(value).map(([k, v]) => [k, renderShape(shape.of, v)] as const);
      return Object.fromEntries(entries.filter(([, v]) => v !== null));
    }
  }
}
