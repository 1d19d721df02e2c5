import { isCalendarDate, isUuid } from '@meridian/domain';
import { parseDateTime } from '../time/parse-date-time';
import type { FieldType } from '../wire/summary-fields';
import { isAbsent, isRecord } from './check-source';
import type { IssueList } from './issue-list';

type Loc = (string | number)[];

/** Marks a failed check (null is a valid field value). */
export const INVALID = Symbol('invalid');

/**
 * Checks one summary field, at `[...parent, key]`, against its wire type. Absent → null; a date-time comes back
 * as epoch ms (rendered once the summary's offset is known); unknown keys of nested objects are dropped. The
 * field's loc is built only for an issue or a nested value (most fields are valid scalars).
 */
export function checkField(
  value: unknown,
  type: FieldType,
  parent: Loc,
  key: string | number,
  issues: IssueList,
): unknown {
  if (isAbsent(value)) return null;
  if (typeof type === 'object') {
    if ('enum' in type) {
      return typeof value === 'string' && type.enum.includes(value)
        ? value
        : fail(
            issues,
            parent,
            key,
            value,
            `Input should be ${type.enum.map((v) => `'${v}'`).join(', ')}`,
            'enum',
            {
              expected: type.enum,
            },
          );
    }
    if ('struct' in type) {
      if (!isRecord(value))
        return fail(issues, parent, key, value, 'Input should be a valid dictionary', 'dict_type');
      return checkMembers(value, type.struct, [...parent, key], issues);
    }
    if (!Array.isArray(value))
      return fail(issues, parent, key, value, 'Input should be a valid list', 'list_type');
    return checkEntries(value, { date: 'date', ...type.entries }, [...parent, key], issues);
  }
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? value
        : fail(issues, parent, key, value, 'Input should be a finite number', 'float_type');
    case 'int':
      return Number.isInteger(value)
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid integer', 'int_type');
    case 'string':
      return typeof value === 'string'
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid string', 'string_type');
    case 'boolean':
      return typeof value === 'boolean'
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid boolean', 'bool_type');
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid date (YYYY-MM-DD)', 'date_parsing');
    case 'datetime': {
      const ms = typeof value === 'string' ? parseDateTime(value) : null;
      return (
        ms ??
        fail(issues, parent, key, value, 'Input should be a valid ISO 8601 date-time', 'datetime_parsing')
      );
    }
    case 'uuid':
      return isUuid(value)
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid UUID', 'uuid_parsing');
    case 'object':
      return isRecord(value)
        ? value
        : fail(issues, parent, key, value, 'Input should be a valid dictionary', 'dict_type');
    case 'number[]':
    case 'int[]':
      return Array.isArray(value) && value.every(type === 'int[]' ? isInteger : isFiniteNumber)
        ? value
        : fail(
            issues,
            parent,
            key,
            value,
            `Input should be a list of ${type === 'int[]' ? 'integers' : 'finite numbers'}`,
            'list_type',
          );
  }
}

const isInteger = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Records an issue at `[...parent, key]`; INVALID. */
function fail(
  issues: IssueList,
  parent: Loc,
  key: string | number,
  value: unknown,
  msg: string,
  errorType: string,
  ctx: Record<string, unknown> = {},
): typeof INVALID {
  issues.add([...parent, key], msg, errorType, value, ctx);
  return INVALID;
}

/** A list of dated entries (`{ date, ...entries }`), each checked; INVALID after an issue. */
function checkEntries(
  value: unknown[],
  keys: Readonly<Record<string, FieldType>>,
  loc: Loc,
  issues: IssueList,
): unknown[] | typeof INVALID {
  let ok = true;
  const list = value.map((entry: unknown, i) => {
    if (!isRecord(entry)) {
      issues.add([...loc, i], 'Input should be a valid dictionary', 'dict_type', entry);
      ok = false;
      return null;
    }
    if (isAbsent(entry.date)) {
      issues.add([...loc, i, 'date'], 'Field required', 'missing', entry.date);
      ok = false;
    }
    const checked = checkMembers(entry, keys, [...loc, i], issues);
    if (checked === INVALID) ok = false;
    return checked;
  });
  return ok ? list : INVALID;
}

function checkMembers(
  value: Record<string, unknown>,
  members: Readonly<Record<string, FieldType>>,
  loc: Loc,
  issues: IssueList,
): Record<string, unknown> | typeof INVALID {
  const out: Record<string, unknown> = {};
  let ok = true;
  for (const key in members) {
    if (!Object.hasOwn(members, key)) continue;
    const checked = checkField(value[key], members[key]!, loc, key, issues);
    if (checked === INVALID) ok = false;
    else out[key] = checked;
  }
  return ok ? out : INVALID;
}
