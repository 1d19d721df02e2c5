import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/**
 * Link tokens, link codes and OAuth states. Only hashes of the values we issue are stored; "take"
 * operations mark a value used in the same statement that reads it, so two concurrent uses cannot both win.
 */

export type LinkStatus = 'pending' | 'connected' | 'error' | 'pending_provider_mfa';

/** The widget-visible progress of a link session (`link_tokens.state`). */
export interface LinkTokenState {
  status?: LinkStatus;
  provider?: string | null;
  error_type?: string | null;
  error?: string | null;
  provider_mfa?: { method: 'sms' | 'email'; hint: string } | null;
  /** The connector's pending MFA state, sealed with the secret box (never the password in clear). */
  mfa_pending_sealed?: string | null;
  connected_providers?: string[];
}

export interface LinkTokenRecord {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string;
  provider: string | null;
  redirectUrl: string | null;
  filterOnProviders: string[] | null;
  onError: 'redirect' | null;
  onClose: 'redirect' | null;
  expiresAt: Date;
  consumedAt: Date | null;
  state: LinkTokenState;
  /** False when the user was deleted after the token was issued. */
  userActive: boolean;
}

interface LinkTokenRow {
  id: string;
  team_id: string;
  environment: Environment;
  user_id: string;
  provider: string | null;
  redirect_url: string | null;
  filter_on_providers: string[] | null;
  on_error: 'redirect' | null;
  on_close: 'redirect' | null;
  expires_at: Date;
  consumed_at: Date | null;
  state: LinkTokenState | null;
  user_deleted_at: Date | null;
}

function toRecord(row: LinkTokenRow): LinkTokenRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    environment: row.environment,
    userId: row.user_id,
    provider: row.provider,
    redirectUrl: row.redirect_url,
    filterOnProviders: row.filter_on_providers,
    onError: row.on_error,
    onClose: row.on_close,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
    state: row.state ?? {},
    userActive: row.user_deleted_at === null,
  };
}

export interface NewLinkToken {
  id: string;
  tokenHash: string;
  teamId: string;
  environment: Environment;
  userId: string;
  provider: string | null;
  redirectUrl: string | null;
  filterOnProviders: string[] | null;
  onError: 'redirect' | null;
  onClose: 'redirect' | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface LinkCodeRecord {
  teamId: string;
  environment: Environment;
  userId: string;
}

export interface OAuthStateRecord {
  linkTokenId: string;
  provider: string;
  codeVerifierSealed: string | null;
  redirectUri: string;
}

export function createLinkTokensRepository(db: Knex | Knex.Transaction) {
  const tokens = () =>
    db('link_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .select<LinkTokenRow[]>('t.*', 'u.deleted_at as user_deleted_at');

  return {
    async insertToken(t: NewLinkToken): Promise<void> {
      await db('link_tokens').insert({
        id: t.id,
        token_hash: t.tokenHash,
        team_id: t.teamId,
        environment: t.environment,
        user_id: t.userId,
        provider: t.provider,
        redirect_url: t.redirectUrl,
        filter_on_providers: t.filterOnProviders,
        on_error: t.onError,
        on_close: t.onClose,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      });
    },

    async findByHash(tokenHash: string): Promise<LinkTokenRecord | undefined> {
      const row = await tokens().where('t.token_hash', tokenHash).first();
      return row ? toRecord(row) : undefined;
    },

    async findById(id: string, opts: { forUpdate?: boolean } = {}): Promise<LinkTokenRecord | undefined> {
      const query = tokens().where('t.id', id).first();
      const row = await (opts.forUpdate ? query.forUpdate('t') : query);
      return row ? toRecord(row) : undefined;
    },

    async setState(id: string, state: LinkTokenState): Promise<void> {
      await db('link_tokens')
        .where({ id })
        .update({ state: JSON.stringify(state) });
    },

    /** Marks the token used up by a successful connection, with its final state. */
    async consume(id: string, at: Date, state: LinkTokenState): Promise<void> {
      await db('link_tokens')
        .where({ id })
        .update({ consumed_at: at, state: JSON.stringify(state) });
    },

    async insertCode(c: {
      codeHash: string;
      teamId: string;
      environment: Environment;
      userId: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db('link_codes').insert({
        code_hash: c.codeHash,
        team_id: c.teamId,
        environment: c.environment,
        user_id: c.userId,
        created_at: c.createdAt,
        expires_at: c.expiresAt,
      });
    },

    /** The code's binding, marking it used; undefined when unknown, used or expired. */
    async takeCode(codeHash: string, now: Date): Promise<LinkCodeRecord | undefined> {
      const rows = await db('link_codes')
        .where({ code_hash: codeHash })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now })
        .returning<{ team_id: string; environment: Environment; user_id: string }[]>([
          'team_id',
          'environment',
          'user_id',
        ]);
      const row = rows[0];
      return row ? { teamId: row.team_id, environment: row.environment, userId: row.user_id } : undefined;
    },

    async insertOAuthState(
      s: OAuthStateRecord & { stateHash: string; createdAt: Date; expiresAt: Date },
    ): Promise<void> {
      await db('oauth_states').insert({
        state_hash: s.stateHash,
        link_token_id: s.linkTokenId,
        provider: s.provider,
        code_verifier_sealed: s.codeVerifierSealed,
        redirect_uri: s.redirectUri,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
      });
    },

    /** The state's binding, marking it used; undefined when unknown, used or expired (CSRF and replay). */
    async takeOAuthState(stateHash: string, now: Date): Promise<OAuthStateRecord | undefined> {
      const rows = await db('oauth_states')
        .where({ state_hash: stateHash })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now })
        .returning<
          {
            link_token_id: string;
            provider: string;
            code_verifier_sealed: string | null;
            redirect_uri: string;
          }[]
        >(['link_token_id', 'provider', 'code_verifier_sealed', 'redirect_uri']);
      const row = rows[0];
      return row
        ? {
            linkTokenId: row.link_token_id,
            provider: row.provider,
            codeVerifierSealed: row.code_verifier_sealed,
            redirectUri: row.redirect_uri,
          }
        : undefined;
    },
  };
}

export type LinkTokensRepository = ReturnType<typeof createLinkTokensRepository>;
