import express, { type Request, type Response, type Router } from 'express';
import { connectorFor, type InboundWebhook } from '@meridian/connectors';
import { isUuid, NotFoundError } from '@meridian/domain';
import { handleProviderWebhook, type SyncDeps } from '@meridian/sync';

/**
 * `/v2/provider_webhooks/{provider}[/teams/{team_id}]` (public): notifications from the providers. Mounted
 * before the JSON parser so signatures are checked over the exact bytes received (JSON, form-encoded as
 * Withings sends, or anything else); the sync engine verifies, parses and answers.
 */

const MAX_BODY = '1mb';

function flatten(values: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(values)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function queryOf(req: Request): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of new URL(req.originalUrl, 'http://local').searchParams) out[k] ??= v;
  return out;
}

function send(res: Response, answer: { status: number; body: unknown; contentType?: string }): void {
  res.status(answer.status);
  if (answer.body === undefined || answer.body === null) {
    res.end();
    return;
  }
  if (answer.contentType) {
    res.type(answer.contentType);
    res.send(
      typeof answer.body === 'string' || Buffer.isBuffer(answer.body)
        ? answer.body
        : JSON.stringify(answer.body),
    );
    return;
  }
  if (typeof answer.body === 'string') {
    res.type('text/plain').send(answer.body);
    return;
  }
  res.json(answer.body);
}

export function createProviderWebhooksRouter(deps: { sync: SyncDeps; publicUrl: string }): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: MAX_BODY });

  async function handle(req: Request, res: Response): Promise<void> {
    const provider = req.params.provider as string;
    const teamId = (req.params.team_id as string | undefined) ?? null;
    if (!connectorFor(provider)) throw new NotFoundError('No provider with this slug sends webhooks here.');
    if (teamId !== null && !isUuid(teamId)) throw new NotFoundError('Not found.');
    const request: InboundWebhook = {
      method: req.method,
      headers: flatten(req.headers),
      query: queryOf(req),
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      url: `${deps.publicUrl}${req.originalUrl}`,
    };
    send(res, await handleProviderWebhook(deps.sync, { provider, teamId, request }));
  }

  for (const path of ['/v2/provider_webhooks/:provider', '/v2/provider_webhooks/:provider/teams/:team_id']) {
    // GET also answers HEAD (Express), with the body left out.
    router.route(path).get(rawBody, handle).post(rawBody, handle);
  }
  return router;
}
