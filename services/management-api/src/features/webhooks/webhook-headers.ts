import { ValidationError } from '@meridian/domain';

/** Rules for the custom headers added to every delivery (api-shapes §8.2 "Webhook headers"). */

const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, space, tab and obs-text: no CR/LF, so a value cannot inject another header. */
const VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;
const RESERVED = new Set(['content-type', 'content-length', 'host']);
const RESERVED_PREFIXES = ['webhook-', 'svix-'];
const SENSITIVE_RE = /authorization|token|secret|key|cookie|password/;

export const REDACTED = '********';

/**
 * Bounds of the custom headers (x-meridian-decision on PUT `…/headers`): a name of at most 256 characters
 * (far above any real header name; proxies commonly cap a whole header line at 8 KB), a value of at most
 * 4 KB, and at most 20 headers, so what every delivery carries stays well inside the receivers' limits.
 */
export const WEBHOOK_HEADER_LIMITS = { maxHeaders: 20, maxNameLength: 256, maxValueLength: 4096 } as const;

export function isSensitiveHeader(name: string): boolean {
  return SENSITIVE_RE.test(name.toLowerCase());
}

/** The first broken rule is a 422 on `["body", "headers", <name>]`. */
export function assertValidHeaders(headers: Record<string, string>): void {
  const { maxHeaders, maxNameLength, maxValueLength } = WEBHOOK_HEADER_LIMITS;
  const entries = Object.entries(headers);
  if (entries.length > maxHeaders) {
    throw ValidationError.single(
      ['body', 'headers'],
      `At most ${maxHeaders} headers`,
      'too_long',
      entries.length,
      { max_length: maxHeaders },
    );
  }
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const loc = ['body', 'headers', name.slice(0, maxNameLength)];
    const lower = name.toLowerCase();
    if (name.length > maxNameLength) {
      throw ValidationError.single(
        loc,
        `Header names are at most ${maxNameLength} characters`,
        'string_too_long',
        name.length,
        { max_length: maxNameLength },
      );
    }
    if (!TOKEN_RE.test(name)) {
      throw ValidationError.single(loc, 'Header names must be HTTP tokens', 'value_error', name, {});
    }
    if (RESERVED.has(lower) || RESERVED_PREFIXES.some((p) => lower.startsWith(p))) {
      throw ValidationError.single(loc, `The header '${name}' is set by Meridian`, 'value_error', name, {
        reserved: [...RESERVED, ...RESERVED_PREFIXES.map((p) => `${p}*`)],
      });
    }
    if (seen.has(lower)) {
      throw ValidationError.single(loc, `The header '${name}' is given twice`, 'value_error', name, {});
    }
    seen.add(lower);
    if (value.length > maxValueLength) {
      throw ValidationError.single(
        loc,
        `Header values are at most ${maxValueLength} characters`,
        'string_too_long',
        value.length,
        { max_length: maxValueLength },
      );
    }
    if (!VALUE_RE.test(value)) {
      throw ValidationError.single(
        loc,
        'Header values cannot hold control characters',
        'value_error',
        value,
        {},
      );
    }
  }
}

/** Headers as GET shows them: sensitive values replaced by `REDACTED` and their names listed. */
export function redactHeaders(headers: Record<string, string>): {
  headers: Record<string, string>;
  sensitive: string[];
} {
  const sensitive = Object.keys(headers).filter(isSensitiveHeader).sort();
  const shown = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSensitiveHeader(name) ? REDACTED : value]),
  );
  return { headers: shown, sensitive };
}
