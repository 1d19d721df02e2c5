import { ValidationError, type ValidationIssue } from '@meridian/domain';

/**
 * The provider-specific `details` of a team credential: the variants of api-shapes §8.3, plus the keys our
 * connectors read from a team's own app (marked "connector" below). Checked per provider, stored with the
 * known keys only, and returned with the secret fields redacted.
 */

type ValueKind = 'string' | 'boolean' | 'email' | 'https_url' | 'string_list' | 'id';

interface ValueRule {
  kind: ValueKind;
  required: boolean;
  /** Verify tokens, webhook secrets: sealed at rest like all details, redacted when returned. */
  secret: boolean;
}

/** An object of known keys; some variants nest one under the provider's name (`{fitbit: {...}}`). */
interface ObjectRule {
  kind: 'object';
  required: boolean;
  fields: Record<string, Rule>;
}

type Rule = ValueRule | ObjectRule;

const req = (kind: ValueKind, secret = false): ValueRule => ({ kind, required: true, secret });
const opt = (kind: ValueKind, secret = false): ValueRule => ({ kind, required: false, secret });
const object = (fields: Record<string, Rule>, required = true): ObjectRule => ({
  kind: 'object',
  required,
  fields,
});

export const DETAILS_VARIANTS: Readonly<Record<string, ObjectRule>> = {
  fitbit: object({
    fitbit: object({
      is_hr_enabled: opt('boolean'),
      workout_verify_token: req('string', true),
      sleep_verify_token: req('string', true),
      body_verify_token: req('string', true),
      foods_verify_token: opt('string', true),
    }),
    subscriber_id: opt('string'), // connector: the app's subscriber for apiSubscriptions
  }),
  google_fit: object({ redirect_uri: req('https_url'), data_scopes: req('string_list') }),
  google_health: object({ project_number: req('string'), service_account_email: req('email') }),
  polar: object({ webhook_secret: req('string', true) }),
  getlabs: object({
    getlabs: object({ webhook_secret_key: req('string', true), webhook_secret_token: req('string', true) }),
  }),
  phlebfinders: object({
    phlebfinders: object({
      account_id: req('string'),
      account_name: req('string'),
      team_id: req('string'),
      team_name: req('string'),
      webhook_token: req('string', true),
      email: req('email'),
    }),
  }),
  my_fitness_pal_v2: object({ client: req('string') }),
  // connector: Oura webhook subscriptions' verification token (derived from the client secret when absent)
  oura: object({ verification_token: opt('string', true) }),
  // connector: Strava push subscription's verify token and id
  strava: object({ verify_token: opt('string', true), subscription_id: opt('id') }),
  // connector: region of the team's LibreView practice account (its e-mail and password are the client)
  freestyle_libre: object({ region: opt('string') }),
};

export type CredentialDetails = Record<string, unknown>;

const MAX_TEXT = 2048;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a redacted secret looks like on the wire; never accepted back as a secret. */
const REDACTED_PREFIX = '***';
const HIDDEN = '[redacted]';

/** `***` plus the last four characters when the secret is long enough for that to reveal nothing useful. */
export function redactSecret(value: string): string {
  return value.length >= 16 ? `${REDACTED_PREFIX}${value.slice(-4)}` : REDACTED_PREFIX;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of unchecked input safe to echo in a 422: known non-secret values as given; secret values, unknown
 * keys and anything not following the rule with every string hidden.
 */
function shownInput(value: unknown, rule?: Rule): unknown {
  if (rule?.kind === 'object' && isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shownInput(v, rule.fields[k])]));
  }
  if (rule && rule.kind !== 'object' && !rule.secret) return value;
  if (typeof value === 'string') return HIDDEN;
  if (Array.isArray(value)) return value.map((v) => shownInput(v));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shownInput(v)]));
  return value;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

interface ParseContext {
  issues: ValidationIssue[];
  allowRedacted: boolean;
}

