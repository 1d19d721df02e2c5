import { ValidationError, type ValidationIssue } from '@meridian/domain';

/**
 * The provider-specific `details` of a team credential (api-shapes §8.3 "credential `details` variants"):
 * checked per provider, stored with the known keys only, and returned with the secret fields redacted.
 */

type FieldKind = 'string' | 'boolean' | 'email' | 'https_url' | 'string_list';

interface FieldRule {
  kind: FieldKind;
  required: boolean;
  /** Verify tokens, webhook secrets: sealed at rest like everything in details, redacted when returned. */
  secret?: boolean;
}

interface DetailsVariant {
  /** Some variants nest their fields under a key named after the provider (`{fitbit: {...}}`). */
  wrapper?: string;
  fields: Record<string, FieldRule>;
}

const req = (kind: FieldKind, secret = false): FieldRule => ({ kind, required: true, secret });
const opt = (kind: FieldKind, secret = false): FieldRule => ({ kind, required: false, secret });

export const DETAILS_VARIANTS: Readonly<Record<string, DetailsVariant>> = {
  fitbit: {
    wrapper: 'fitbit',
    fields: {
      is_hr_enabled: opt('boolean'),
      workout_verify_token: req('string', true),
      sleep_verify_token: req('string', true),
      body_verify_token: req('string', true),
      foods_verify_token: opt('string', true),
    },
  },
  google_fit: { fields: { redirect_uri: req('https_url'), data_scopes: req('string_list') } },
  google_health: { fields: { project_number: req('string'), service_account_email: req('email') } },
  polar: { fields: { webhook_secret: req('string', true) } },
  getlabs: {
    wrapper: 'getlabs',
    fields: { webhook_secret_key: req('string', true), webhook_secret_token: req('string', true) },
  },
  phlebfinders: {
    wrapper: 'phlebfinders',
    fields: {
      account_id: req('string'),
      account_name: req('string'),
      team_id: req('string'),
      team_name: req('string'),
      webhook_token: req('string', true),
      email: req('email'),
    },
  },
  my_fitness_pal_v2: { fields: { client: req('string') } },
};

export type CredentialDetails = Record<string, unknown>;

const MAX_TEXT = 2048;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a redacted secret looks like on the wire; never accepted back as a secret. */
const REDACTED_PREFIX = '***';

/** `***` plus the last four characters when the secret is long enough for that to reveal nothing useful. */
export function redactSecret(value: string): string {
  return value.length >= 16 ? `${REDACTED_PREFIX}${value.slice(-4)}` : REDACTED_PREFIX;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A copy of the (possibly unchecked) details safe to echo in a 422: secret fields, or every string, hidden. */
function redactedInput(value: unknown, secretKeys?: ReadonlySet<string>, key?: string): unknown {
  if (typeof value === 'string') {
    return secretKeys === undefined || (key !== undefined && secretKeys.has(key)) ? '[redacted]' : value;
  }
  if (Array.isArray(value)) return value.map((v) => redactedInput(v, secretKeys));
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactedInput(v, secretKeys, k)]));
  }
  return value;
}

function secretKeysOf(variant: DetailsVariant): Set<string> {
  return new Set(
    Object.entries(variant.fields)
      .filter(([, rule]) => rule.secret)
      .map(([name]) => name),
  );
}

/** The first problem of one field's value, or null. `shown` is what a 422 may echo of it. */
function checkField(
  rule: FieldRule,
  value: unknown,
  loc: string[],
  shown: unknown,
  allowRedacted: boolean,
): ValidationIssue | null {
  const issue = (msg: string, type: string, ctx: Record<string, unknown> = {}): ValidationIssue => ({
    loc,
    msg,
    type,
    input: shown,
    ctx,
  });
  switch (rule.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : issue('Input should be a valid boolean', 'bool_type');
    case 'string_list': {
      if (!Array.isArray(value)) return issue('Input should be a valid list', 'list_type');
      const bad = value.findIndex((v) => typeof v !== 'string' || v.length === 0 || v.length > MAX_TEXT);
      if (bad < 0) return null;
      return {
        loc: [...loc, String(bad)],
        msg: `Input should be a string of 1 to ${MAX_TEXT} characters`,
        type: 'string_type',
        input: value[bad] ?? null,
        ctx: {},
      };
    }
    case 'string':
    case 'email':
    case 'https_url':
      return checkText(rule, value, issue, allowRedacted);
  }
}

