import type { Environment } from '@meridian/domain';

/**
 * The per-environment team settings the data API reads (`teams.settings[<env>]`, written by the management
 * API). Keys a stored row lacks get their defaults, so teams created before a setting existed still answer.
 */

export interface BrandInformation {
  company_name: string;
  company_website: string;
  support_email: string | null;
  support_contact: string | null;
  company_address: string | null;
  brand_color: string | null;
}

export interface TeamEnvLinkSettings {
  brandInformation: BrandInformation | null;
  logoUrl: string | null;
  /** A provider account already linked to another user of the environment is refused when true. */
  rejectDuplicateConnection: boolean;
  /** Hosts a link token's `redirect_url` may name; empty = loopback hosts only. */
  allowedRedirectHosts: string[];
  /** Lab-test messages to patients by SMS / e-mail (management API team settings; both default on). */
  labTestsPatientSms: boolean;
  labTestsPatientEmail: boolean;
  criticalResultNotificationEmail: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function brandOf(v: unknown): BrandInformation | null {
  if (!v || typeof v !== 'object') return null;
  const b = v as Record<string, unknown>;
  const name = str(b.company_name);
  if (name === null) return null;
  return {
    company_name: name,
    company_website: str(b.company_website) ?? '',
    support_email: str(b.support_email),
    support_contact: str(b.support_contact),
    company_address: str(b.company_address),
    brand_color: str(b.brand_color),
  };
}

export function teamEnvLinkSettings(stored: unknown, environment: Environment): TeamEnvLinkSettings {
  const all = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const env = (all[environment] && typeof all[environment] === 'object' ? all[environment] : {}) as Record<
    string,
    unknown
  >;
  const hosts = Array.isArray(env.allowed_redirect_hosts) ? env.allowed_redirect_hosts : [];
  return {
    brandInformation: brandOf(env.brand_information),
    logoUrl: str(env.logo_url),
    rejectDuplicateConnection: env.reject_duplicate_connection === true,
    allowedRedirectHosts: hosts.filter((h): h is string => typeof h === 'string').map((h) => h.toLowerCase()),
    labTestsPatientSms: env.lab_tests_patient_sms_communication_enabled !== false,
    labTestsPatientEmail: env.lab_tests_patient_email_communication_enabled !== false,
    criticalResultNotificationEmail: str(env.critical_result_notification_email),
  };
}
