import type { Response } from 'express';
import type { Environment, Region } from '@meridian/domain';

/** Who is calling the data API: always exactly one team + environment. */
export interface TeamPrincipal {
  keyId: string;
  teamId: string;
  orgId: string;
  environment: Environment;
  region: Region;
  /** The team's override of the per-key request limit (requests per minute); null = the default. */
  rateLimitPerMinute?: number | null;
}

export function principalOf(res: Response): TeamPrincipal {
  const p = res.locals.principal as TeamPrincipal | undefined;
  if (!p) throw new Error('principal missing: the guard did not run for this route');
  return p;
}
