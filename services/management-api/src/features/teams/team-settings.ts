import { ENVIRONMENTS, ValidationError, type Environment } from '@meridian/domain';

/**
 * Per-environment team settings, stored in `teams.settings` as `{production: {...}, sandbox: {...}}`.
 * Reads fill defaults for keys a stored row lacks, so teams created before a flag existed still answer.
 */
export interface BrandInformation {
  company_name: string;
  company_website: string;
  support_email: string | null;
  support_contact: string | null;
  company_address: string | null;
  brand_color: string | null;
}

export interface TeamEnvSettings {
  lab_tests_patient_sms_communication_enabled: boolean;
  lab_tests_patient_email_communication_enabled: boolean;
  critical_result_notification_email: string | null;
  reject_duplicate_connection: boolean;
  sdk_per_device_activity_timeseries: boolean;
  partial_webhooks_enabled: boolean;
  minor_ordering_enabled: boolean;
  /** Days raw lab report uploads are kept after parsing ends (0 = deleted at once; bounded by the OpenAPI document). */
  lab_report_upload_retention_days: number;
  patient_experience: Record<string, unknown> | null;
  brand_information: BrandInformation | null;
  logo_url: string | null;
}

export type TeamSettings = Record<Environment, TeamEnvSettings>;

/** What a request may send for one environment: every key optional, brand information partial. */
export type TeamEnvSettingsInput = Partial<Omit<TeamEnvSettings, 'brand_information'>> & {
  brand_information?: Partial<BrandInformation> | null;
};

export const DEFAULT_ENV_SETTINGS: Readonly<TeamEnvSettings> = Object.freeze({
  lab_tests_patient_sms_communication_enabled: true,
  lab_tests_patient_email_communication_enabled: true,
  critical_result_notification_email: null,
  reject_duplicate_connection: false,
  sdk_per_device_activity_timeseries: false,
  partial_webhooks_enabled: false,
  minor_ordering_enabled: false,
  lab_report_upload_retention_days: 0,
  patient_experience: null,
  brand_information: null,
  logo_url: null,
});

const BRAND_DEFAULTS: Omit<BrandInformation, 'company_name'> = {
  company_website: '',
  support_email: null,
  support_contact: null,
  company_address: null,
  brand_color: null,
};

function pickDefined<T extends object>(input: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const ENV_SETTING_KEYS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_ENV_SETTINGS));

/**
 * Only the keys of `TeamEnvSettings`. `teams.settings[<env>]` also holds keys other features own (the link
 * settings' `allowed_redirect_hosts`): they are not team settings, so they are neither read into `OrgTeam`
 * nor writable through PATCH team (unknown request keys are ignored).
 */
function pickSettingKeys<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([k]) => ENV_SETTING_KEYS.has(k))) as Partial<T>;
}

/** Merges a partial brand block over the current one; the result must name the company. */
function mergeBrand(
  current: BrandInformation | null,
  patch: Partial<BrandInformation> | null | undefined,
  loc: string[],
): BrandInformation | null {
  if (patch === undefined) return current;
  if (patch === null) return null;
  const merged = { ...BRAND_DEFAULTS, ...(current ?? {}), ...pickDefined(patch) };
  if (typeof merged.company_name !== 'string') {
    throw ValidationError.single([...loc, 'company_name'], 'Field required', 'missing', patch, {});
  }
  return merged as BrandInformation;
}

/** Applies one environment's input over its current settings (`loc` points at that block in the body). */
export function applyEnvSettings(
  current: TeamEnvSettings,
  input: TeamEnvSettingsInput | undefined,
  loc: string[],
): TeamEnvSettings {
  if (!input) return current;
  const { brand_information, ...flags } = input;
  return {
    ...current,
    ...pickDefined(pickSettingKeys(flags)),
    brand_information: mergeBrand(current.brand_information, brand_information, [
      ...loc,
      'brand_information',
    ]),
  };
}

function readEnv(stored: unknown): TeamEnvSettings {
  const env = (stored && typeof stored === 'object' ? stored : {}) as Partial<TeamEnvSettings>;
  const brand = env.brand_information ? { ...BRAND_DEFAULTS, ...env.brand_information } : null;
  return { ...DEFAULT_ENV_SETTINGS, ...pickSettingKeys(env), brand_information: brand };
}

/** Reads `teams.settings` with defaults filled for both environments. */
export function readTeamSettings(stored: unknown): TeamSettings {
  const all = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(ENVIRONMENTS.map((env) => [env, readEnv(all[env])])) as TeamSettings;
}

/**
 * The `teams.settings` value to store after an update: the new settings of both environments written over
 * what is stored, so keys other features keep there (link settings) survive.
 */
export function mergeTeamSettings(stored: unknown, settings: TeamSettings): Record<string, unknown> {
  const all = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...all };
  for (const env of ENVIRONMENTS) {
    const current = all[env] && typeof all[env] === 'object' ? all[env] : {};
    merged[env] = { ...current, ...settings[env] };
  }
  return merged;
}
