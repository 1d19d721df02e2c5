import { NotFoundError, ValidationError, type ValidationIssue } from '@meridian/domain';
import type { components } from '../../generated/openapi';
import { isOAuthProvider, knownScopes } from '../shared/provider-capabilities';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { ScopeRequirementRow } from './scope-requirements.repository';

export type ScopeRequirementList = components['schemas']['ScopeRequirementList'];

export interface ScopeRequirementInput {
  user_must_grant: string[];
  user_may_grant: string[];
}

/** `{<oauth provider slug>: {user_must_grant, user_may_grant}}`. */
export type SetScopeRequirementsInput = Record<string, ScopeRequirementInput>;

const LISTS = ['user_must_grant', 'user_may_grant'] as const;

/** Each key an OAuth provider, each scope one its connector knows, no scope in both lists. */
function checkRequirements(input: SetScopeRequirementsInput): void {
  const issues: ValidationIssue[] = [];
  for (const [provider, requirement] of Object.entries(input)) {
    if (!isOAuthProvider(provider)) {
      issues.push({
        loc: ['body', provider],
        msg: `'${provider}' is not an OAuth provider: it has no scopes`,
        type: 'value_error',
        input: requirement,
        ctx: {},
      });
      continue;
    }
    const known = new Set(knownScopes(provider));
    for (const list of LISTS) {
      requirement[list].forEach((scope, index) => {
        const loc = ['body', provider, list, String(index)];
        if (!known.has(scope)) {
          issues.push({
            loc,
            msg: `Unknown scope '${scope}' for provider '${provider}'`,
            type: 'value_error',
            input: scope,
            ctx: { known_scopes: [...known] },
          });
        } else if (list === 'user_may_grant' && requirement.user_must_grant.includes(scope)) {
          issues.push({
            loc,
            msg: `Scope '${scope}' is already in user_must_grant`,
            type: 'value_error',
            input: scope,
            ctx: {},
          });
        }
      });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

const toRequirement = (row: ScopeRequirementRow) => ({
  team_id: row.team_id,
  provider: row.provider,
  user_must_grant: row.user_must_grant,
  user_may_grant: row.user_may_grant,
});

export function createScopeRequirementsService(deps: {
  uow: UnitOfWork<'scopeRequirements' | 'teams'>;
  clock: () => Date;
}) {
  const { uow } = deps;
  const teamNotFound = () => new NotFoundError('Team not found.');

  return {
    async list(orgId: string, teamId: string, provider?: string): Promise<ScopeRequirementList> {
      const rows = await uow.read(async ({ teams, scopeRequirements }) => {
        if (!(await teams.findInOrg(orgId, teamId))) throw teamNotFound();
        return scopeRequirements.list(teamId, provider);
      });
      return { requirements: rows.map(toRequirement) };
    },

    /** Replaces the requirements of the providers named in the body; the others stay. Answers them all. */
    async set(
      orgId: string,
      teamId: string,
      input: SetScopeRequirementsInput,
    ): Promise<ScopeRequirementList> {
      checkRequirements(input);
      const now = deps.clock();
      const rows = await uow.write(async ({ teams, scopeRequirements }) => {
        if (!(await teams.findInOrg(orgId, teamId))) throw teamNotFound();
        for (const [provider, requirement] of Object.entries(input)) {
          await scopeRequirements.put({
            team_id: teamId,
            provider,
            user_must_grant: requirement.user_must_grant,
            user_may_grant: requirement.user_may_grant,
            updated_at: now,
          });
        }
        return scopeRequirements.list(teamId);
      });
      return { requirements: rows.map(toRequirement) };
    },
  };
}

export type ScopeRequirementsService = ReturnType<typeof createScopeRequirementsService>;
