import { DomainError, hashKey } from '@meridian/domain';
import type { UnitOfWork } from '../unit-of-work';
import type { LinkTokenRecord } from './link-tokens.repository';

/**
 * The link token of a widget call (`x-service-link-token`). A bad token is 401 with the reason as
 * `error_type` (link contract): unknown or its user deleted → `invalid_token`, past its hour →
 * `token_expired`, already used by a successful connection → `token_consumed`.
 */

export const LINK_TOKEN_HEADER = 'x-service-link-token';

export type LinkTokenProblem = 'invalid_token' | 'token_expired' | 'token_consumed';

const MESSAGES: Record<LinkTokenProblem, string> = {
  invalid_token: 'The link token is unknown or no longer valid; create a new one with POST /v2/link/token.',
  token_expired: 'The link token has expired (link tokens last one hour); create a new one.',
  token_consumed: 'The link token was already used to connect a provider; create a new one to link another.',
};

export class LinkTokenError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(readonly problem: LinkTokenProblem) {
    super(problem, MESSAGES[problem]);
  }
}

/** Why `token` cannot be used now, or null when it can. Reads (start, state) accept a consumed token. */
export function linkTokenProblem(
  token: LinkTokenRecord | undefined,
  now: Date,
  opts: { allowConsumed?: boolean } = {},
): LinkTokenProblem | null {
  if (!token || !token.userActive) return 'invalid_token';
  if (token.expiresAt <= now) return 'token_expired';
  if (token.consumedAt !== null && !opts.allowConsumed) return 'token_consumed';
  return null;
}

export async function loadLinkSession(
  uow: UnitOfWork<'linkTokens'>,
  presented: string | undefined,
  now: Date,
  opts: { allowConsumed?: boolean } = {},
): Promise<LinkTokenRecord> {
  if (!presented) throw new LinkTokenError('invalid_token');
  const token = await uow.read(({ linkTokens }) => linkTokens.findByHash(hashKey(presented)));
  const problem = linkTokenProblem(token, now, opts);
  if (problem) throw new LinkTokenError(problem);
  return token!;
}