function checkText(
  rule: FieldRule,
  value: unknown,
  issue: (msg: string, type: string, ctx?: Record<string, unknown>) => ValidationIssue,
  allowRedacted: boolean,
): ValidationIssue | null {
  if (typeof value !== 'string') return issue('Input should be a valid string', 'string_type');
  if (value.length === 0) {
    return issue('String should have at least 1 character', 'string_too_short', { min_length: 1 });
  }
  if (value.length > MAX_TEXT) {
    return issue(`String should have at most ${MAX_TEXT} characters`, 'string_too_long', {
      max_length: MAX_TEXT,
    });
  }
  if (rule.secret && !allowRedacted && value.startsWith(REDACTED_PREFIX)) {
    return issue('This is a redacted value: send the secret itself', 'value_error');
  }
  if (rule.kind === 'email' && !EMAIL_RE.test(value))
    return issue('Not a valid e-mail address', 'value_error');
  if (rule.kind === 'https_url' && !isHttpsUrl(value))
    return issue('Input should be an https URL', 'url_parsing');
  return null;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks `details` against the provider's variant and returns what to store (known keys only; unknown keys
 * are ignored like every unknown request key). `null` clears. A provider without a variant takes none.
 * `allowRedacted` lets redacted secrets through, for a check made before the stored ones can be restored.
 */
export function parseCredentialDetails(
  provider: string,
  details: unknown,
  loc: string[],
  opts: { allowRedacted?: boolean } = {},
): CredentialDetails | null {
  if (details === null || details === undefined) return null;
  const variant = DETAILS_VARIANTS[provider];
  if (!variant) {
    throw ValidationError.single(
      loc,
      `Provider '${provider}' takes no details`,
      'value_error',
      redactedInput(details),
      {
        providers_with_details: Object.keys(DETAILS_VARIANTS),
      },
    );
  }
  const secretKeys = secretKeysOf(variant);
  if (!isObject(details)) {
    throw ValidationError.single(
      loc,
      'Input should be a valid dictionary',
      'dict_type',
      redactedInput(details),
      {},
    );
  }
  let fields: unknown = details;
  let fieldsLoc = loc;
  if (variant.wrapper) {
    fields = details[variant.wrapper];
    fieldsLoc = [...loc, variant.wrapper];
    if (fields === undefined || fields === null) {
      throw ValidationError.single(
        fieldsLoc,
        'Field required',
        'missing',
        redactedInput(details, secretKeys),
        {},
      );
    }
    if (!isObject(fields)) {
      throw ValidationError.single(
        fieldsLoc,
        'Input should be a valid dictionary',
        'dict_type',
        redactedInput(fields),
        {},
      );
    }
  }
  const given = fields as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const stored: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(variant.fields)) {
    const value = given[name];
    const fieldLoc = [...fieldsLoc, name];
    if (value === undefined || value === null) {
      if (rule.required) {
        issues.push({
          loc: fieldLoc,
          msg: 'Field required',
          type: 'missing',
          input: redactedInput(given, secretKeys),
          ctx: {},
        });
      }
      continue;
    }
    const shown = rule.secret ? '[redacted]' : value;
    const issue = checkField(rule, value, fieldLoc, shown, opts.allowRedacted ?? false);
    if (issue) issues.push(issue);
    else stored[name] = value;
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return variant.wrapper ? { [variant.wrapper]: stored } : stored;
}

/**
 * A request may send back details as GET returned them: a secret field whose value is exactly the redacted
 * form of the stored secret keeps the stored secret (any other redacted-looking value is refused later).
 */
export function restoreRedactedSecrets(
  provider: string,
  incoming: unknown,
  current: CredentialDetails | null,
): unknown {
  if (!current || !isObject(incoming)) return incoming;
  const variant = DETAILS_VARIANTS[provider];
  if (!variant) return incoming;
  const stored = (variant.wrapper ? current[variant.wrapper] : current) as unknown;
  const given = (variant.wrapper ? incoming[variant.wrapper] : incoming) as unknown;
  if (!isObject(stored) || !isObject(given)) return incoming;
  const restored = Object.fromEntries(
    Object.entries(given).map(([name, value]) => {
      const kept = stored[name];
      const same = variant.fields[name]?.secret && typeof kept === 'string' && value === redactSecret(kept);
      return [name, same ? kept : value];
    }),
  );
  return variant.wrapper ? { ...incoming, [variant.wrapper]: restored } : restored;
}

/** The details as returned: every secret field replaced by `redactSecret` of its value. */
export function redactCredentialDetails(provider: string, details: CredentialDetails): CredentialDetails {
  const variant = DETAILS_VARIANTS[provider];
  if (!variant) return details;
  const fields = variant.wrapper ? details[variant.wrapper] : details;
  if (!isObject(fields)) return details;
  const redacted = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      variant.fields[name]?.secret && typeof value === 'string' ? redactSecret(value) : value,
    ]),
  );
  return variant.wrapper ? { ...details, [variant.wrapper]: redacted } : redacted;
}

/** Secret field names of the provider's details (for docs and tests). */
export function secretDetailFields(provider: string): string[] {
  const variant = DETAILS_VARIANTS[provider];
  return variant ? [...secretKeysOf(variant)] : [];
}
