import { randomToken } from '@meridian/connectors';
import {
  hashKey,
  isProviderSlug,
  newId,
  NotFoundError,
  ValidationError,
  type TeamScope,
  type ValidationIssue,
} from '@meridian/domain';
import { USER_NOT_FOUND } from '../users/users.service';
import { teamEnvLinkSettings } from '../team/team-env-settings';
import type { UnitOfWork } from '../unit-of-work';
import {
  LINK_CODE_DEFAULT_TTL_MS,
  LINK_CODE_MAX_TTL_MS,
  LINK_TOKEN_TTL_MS,
  linkWebUrlFor,
  type LinkDeps,
} from './link-deps';
import { linkableConnector } from './link-providers';
import { linkTokenProblem } from './link-session';
import { redirectUrlProblem } from './redirect-url.rules';

/**
 * Link tokens and codes. A token is 32 random bytes handed out once; only its sha256 is stored. It binds
 * one user of one team environment for an hour and is used up by the first successful connection.
 */

export interface LinkTokenInput {
  user_id: string;
  provider?: string;
  redirect_url?: string;
  filter_on_providers?: string[];
  on_error?: 'redirect';
  on_close?: 'redirect';
}

const issue = (loc: string[], msg: string, type: string, input: unknown): ValidationIssue => ({
  loc,
  msg,
  type,
  input,
  ctx: {},
});

export function createLinkTokenService(
  deps: Pick<LinkDeps, 'clock' | 'publicUrl' | 'linkWebUrl'> & {
    uow: UnitOfWork<'users' | 'teams' | 'linkTokens'>;
  },
) {
  async function requireUser(scope: TeamScope, userId: string): Promise<void> {
    if (!(await deps.uow.read(({ users }) => users.findActiveById(scope, userId)))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
  }

  async function allowedRedirectHosts(scope: TeamScope): Promise<string[]> {
    const team = await deps.uow.read(({ teams }) => teams.findById(scope.teamId));
    return teamEnvLinkSettings(team?.settings, scope.environment).allowedRedirectHosts;
  }

  async function inputIssues(scope: TeamScope, input: LinkTokenInput): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    const filter = input.filter_on_providers;
    filter?.forEach((slug, i) => {
      if (!isProviderSlug(slug)) {
        issues.push(
          issue(
            ['body', 'filter_on_providers', String(i)],
            'Unknown provider slug; see GET /v2/providers.',
            'enum',
            slug,
          ),
        );
      }
    });
    if (input.provider !== undefined) {
      if (!linkableConnector(input.provider)) {
        issues.push(
          issue(
            ['body', 'provider'],
            'This provider cannot be linked through the widget; see GET /v2/link/providers.',
            'value_error',
            input.provider,
          ),
        );
      } else if (filter && !filter.includes(input.provider)) {
        issues.push(
          issue(
            ['body', 'provider'],
            'provider must be one of filter_on_providers.',
            'value_error',
            input.provider,
          ),
        );
      }
    }
    for (const key of ['on_error', 'on_close'] as const) {
      if (input[key] === 'redirect' && input.redirect_url === undefined) {
        issues.push(
          issue(['body', key], `${key}: 'redirect' needs a redirect_url.`, 'value_error', input[key]),
        );
      }
    }
    if (input.redirect_url !== undefined) {
      const problem = redirectUrlProblem(input.redirect_url, await allowedRedirectHosts(scope));
      if (problem)
        issues.push(issue(['body', 'redirect_url'], problem.message, 'value_error', input.redirect_url));
    }
    return issues;
  }

  async function issueToken(
    scope: TeamScope,
    input: Omit<LinkTokenInput, 'user_id'> & { userId: string },
  ): Promise<{ link_token: string; link_web_url: string }> {
    const token = randomToken(32);
    const now = deps.clock();
    await deps.uow.write(({ linkTokens }) =>
      linkTokens.insertToken({
        id: newId(),
        tokenHash: hashKey(token),
        teamId: scope.teamId,
        environment: scope.environment,
        userId: input.userId,
        provider: input.provider ?? null,
        redirectUrl: input.redirect_url ?? null,
        filterOnProviders: input.filter_on_providers ? [...new Set(input.filter_on_providers)] : null,
        onError: input.on_error ?? null,
        onClose: input.on_close ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS),
      }),
    );
    return { link_token: token, link_web_url: linkWebUrlFor(deps.linkWebUrl, token) };
  }

  return {
    async create(scope: TeamScope, input: LinkTokenInput) {
      const issues = await inputIssues(scope, input);
      if (issues.length > 0) throw new ValidationError(issues);
      await requireUser(scope, input.user_id);
      return issueToken(scope, { ...input, userId: input.user_id });
    },

    /** Only the key's own team environment's tokens can be valid. */
    async isValid(scope: TeamScope, token: string): Promise<boolean> {
      const found = await deps.uow.read(({ linkTokens }) => linkTokens.findByHash(hashKey(token)));
      if (!found || found.teamId !== scope.teamId || found.environment !== scope.environment) return false;
      return linkTokenProblem(found, deps.clock()) === null;
    },

    async createCode(scope: TeamScope, userId: string, expiresAt: Date | undefined) {
      const now = deps.clock();
      const expires = expiresAt ?? new Date(now.getTime() + LINK_CODE_DEFAULT_TTL_MS);
      if (expires <= now || expires.getTime() - now.getTime() > LINK_CODE_MAX_TTL_MS) {
        throw ValidationError.single(
          ['query', 'expires_at'],
          'expires_at must be in the future and at most 24 hours from now.',
          'value_error',
          expiresAt?.toISOString() ?? null,
        );
      }
      await requireUser(scope, userId);
      const code = randomToken(32);
      await deps.uow.write(({ linkTokens }) =>
        linkTokens.insertCode({
          codeHash: hashKey(code),
          teamId: scope.teamId,
          environment: scope.environment,
          userId,
          createdAt: now,
          expiresAt: expires,
        }),
      );
      const exchange = new URL(`${deps.publicUrl}/v2/link/code/exchange`);
      exchange.searchParams.set('code', code);
      return { code, exchange_url: exchange.toString(), expires_at: expires };
    },

    /** Trades a one-time code for a fresh link token (no preselected provider, no redirect). */
    async exchangeCode(code: string) {
      const now = deps.clock();
      const bound = await deps.uow.write(({ linkTokens }) => linkTokens.takeCode(hashKey(code), now));
      if (!bound) throw new NotFoundError('Unknown, used or expired link code.');
      const scope = { teamId: bound.teamId, environment: bound.environment };
      await requireUser(scope, bound.userId);
      return issueToken(scope, { userId: bound.userId });
    },
  };
}

export type LinkTokenService = ReturnType<typeof createLinkTokenService>;
