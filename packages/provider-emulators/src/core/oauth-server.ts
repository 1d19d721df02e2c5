import { createHash, randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Faults } from './faults';

/**
 * The OAuth 2.0 authorization server of an emulated provider (RFC 6749 authorization code, PKCE S256 per
 * RFC 7636, refresh with optional rotation, RFC 7009-style revocation). The authorize endpoint serves a
 * real consent page a person can use (sign-in name, scopes, Allow / Deny); tests switch on auto-consent.
 * Each provider configures paths, client authentication and response quirks to match its documentation.
 */

export interface OAuthServerOptions {
  providerName: string;
  /** Registered clients (the platform's app; teams' own apps can be added with `registerClient`). */
  clients: { clientId: string; clientSecret: string }[];
  scopes: string[];
  scopeSeparator?: ' ' | ',';
  pkce: 'required' | 'optional';
  clientAuth: 'basic' | 'body' | 'either';
  paths: { authorize: string; token: string; revoke?: string };
  /** Refresh tokens are replaced on every refresh; the previous one keeps working for `refreshGraceSeconds`. */
  rotateRefreshToken: boolean;
  refreshGraceSeconds?: number;
  accessTokenTtlSeconds?: number;
  /** Extra fields of the token response (Fitbit `user_id`, Strava `athlete`, Polar `x_user_id`...). */
  tokenResponseExtra?: (account: EmulatedAccount) => Record<string, unknown>;
  /** Wraps the token response (Withings: `{status: 0, body: {...}}`). */
  wrapTokenResponse?: (body: Record<string, unknown>) => unknown;
  /** Wraps a token error (Withings answers 200 with a non-zero status). */
  wrapTokenError?: (error: string, status: number) => { status: number; body: unknown };
  /** Extra form fields the token endpoint requires (Withings `action=requesttoken`). */
  requiredTokenParams?: Record<string, string>;
  faults: Faults;
  now?: () => Date;
}

export interface EmulatedAccount {
  /** The provider's user id. */
  id: string;
  username: string;
}

export interface Grant {
  account: EmulatedAccount;
  scopes: string[];
  clientId: string;
  accessToken: string;
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  account: EmulatedAccount;
  challenge: string | null;
  expiresAt: number;
}

interface TokenRecord {
  account: EmulatedAccount;
  scopes: string[];
  clientId: string;
  expiresAt: number;
  revoked: boolean;
}

interface RefreshRecord {
  account: EmulatedAccount;
  scopes: string[];
  clientId: string;
  /** Set when rotated away: usable until then. */
  graceUntil: number | null;
  revoked: boolean;
}

export interface OAuthServer {
  router: Router;
  /** Middleware for data endpoints: 401 without a valid bearer token; sets `res.locals.grant`. */
  requireToken: (req: Request, res: Response, next: NextFunction) => void;
  grantOf(res: Response): Grant;
  registerClient(clientId: string, clientSecret: string): void;
  /** Auto-consent: the authorize endpoint redirects at once, signing in as `username`. null = show the page. */
  setAutoConsent(username: string | null, options?: { grantScopes?: string[] }): void;
  accountFor(username: string): EmulatedAccount;
  /** Revoke every token of an account (the person removed the app at the provider). */
  revokeAccount(accountId: string): void;
  /** Make every current access token expire now (forces a refresh). */
  expireAccessTokens(): void;
  stats(): { tokenCalls: number; refreshCalls: number; revokeCalls: number; activeRefreshTokens: number };
  isRevoked(accessToken: string): boolean;
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('base64url');
const random = (n = 24) => randomBytes(n).toString('base64url');

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function accountIdFor(provider: string, username: string): string {
  return createHash('sha256').update(`${provider}:${username}`).digest('hex').slice(0, 12).toUpperCase();
}

export function createOAuthServer(opts: OAuthServerOptions): OAuthServer {
  const now = () => (opts.now ?? (() => new Date()))().getTime();
  const clients = new Map(opts.clients.map((c) => [c.clientId, c.clientSecret]));
  const codes = new Map<string, CodeRecord>();
  const tokens = new Map<string, TokenRecord>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const accounts = new Map<string, EmulatedAccount>();
  const sep = opts.scopeSeparator ?? ' ';
  const accessTtl = opts.accessTokenTtlSeconds ?? 3600;
  const grace = opts.refreshGraceSeconds ?? 60;
  let autoConsent: { username: string; grantScopes?: string[] } | null = null;
  const counters = { tokenCalls: 0, refreshCalls: 0, revokeCalls: 0 };

  function accountFor(username: string): EmulatedAccount {
    let account = accounts.get(username);
    if (!account) {
      account = { id: accountIdFor(opts.providerName, username), username };
      accounts.set(username, account);
    }
    return account;
  }

  function parseScopes(value: unknown): string[] {
    return typeof value === 'string' ? value.split(/[\s,]+/).filter((s) => s.length > 0) : [];
  }

  function issueCode(rec: CodeRecord): string {
    const code = random();
    codes.set(code, rec);
    return code;
  }

  function redirectWith(res: Response, redirectUri: string, params: Record<string, string>) {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    res.redirect(302, url.toString());
  }

  function tokenError(res: Response, error: string, status = 400) {
    if (opts.wrapTokenError) {
      const wrapped = opts.wrapTokenError(error, status);
      res.status(wrapped.status).json(wrapped.body);
      return;
    }
    res.status(status).json({ error, error_description: error.replace(/_/g, ' ') });
  }

  function issueTokens(account: EmulatedAccount, scopes: string[], clientId: string) {
    const access = random(32);
    const refresh = random(32);
    tokens.set(access, { account, scopes, clientId, expiresAt: now() + accessTtl * 1000, revoked: false });
    refreshTokens.set(refresh, { account, scopes, clientId, graceUntil: null, revoked: false });
    const body: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: accessTtl,
      refresh_token: refresh,
      scope: scopes.join(sep),
      ...opts.tokenResponseExtra?.(account),
    };
    return opts.wrapTokenResponse ? opts.wrapTokenResponse(body) : body;
  }

