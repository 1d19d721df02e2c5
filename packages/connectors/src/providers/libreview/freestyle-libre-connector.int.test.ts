import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import type { ConnectorContext } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { contextFor, fetchWindow, totals, useIngestionDb } from '../__tests__/connector-test-kit';
import { freestyleLibreConnector } from './freestyle-libre-connector';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const now = () => NOW;

let running: RunningEmulator;
let ctx: ConnectorContext;
const store = useIngestionDb(now);

beforeAll(async () => {
  running = await startEmulator('freestyle_libre', { now });
  ctx = contextFor(running, now);
});
afterAll(() => running.server.close());

const control = (path: string, method: string, body: unknown) =>
  fetch(`${running.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('FreeStyle Libre (e-mail invitation) connector against the emulator', () => {
  it('invites the person; the connection is pending until they accept, then names the patient', async () => {
    const invite = freestyleLibreConnector.invite!;
    await expect(invite(ctx, { email: 'carol@example.test' })).resolves.toEqual({
      externalUserId: null,
      pending: true,
    });
    // Asking again answers the same pending invitation.
    await expect(invite(ctx, { email: 'carol@example.test' })).resolves.toEqual({
      externalUserId: null,
      pending: true,
    });
    expect(
      (await control('/__emulator/invitations/accept', 'POST', { email: 'carol@example.test' })).status,
    ).toBe(200);
    const accepted = await invite(ctx, { email: 'carol@example.test' });
    expect(accepted).toMatchObject({
      pending: false,
      externalUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(accepted.tokens).toMatchObject({
      externalUserId: accepted.externalUserId,
      extra: { region: 'eu' },
    });

    const start = new Date(NOW.getTime() - 86_400_000);
    const { pages, merged } = await fetchWindow(freestyleLibreConnector.streams[0]!, ctx, {
      tokens: accepted.tokens!,
      start,
      end: NOW,
      fallbackTimeZone: null,
    });
    const samples = merged.timeseries.flatMap((t) => t.samples);
    expect(merged.timeseries[0]?.source).toEqual({ provider: 'freestyle_libre', type: 'automatic' });
    expect(samples).toHaveLength(49);
    const userId = await store.insertUser();
    expect(totals(await store.ingestPages(userId, pages)).created).toBe(49);
    expect(totals(await store.ingestPages(userId, pages)).created).toBe(0);
  });

  it('is active at once when the emulator auto-accepts', async () => {
    expect((await control('/__emulator/auto-accept', 'PUT', { on: true })).status).toBe(200);
    const invited = await freestyleLibreConnector.invite!(ctx, { email: 'dave@example.test', region: 'eu' });
    expect(invited.pending).toBe(false);
    expect(invited.externalUserId).toBeTruthy();
  });

  it('reports a refused practice account as a provider error, not the person’s credentials', async () => {
    const wrong = { ...ctx, client: { ...ctx.client, clientSecret: 'wrong' } };
    await expect(
      freestyleLibreConnector.invite!(wrong, { email: 'erin@example.test' }),
    ).rejects.toBeInstanceOf(ProviderResponseError);
  });
});
