import type { ConnectorContext, Connector, FetchPage } from '../../connector';
import { ProviderAuthError, ProviderResponseError } from '../../errors';
import { LLU_REGIONS, lluCall, lluGraph, lluLogin, sessionOf, type LluSession } from './llu-client';
import { mapGraph } from './map-llu-graph';

/**
 * FreeStyle Libre by e-mail: the LibreView practice model. The platform (or the team) holds a practice
 * account — its login e-mail and password are the client id and secret, its region `details.region` — which
 * invites the person by e-mail; once the person accepts in LibreView, the practice follows their sensor and
 * reads it like any LibreLinkUp connection. The invitation endpoint is our emulator's modelling (see the
 * LibreView emulator's header); the data calls are LibreLinkUp's.
 */

const SLUG = 'freestyle_libre';
const empty = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });

function practiceRegion(ctx: ConnectorContext, region: unknown): string | null {
  if (typeof region === 'string' && region !== '') return region;
  const configured = ctx.client.details?.region;
  return typeof configured === 'string' && configured !== '' ? configured : null;
}

/** Signs the practice account in. A refusal is our configuration's fault, not the person's credentials. */
async function practiceSession(ctx: ConnectorContext, region: string | null): Promise<LluSession> {
  let result;
  try {
    result = await lluLogin(ctx, {
      username: ctx.client.clientId,
      password: ctx.client.clientSecret,
      region: region ?? undefined,
    });
  } catch (err) {
    if (err instanceof ProviderAuthError)
      throw new ProviderResponseError('LibreView refused the practice account');
    throw err;
  }
  if (result.state !== 'success')
    throw new ProviderResponseError('the practice account asks for a second factor');
  const session = sessionOf(result.tokens);
  return {
    ...session,
    region: session.region ?? region,
  };
}

export const freestyleLibreConnector: Connector = {
  slug: SLUG,
  auth: { type: 'email', regions: LLU_REGIONS },
  defaultUrls: { api: 'https://api.libreview.io', auth: 'https://api.libreview.io' },
  mode: 'pull',
  pollMinutes: 60,
  rateLimit: { requests: 60, windowSeconds: 3600, scope: 'app' },
  streams: [
    {
      name: 'glucose',
      resources: ['glucose'],
      scopes: [],
      backfillDays: 1,
      maxWindowDays: 1,
      async fetch(ctx, req) {
        const patientId = req.tokens.externalUserId;
        if (!patientId) return empty();
        const session = await practiceSession(ctx, practiceRegion(ctx, req.tokens.extra?.region));
        const graph = await lluGraph(ctx, session, patientId);
        return { ...empty(), timeseries: mapGraph(SLUG, graph, req) };
      },
    },
  ],
  scopesFor: () => [],
  /**
   * Invites the person (idempotent: asking again answers the invitation's current state). Accepted → the
   * patient id, and tokens that only name the patient: data is read with the practice's own session.
   */
  async invite(ctx, input) {
    const region = practiceRegion(ctx, input.region);
    const session = await practiceSession(ctx, region);
    const { data } = await lluCall(ctx, session.region, 'llu/practice/invitations', {
      method: 'POST',
      json: { email: input.email },
      session,
    });
    if (data === null || Array.isArray(data))
      throw new ProviderResponseError('LibreView invitation answered no data');
    if (data.state !== 'accepted' || typeof data.patientId !== 'string')
      return { externalUserId: null, pending: true };
    return {
      externalUserId: data.patientId,
      pending: false,
      tokens: {
        accessToken: '',
        refreshToken: null,
        expiresAt: null,
        scopes: [],
        externalUserId: data.patientId,
        extra: { region: session.region },
      },
    };
  },
};
