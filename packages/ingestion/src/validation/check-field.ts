import { isCalendarDate, isUuid } from '@meridian/domain';
import { parseDateTime } from '../time/parse-date-time';
import type { FieldType } from '../wire/summary-fields';
import { isAbsent, isRecord } from './check-source';
import type { IssueList } from './issue-list';

type Loc = (string | number)[];

/** Marks a failed check (null is a valid field value). */
export const INVALID = Symbol('invalid');

/**
 * Checks one summary field against its wire type. Absent → null; a date-time comes back as epoch ms
 * (rendered once the summary's offset is known); unknown keys of nested objects are dropped.
 */
export function checkField(value: unknown, type: FieldType, loc: Loc, issues: IssueList): unknown {
  if (isAbsent(value)) return null;
  const fail = (msg: string, errorType: string, ctx: Record<string, unknown> = {}) => {
    issues.add(loc, msg, errorType, value, ctx);
    return INVALID;
  };
  if (typeof type === 'object') {
    if ('enum' in type) {
      return typeof value === 'string' && type.enum.includes(value)
        ? value
        : fail(`Input should be ${type.enum.map((v) => `'${v}'`).join(', ')}`, 'enum', {
            expected: type.enum,
          });
    }
    if ('struct' in type) {
      if (!isRecord(value)) return fail('Input should be a valid dictionary', 'dict_type');
      return checkMembers(value, type.struct, loc, issues);
    }
    if (!Array.isArray(value)) return fail('Input should be a valid list', 'list_type');
    const keys = { date: 'date', ...type.entries } as const;
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
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? value
        : fail('Input should be a finite number', 'float_type');
    case 'int':
      return Number.isInteger(value) ? value : fail('Input should be a valid integer', 'int_type');
    case 'string':
      return typeof value === 'string' ? value : fail('Input should be a valid string', 'string_type');
    case 'boolean':
      return typeof value === 'boolean' ? value : fail('Input should be a valid boolean', 'bool_type');
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? value
        : fail('Input should be a valid date (YYYY-MM-DD)', 'date_parsing');
    case 'datetime': {
      const ms = typeof value === 'string' ? parseDateTime(value) : null;
      return ms ?? fail('Input should be a valid ISO 8601 date-time', 'datetime_parsing');
    }
    case 'uuid':
      return isUuid(value) ? value : fail('Input should be a valid UUID', 'uuid_parsing');
    case 'object':
      return isRecord(value) ? value : fail('Input should be a valid dictionary', 'dict_type');
    case 'number[]':
    case 'int[]': {
      const item = type === 'int[]' ? Number.isInteger : Number.isFinite;
      return Array.isArray(value) && value.every((v) => typeof v === 'number' && item(v))
        ? value
        : fail(`Input should be a list of ${type === 'int[]' ? 'integers' : 'finite numbers'}`, 'list_type');
    }
  }
}

function checkMembers(
  value: Record<string, unknown>,
  members: Readonly<Record<string, FieldType>>,
  loc: Loc,
  issues: IssueList,
): Record<string, unknown> | typeof INVALID {
  const out: Record<string, unknown> = {};
  let ok = true;
  for (const [key, memberType] of Object.entries(members)) {
    const checked = checkField(value[key], memberType, [...loc, key], issues);
    if (checked === INVALID) ok = false;
    else out[key] = checked;
  }
  return ok ? out : INVALID;
}