  const router = express.Router();

  router.get(opts.paths.authorize, (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const clientId = q.client_id ?? '';
    const redirectUri = q.redirect_uri ?? '';
    if (!clients.has(clientId)) {
      res.status(400).type('text/plain').send('invalid client_id');
      return;
    }
    if (!/^https?:\/\//.test(redirectUri)) {
      res.status(400).type('text/plain').send('invalid redirect_uri');
      return;
    }
    if (q.response_type !== 'code')
      return redirectWith(res, redirectUri, { error: 'unsupported_response_type', state: q.state ?? '' });
    const challenge = q.code_challenge ?? null;
    if (opts.pkce === 'required' && !challenge)
      return redirectWith(res, redirectUri, {
        error: 'invalid_request',
        error_description: 'code_challenge required',
        state: q.state ?? '',
      });
    if (challenge && (q.code_challenge_method ?? 'plain') !== 'S256')
      return redirectWith(res, redirectUri, {
        error: 'invalid_request',
        error_description: 'S256 only',
        state: q.state ?? '',
      });
    const requested = parseScopes(q.scope).filter((s) => opts.scopes.includes(s));
    if (autoConsent) {
      const granted = autoConsent.grantScopes
        ? requested.filter((s) => autoConsent!.grantScopes!.includes(s))
        : requested;
      const code = issueCode({
        clientId,
        redirectUri,
        scopes: granted,
        account: accountFor(autoConsent.username),
        challenge,
        expiresAt: now() + 10 * 60_000,
      });
      return redirectWith(res, redirectUri, { code, state: q.state ?? '' });
    }
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const scopeBoxes = requested
      .map(
        (s) =>
          `<li><label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label></li>`,
      )
      .join('');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(opts.providerName)} — authorize</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem}</style></head>
<body><main><h1>${escapeHtml(opts.providerName)} (emulator)</h1>
<p>An application asks to read your ${escapeHtml(opts.providerName)} data.</p>
<form method="post" action="${escapeHtml(req.baseUrl + opts.paths.authorize)}">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', q.state ?? '')}${hidden('code_challenge', challenge ?? '')}
<label for="username">Sign in as</label> <input id="username" name="username" value="emulated-user" autocomplete="username">
<fieldset><legend>Permissions</legend><ul>${scopeBoxes}</ul></fieldset>
<button type="submit" name="decision" value="allow" id="allow">Allow</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
</form></main></body></html>`);
  });

  router.post(opts.paths.authorize, express.urlencoded({ extended: false }), (req, res) => {
    const b = req.body as Record<string, string | string[] | undefined>;
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
    const clientId = one(b.client_id);
    const redirectUri = one(b.redirect_uri);
    if (!clients.has(clientId) || !/^https?:\/\//.test(redirectUri)) {
      res.status(400).type('text/plain').send('invalid request');
      return;
    }
    if (one(b.decision) !== 'allow')
      return redirectWith(res, redirectUri, { error: 'access_denied', state: one(b.state) });
    const scopes = (Array.isArray(b.scope) ? b.scope : b.scope ? [b.scope] : []).filter((s) =>
      opts.scopes.includes(s),
    );
    const code = issueCode({
      clientId,
      redirectUri,
      scopes,
      account: accountFor(one(b.username).trim() || 'emulated-user'),
      challenge: one(b.code_challenge) || null,
      expiresAt: now() + 10 * 60_000,
    });
    redirectWith(res, redirectUri, { code, state: one(b.state) });
  });

  router.post(opts.paths.token, express.urlencoded({ extended: false }), (req, res) => {
    counters.tokenCalls += 1;
    const f = opts.faults.get();
    if (f.tokenEndpointDown) {
      res.status(503).json({ error: 'temporarily_unavailable' });
      return;
    }
    const b = req.body as Record<string, string | undefined>;
    for (const [k, v] of Object.entries(opts.requiredTokenParams ?? {})) {
      if (b[k] !== v) return tokenError(res, 'invalid_request');
    }
    let clientId = b.client_id;
    let secret = b.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, s] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(s ?? '');
    } else if (opts.clientAuth === 'basic') return tokenError(res, 'invalid_client', 401);
    if (basic && opts.clientAuth === 'body') return tokenError(res, 'invalid_client', 401);
    if (!clientId || clients.get(clientId) !== secret) return tokenError(res, 'invalid_client', 401);

    if (b.grant_type === 'authorization_code') {
      const rec = codes.get(b.code ?? '');
      codes.delete(b.code ?? '');
      if (!rec || rec.expiresAt < now() || rec.clientId !== clientId || rec.redirectUri !== b.redirect_uri)
        return tokenError(res, 'invalid_grant');
      if (rec.challenge && sha256(b.code_verifier ?? '') !== rec.challenge)
        return tokenError(res, 'invalid_grant');
      if (opts.pkce === 'required' && !rec.challenge) return tokenError(res, 'invalid_grant');
      res.json(issueTokens(rec.account, rec.scopes, clientId));
      return;
    }
    if (b.grant_type === 'refresh_token') {
      counters.refreshCalls += 1;
      const token = b.refresh_token ?? '';
      const rec = refreshTokens.get(token);
      if (!rec || rec.revoked || f.revoked || rec.clientId !== clientId)
        return tokenError(res, 'invalid_grant');
      if (rec.graceUntil !== null && rec.graceUntil < now()) return tokenError(res, 'invalid_grant');
      const access = random(32);
      tokens.set(access, {
        account: rec.account,
        scopes: rec.scopes,
        clientId,
        expiresAt: now() + accessTtl * 1000,
        revoked: false,
      });
      let refresh = token;
      if (opts.rotateRefreshToken) {
        refresh = random(32);
        refreshTokens.set(refresh, { ...rec, graceUntil: null });
        if (rec.graceUntil === null) rec.graceUntil = now() + grace * 1000;
      }
      const body: Record<string, unknown> = {
        access_token: access,
        token_type: 'Bearer',
        expires_in: accessTtl,
        refresh_token: refresh,
        scope: rec.scopes.join(sep),
        ...opts.tokenResponseExtra?.(rec.account),
      };
      res.json(opts.wrapTokenResponse ? opts.wrapTokenResponse(body) : body);
      return;
    }
    tokenError(res, 'unsupported_grant_type');
  });

  if (opts.paths.revoke) {
    router.post(opts.paths.revoke, express.urlencoded({ extended: false }), (req, res) => {
      counters.revokeCalls += 1;
      const b = req.body as Record<string, string | undefined>;
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const token = b.token ?? b.access_token ?? bearer ?? '';
      const access = tokens.get(token);
      const refresh = refreshTokens.get(token);
      const account = access?.account ?? refresh?.account;
      if (account) revokeAccount(account.id);
      res.status(200).json({});
    });
  }

  function revokeAccount(accountId: string) {
    for (const t of tokens.values()) if (t.account.id === accountId) t.revoked = true;
    for (const t of refreshTokens.values()) if (t.account.id === accountId) t.revoked = true;
  }

  function requireToken(req: Request, res: Response, next: NextFunction) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const rec = tokens.get(bearer);
    if (!rec || rec.revoked || opts.faults.get().revoked || rec.expiresAt < now()) {
      res
        .status(401)
        .json({ error: 'invalid_token', message: 'The access token is invalid, expired or revoked.' });
      return;
    }
    res.locals.grant = {
      account: rec.account,
      scopes: rec.scopes,
      clientId: rec.clientId,
      accessToken: bearer,
    } satisfies Grant;
    next();
  }

  return {
    router,
    requireToken,
    grantOf: (res) => res.locals.grant as Grant,
    registerClient: (id, secret) => void clients.set(id, secret),
    setAutoConsent(username, options) {
      autoConsent = username === null ? null : { username, grantScopes: options?.grantScopes };
    },
    accountFor,
    revokeAccount,
    expireAccessTokens() {
      for (const t of tokens.values()) t.expiresAt = now() - 1;
    },
    stats: () => ({
      ...counters,
      activeRefreshTokens: [...refreshTokens.values()].filter((r) => !r.revoked && r.graceUntil === null)
        .length,
    }),
    isRevoked: (access) => tokens.get(access)?.revoked ?? true,
  };
}
