/** Organizations, teams, environments, regions and plans. */
export const PLANS = ['launch', 'grow', 'scale'] as const;
export type Plan = (typeof PLANS)[number];

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const REGIONS = ['us', 'eu'] as const;
export type Region = (typeof REGIONS)[number];

export const MANAGEMENT_ROLES = ['org_admin', 'team_admin'] as const;
/** `org_admin` is an Org Management Key; `team_admin` is a Team Management Key. */
export type ManagementRole = (typeof MANAGEMENT_ROLES)[number];

export const MEMBER_ROLES = ['org_admin', 'team_admin', 'no_role'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const FEATURES = ['continuous_query', 'lab_report_human_review'] as const;
/** Closed-beta features, enabled per team. */
export type Feature = (typeof FEATURES)[number];

export interface TeamScope {
  teamId: string;
  environment: Environment;
}

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}

/** Spec rule 8 and api-shapes §2.3: Org Management Key calls need the Scale plan. */
export function planAllowsOrgManagement(plan: Plan): boolean {
  return plan === 'scale';
}
