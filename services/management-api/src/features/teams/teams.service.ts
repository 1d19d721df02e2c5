import type { CursorCodec } from '@meridian/platform';
import {
  ConflictError,
  ENVIRONMENTS,
  newId,
  NotFoundError,
  outOfScope,
  ValidationError,
  type Environment,
  type Region,
} from '@meridian/domain';
import { canReachTeam, type ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import type { UnitOfWork } from '../shared/unit-of-work';
import { isUniqueViolation } from '../shared/unique-violation';
import {
  applyEnvSettings,
  DEFAULT_ENV_SETTINGS,
  mergeTeamSettings,
  readTeamSettings,
  type TeamEnvSettingsInput,
} from './team-settings';
import { toOrgTeam, toTeamListItem, type OrgTeam, type TeamListItem } from './team.view';
import type { TeamsRepository } from './teams.repository';

/** `CreateTeam` (api-shapes §8.3): the flags apply to both environments of the new team. */
export type CreateTeamInput = Omit<TeamEnvSettingsInput, 'patient_experience'> & {
  name: string;
  region: Region;
  id?: string | null;
  integration_team_id?: string | null;
};

/** `UpdateTeam` (api-shapes §8.3). */
export interface UpdateTeamInput {
  name?: string;
  integration_team_id?: string | null;
  sandbox?: TeamEnvSettingsInput;
  production?: TeamEnvSettingsInput;
}

export interface TeamListQuery {
  teamId?: string;
  regions?: Region[];
  searchQuery?: string;
  nextCursor?: string;
}

const duplicateIntegrationTeamId = (holderId: string) =>
  new ConflictError(
    'duplicate_integration_team_id',
    'Another team of the organization has this integration_team_id.',
    {
      team_id: holderId,
    },
  );

const duplicateTeamId = (teamId: string) =>
  new ConflictError('duplicate_team_id', 'A team with this id already exists.', { team_id: teamId });

async function assertIntegrationTeamIdFree(
  teams: TeamsRepository,
  orgId: string,
  integrationTeamId: string | null | undefined,
  teamId?: string,
): Promise<void> {
  if (integrationTeamId === null || integrationTeamId === undefined) return;
  const holder = await teams.findByIntegrationTeamId(orgId, integrationTeamId);
  if (holder && holder.id !== teamId) throw duplicateIntegrationTeamId(holder.id);
}

export function createTeamsService(deps: {
  uow: UnitOfWork<'teams' | 'managementKeys' | 'members' | 'invites'>;
  region: Region;
  clock: () => Date;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow } = deps;

  /** A concurrent writer can win the unique index after our check: report it the same way. */
  async function reportRaces<T>(
    orgId: string,
    input: { id?: string | null; integration_team_id?: string | null },
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (err) {
      if (input.integration_team_id && isUniqueViolation(err, 'teams_integration_team_id_uq')) {
        const holder = await uow.read(({ teams }) =>
          teams.findByIntegrationTeamId(orgId, input.integration_team_id!),
        );
        if (holder) throw duplicateIntegrationTeamId(holder.id);
      }
      if (input.id && isUniqueViolation(err, 'teams_pkey')) throw duplicateTeamId(input.id);
      throw err;
    }
  }

  return {
    async list(principal: ManagementPrincipal, orgId: string, query: TeamListQuery) {
      const scope = listScope('teams', orgId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const reachableTeamIds = principal.role === 'org_admin' ? undefined : principal.teamIds;
      const page = await uow.read(async ({ teams }) => {
        // A team the org does not have is not found, as in the single read. A Team Management Key's list
        // is filtered to its bound teams (api-shapes §2.3), so an unbound team_id is an empty page for it.
        if (
          query.teamId !== undefined &&
          !reachableTeamIds &&
          !(await teams.findInOrg(orgId, query.teamId))
        ) {
          throw new NotFoundError('Team not found.');
        }
        return teams.list(orgId, { ...query, reachableTeamIds, after }, MANAGEMENT_PAGE_SIZE);
      });
      return {
        teams: page.items.map(toTeamListItem) satisfies TeamListItem[],
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    async create(orgId: string, input: CreateTeamInput): Promise<OrgTeam> {
      if (input.region !== deps.region) {
        throw ValidationError.single(
          ['body', 'region'],
          `This deployment serves region '${deps.region}' only`,
          'value_error',
          input.region,
          { served_region: deps.region },
        );
      }
      const { name, region, id, integration_team_id, ...flags } = input;
      const envSettings = applyEnvSettings({ ...DEFAULT_ENV_SETTINGS }, flags, ['body']);
      const settings = Object.fromEntries(ENVIRONMENTS.map((env) => [env, envSettings]));
      const row = await reportRaces(orgId, input, () =>
        uow.write(async ({ teams }) => {
          if (id && (await teams.idExists(id))) throw duplicateTeamId(id);
          await assertIntegrationTeamIdFree(teams, orgId, integration_team_id);
          return teams.insert({
            id: id ?? newId(),
            org_id: orgId,
            name,
            region,
            integration_team_id: integration_team_id ?? null,
            settings,
            created_on: deps.clock(),
          });
        }),
      );
      return toOrgTeam(row, ENVIRONMENTS);
    },

    async get(orgId: string, teamId: string, include: readonly Environment[]): Promise<OrgTeam> {
      const row = await uow.read(({ teams }) => teams.findInOrg(orgId, teamId));
      if (!row) throw new NotFoundError('Team not found.');
      return toOrgTeam(row, include);
    },

    async update(orgId: string, teamId: string, input: UpdateTeamInput): Promise<OrgTeam> {
      const row = await reportRaces(orgId, input, () =>
        uow.write(async ({ teams }) => {
          // Locked: a concurrent link-settings write between this read and the update is not lost.
          const current = await teams.findInOrg(orgId, teamId, { forUpdate: true });
          if (!current) throw new NotFoundError('Team not found.');
          await assertIntegrationTeamIdFree(teams, orgId, input.integration_team_id, teamId);
          const settings = readTeamSettings(current.settings);
          for (const env of ENVIRONMENTS)
            settings[env] = applyEnvSettings(settings[env], input[env], ['body', env]);
          return teams.update(orgId, teamId, {
            name: input.name,
            integration_team_id: input.integration_team_id,
            settings: mergeTeamSettings(current.settings, settings),
          });
        }),
      );
      if (!row) throw new NotFoundError('Team not found.');
      return toOrgTeam(row, ENVIRONMENTS);
    },

    /** Deletes the team with its keys, users and features, and unbinds it from keys, members and invites. */
    async delete(orgId: string, teamId: string): Promise<{ success: true }> {
      await uow.write(async ({ teams, managementKeys, members, invites }) => {
        if (!(await teams.delete(orgId, teamId))) throw new NotFoundError('Team not found.');
        await managementKeys.unbindTeam(orgId, teamId);
        await members.unbindTeam(orgId, teamId);
        await invites.unbindTeam(orgId, teamId);
      });
      return { success: true };
    },

    async resolve(
      principal: ManagementPrincipal,
      orgId: string,
      integrationTeamId: string,
    ): Promise<OrgTeam> {
      const row = await uow.read(({ teams }) => teams.findByIntegrationTeamId(orgId, integrationTeamId));
      if (!row) throw new NotFoundError('No team has this integration_team_id.');
      if (!canReachTeam(principal, row.id)) throw outOfScope('This key is not bound to that team.');
      return toOrgTeam(row, []);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
