import { NotFoundError } from '@meridian/domain';
import type { UnitOfWork } from '../shared/unit-of-work';

/** What GET/PUT/DELETE …/rate_limit answer (management API decision; api-shapes has no general limit). */
export interface TeamRateLimit {
  /** The limit each of the team's API keys has now, in requests per minute. */
  requests_per_minute: number;
  /** The deployment's default (`RATE_LIMIT_PER_KEY_PER_MINUTE`). */
  default_requests_per_minute: number;
  /** Whether the team has its own value. */
  overridden: boolean;
}

export interface TeamPlace {
  orgId: string;
  teamId: string;
}

export function createRateLimitsService(deps: {
  uow: UnitOfWork<'rateLimits'>;
  clock: () => Date;
  /** The per-key default in requests per minute (0 = the data API does not limit keys). */
  defaultPerMinute: number;
}) {
  const { uow, clock, defaultPerMinute } = deps;
  const teamNotFound = () => new NotFoundError('Team not found.');
  const view = (override: number | null): TeamRateLimit => ({
    requests_per_minute: override ?? defaultPerMinute,
    default_requests_per_minute: defaultPerMinute,
    overridden: override !== null,
  });

  return {
    async get(place: TeamPlace): Promise<TeamRateLimit> {
      const override = await uow.read(({ rateLimits }) => rateLimits.find(place.orgId, place.teamId));
      if (override === undefined) throw teamNotFound();
      return view(override);
    },

    async put(place: TeamPlace, input: { requests_per_minute: number }): Promise<TeamRateLimit> {
      const found = await uow.write(({ rateLimits }) =>
        rateLimits.set(place.orgId, place.teamId, input.requests_per_minute, clock()),
      );
      if (!found) throw teamNotFound();
      return view(input.requests_per_minute);
    },

    async remove(place: TeamPlace): Promise<TeamRateLimit> {
      const found = await uow.write(({ rateLimits }) => rateLimits.clear(place.orgId, place.teamId));
      if (!found) throw teamNotFound();
      return view(null);
    },
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
