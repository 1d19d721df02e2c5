import type { Response } from 'express';
import type { ManagementRole, Plan } from '@meridian/domain';

/** Who is calling the management API: an Org (org_admin) or Team (team_admin) Management Key. */
export interface ManagementPrincipal {
  keyId: string;
  orgId: string;
  role: ManagementRole;
  /** Bound teams of a Team Management Key; empty for an Org Management Key. */
  teamIds: string[];
  plan: Plan;
}

export function principalOf(res: Response): ManagementPrincipal {
  const p = res.locals.principal as ManagementPrincipal | undefined;
  if (!p) throw new Error('principal missing: the guard did not run for this route');
  return p;
}

/** True when the key may act on `teamId` (org keys: any team of their org — callers check the org). */
export function canReachTeam(p: ManagementPrincipal, teamId: string): boolean {
  return p.role === 'org_admin' || p.teamIds.includes(teamId);
}
