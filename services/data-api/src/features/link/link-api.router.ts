import express, { type Request, type Response, type Router } from 'express';
import { ValidationError } from '@meridian/domain';
import { requestDateTime } from '@meridian/platform';
import { recordLinkTokenCaller } from '../../audit/data-api-audit';
import { principalOf, type TeamPrincipal } from '../../auth/principal';
import { wireDateTime } from '../users/users.presenter';
import type { LinkDeps } from './link-deps';
import { createLinkCredentialsService } from './link-credentials.service';
import { createLinkManualService } from './link-manual.service';
import { createLinkOAuthService, type CallbackQuery } from './link-oauth.service';
import { toLinkSource, linkableConnector } from './link-providers';
import { LINK_TOKEN_HEADER, loadLinkSession } from './link-session';
import { createLinkTokenService, type LinkTokenInput } from './link-token.service';
import { createLinkWidgetApiService, linkStateOf } from './link-widget-api.service';

/**
 * `/v2/link/*` beyond the demo connection: link tokens and codes (team API key), the widget's calls (link
 * token), the OAuth callback (public). The OpenAPI validator has already checked types and formats.
 */

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function createLinkApiRouter(deps: LinkDeps): Router {
  const tokens = createLinkTokenService(deps);
  const oauth = createLinkOAuthService(deps);
  const credentials = createLinkCredentialsService(deps);
  const manual = createLinkManualService(deps);
  const widget = createLinkWidgetApiService(deps);
  const router = express.Router();

  // The authenticated token is the caller the audit trail records for the widget's calls.
  const session = (req: Request, opts: { allowConsumed?: boolean } = {}) =>
    loadLinkSession(deps.uow, req.header(LINK_TOKEN_HEADER), deps.clock(), opts).then((s) => {
      recordLinkTokenCaller(req.res!, s);
      return s;
    });

  router.post('/v2/link/token', async (req, res) => {
    res.json(await tokens.create(principalOf(res), req.body as LinkTokenInput));
  });

  router.post('/v2/link/token/isValid', async (req, res) => {
    const body = req.body as { token: string };
    res.json({ valid: await tokens.isValid(principalOf(res), body.token) });
  });

  router.post('/v2/link/code/create', async (req, res) => {
    const expiresAt = str(req.query.expires_at);
    const code = await tokens.createCode(
      principalOf(res),
      str(req.query.user_id) ?? '',
      expiresAt === undefined ? undefined : requestDateTime(expiresAt, ['query', 'expires_at']),
    );
    res.json({ ...code, expires_at: wireDateTime(code.expires_at) });
  });

  router.post('/v2/link/code/exchange', async (req, res) => {
    const code = str(req.query.code) ?? str((req.body as { code?: unknown } | undefined)?.code);
    if (code === undefined) {
      throw ValidationError.single(['query', 'code'], 'Field required', 'missing', req.query, {});
    }
    res.json(await tokens.exchangeCode(code));
  });

  router.get('/v2/link/providers', async (req, res) => {
    const principal = res.locals.principal as TeamPrincipal | undefined;
    const filter = principal ? null : (await session(req, { allowConsumed: true })).filterOnProviders;
    res.json(widget.providers(filter));
  });

  router.get('/v2/link/provider/oauth/:oauth_provider', async (req, res) => {
    const s = await session(req);
    const provider = req.params.oauth_provider;
    const url = await oauth.authorizeUrl(s, provider, ['path', 'oauth_provider']);
    res.json(toLinkSource(linkableConnector(provider)!, url));
  });

  router.post('/v2/link/auth', async (req, res) => {
    const s = await session(req);
    const provider = (req.body as { provider: string }).provider;
    res.json({ auth_type: 'oauth', oauth_url: await oauth.authorizeUrl(s, provider, ['body', 'provider']) });
  });

  router.get('/v2/link/oauth/callback', async (req, res) => {
    const query: CallbackQuery = {
      code: str(req.query.code),
      state: str(req.query.state),
      error: str(req.query.error),
    };
    res.redirect(302, await oauth.callback(query));
  });

  router.post('/v2/link/provider/password/:provider', async (req, res) => {
    const s = await session(req);
    const body = req.body as { username: string; password: string; region?: string };
    res.json(
      await credentials.password(s, req.params.provider, {
        username: body.username,
        password: body.password,
        region: body.region,
      }),
    );
  });

  router.post('/v2/link/provider/password/:provider/complete_mfa', async (req, res) => {
    const s = await session(req);
    const body = req.body as { mfa_code: string };
    res.json(await credentials.completeMfa(s, req.params.provider, body.mfa_code));
  });

  const email = async (req: Request, res: Response, provider: string, loc: string[]) => {
    const s = await session(req);
    const body = req.body as { email: string; region?: string };
    res.json(await credentials.email(s, provider, { email: body.email, region: body.region }, loc));
  };
  router.post('/v2/link/provider/email/:provider', (req, res) =>
    email(req, res, req.params.provider, ['path', 'provider']),
  );
  router.post('/v2/link/auth/email', (req, res) =>
    email(req, res, (req.body as { provider: string }).provider, ['body', 'provider']),
  );

  router.post('/v2/link/provider/manual/:provider', async (req, res) => {
    const body = req.body as { user_id: string; provider_id?: string };
    await manual.connect(principalOf(res), req.params.provider, body);
    res.json({ success: true });
  });

  router.post('/v2/link/start', async (req, res) => {
    res.json(await widget.start(await session(req, { allowConsumed: true })));
  });

  router.get('/v2/link/state', async (req, res) => {
    res.json(linkStateOf(await session(req, { allowConsumed: true })));
  });

  return router;
}
