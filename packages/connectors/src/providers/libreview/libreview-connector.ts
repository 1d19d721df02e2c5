import type { Connector, FetchPage } from '../../connector';
import { ProviderAuthError } from '../../errors';
import { LLU_REGIONS, lluCompleteMfa, lluGraph, lluLogin, lluPatientIds, sessionOf } from './llu-client';
import { mapGraph } from './map-llu-graph';

/**
 * Abbott LibreView account by e-mail and password, read through LibreLinkUp: the account follows the
 * person's own sensor (the usual LibreLinkUp set-up), so its first connection is the patient whose glucose we
 * read. LibreLinkUp only serves the last 12 hours, so we poll hourly and the backfill is one day at most.
 * Two-step verification: see `llu-client.ts` and the emulator's notes (it is our modelling).
 */

const SLUG = 'abbott_libreview';
const empty = (): FetchPage => ({ timeseries: [], summaries: [], workoutStreams: [], nextPage: null });

export const libreViewConnector: Connector = {
  slug: SLUG,
  auth: { type: 'password', mfa: true, regions: LLU_REGIONS },
  defaultUrls: { api: 'https://api.libreview.io', auth: 'https://api.libreview.io' },
  mode: 'pull',
  pollMinutes: 60,
  // No published limit; the community reports throttling beyond about one request a minute per account.
  rateLimit: { requests: 60, windowSeconds: 3600, scope: 'user' },
  streams: [
    {
      name: 'glucose',
      resources: ['glucose'],
      scopes: [],
      backfillDays: 1,
      maxWindowDays: 1,
      async fetch(ctx, req) {
        const session = sessionOf(req.tokens);
        const patientId =
          typeof req.tokens.extra?.patientId === 'string'
            ? req.tokens.extra.patientId
            : (await lluPatientIds(ctx, session))[0];
        if (!patientId) return empty();
        const graph = await lluGraph(ctx, session, patientId);
        return { ...empty(), timeseries: mapGraph(SLUG, graph, req) };
      },
    },
  ],
  scopesFor: () => [],
  login: (ctx, input) => lluLogin(ctx, input),
  completeMfa: (ctx, pending, code) => lluCompleteMfa(ctx, pending, code),
  /** The account id, and the patient it follows (the person's own sensor). */
  async identify(ctx, tokens) {
    const [patientId] = await lluPatientIds(ctx, sessionOf(tokens));
    if (!patientId)
      throw new ProviderAuthError('user_not_found', 'this LibreLinkUp account follows no sensor');
    return { externalUserId: tokens.externalUserId ?? patientId, extra: { patientId } };
  },
};