/** The problem with one value, as `[msg, type]`, or null. */
function valueProblem(rule: ValueRule, value: unknown, allowRedacted: boolean): [string, string] | null {
  if (rule.kind === 'boolean') {
    return typeof value === 'boolean' ? null : ['Input should be a valid boolean', 'bool_type'];
  }
  if (rule.kind === 'string_list') {
    return Array.isArray(value) ? null : ['Input should be a valid list', 'list_type'];
  }
  if (rule.kind === 'id' && typeof value === 'number' && Number.isSafeInteger(value)) return null;
  if (typeof value !== 'string') return ['Input should be a valid string', 'string_type'];
  if (value.length === 0) return ['String should have at least 1 character', 'string_too_short'];
  if (value.length > MAX_TEXT)
    return [`String should have at most ${MAX_TEXT} characters`, 'string_too_long'];
  if (rule.secret && !allowRedacted && value.startsWith(REDACTED_PREFIX)) {
    return ['This is a redacted value: send the secret itself', 'value_error'];
  }
  if (rule.kind === 'email' && !EMAIL_RE.test(value)) return ['Not a valid e-mail address', 'value_error'];
  if (rule.kind === 'https_url' && !isHttpsUrl(value)) return ['Input should be an https URL', 'url_parsing'];
  return null;
}

function parseValue(rule: ValueRule, value: unknown, loc: string[], ctx: ParseContext): unknown {
  const problem = valueProblem(rule, value, ctx.allowRedacted);
  if (problem) {
    ctx.issues.push({ loc, msg: problem[0], type: problem[1], input: shownInput(value, rule), ctx: {} });
    return undefined;
  }
  if (rule.kind !== 'string_list') return value;
  const items = value as unknown[];
  const bad = items.findIndex((v) => typeof v !== 'string' || v.length === 0 || v.length > MAX_TEXT);
  if (bad < 0) return items;
  ctx.issues.push({
    loc: [...loc, String(bad)],
    msg: `Input should be a string of 1 to ${MAX_TEXT} characters`,
    type: 'string_type',
    input: items[bad] ?? null,
    ctx: {},
  });
  return undefined;
}

/** The known keys of `value` that follow `rule`; problems go to `ctx.issues`. */
function parseObject(
  rule: ObjectRule,
  value: unknown,
  loc: string[],
  ctx: ParseContext,
): Record<string, unknown> | undefined {
  if (!isObject(value)) {
    ctx.issues.push({
      loc,
      msg: 'Input should be a valid dictionary',
      type: 'dict_type',
      input: shownInput(value),
      ctx: {},
    });
    return undefined;
  }
  const stored: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(rule.fields)) {
    const fieldLoc = [...loc, name];
    const given = value[name];
    if (given === undefined || given === null) {
      if (field.required) {
        ctx.issues.push({
          loc: fieldLoc,
          msg: 'Field required',
          type: 'missing',
          input: shownInput(value, rule),
          ctx: {},
        });
      }
      continue;
    }
    const parsed =
      field.kind === 'object'
        ? parseObject(field, given, fieldLoc, ctx)
        : parseValue(field, given, fieldLoc, ctx);
    if (parsed !== undefined) stored[name] = parsed;
  }
  return stored;
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
      shownInput(details),
      {
        providers_with_details: Object.keys(DETAILS_VARIANTS),
      },
    );
  }
  const ctx: ParseContext = { issues: [], allowRedacted: opts.allowRedacted ?? false };
  const stored = parseObject(variant, details, loc, ctx);
  if (ctx.issues.length > 0 || !stored) throw new ValidationError(ctx.issues);
  return stored;
}

/** Rebuilds `value` with each secret string of `rule` passed through `map` (with the stored twin, if any). */
function mapSecrets(
  rule: ObjectRule,
  value: Record<string, unknown>,
  twin: unknown,
  map: (secret: string, stored: unknown) => unknown,
): Record<string, unknown> {
  const stored = isObject(twin) ? twin : {};
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => {
      const field = rule.fields[name];
      if (field?.kind === 'object' && isObject(v)) return [name, mapSecrets(field, v, stored[name], map)];
      if (field?.kind !== 'object' && field?.secret && typeof v === 'string')
        return [name, map(v, stored[name])];
      return [name, v];
    }),
  );
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
  const variant = DETAILS_VARIANTS[provider];
  if (!variant || !current || !isObject(incoming)) return incoming;
  return mapSecrets(variant, incoming, current, (secret, stored) =>
    typeof stored === 'string' && secret === redactSecret(stored) ? stored : secret,
  );
}

/** The details as returned: every secret field replaced by `redactSecret` of its value. */
export function redactCredentialDetails(provider: string, details: CredentialDetails): CredentialDetails {
  const variant = DETAILS_VARIANTS[provider];
  return variant ? mapSecrets(variant, details, null, (secret) => redactSecret(secret)) : details;
}
