import { createHmac } from 'node:crypto';
import type { RunningEmulator } from '@meridian/provider-emulators';
import { accountIdFor } from '@meridian/provider-emulators';
import { connectThroughOAuth, createLinkHarness, type LinkHarness } from '../link/link.test-fixtures';

/** Inbound provider webhooks reach the connectors with their raw bodies, without an API key. */
describe('inbound provider webhooks', () => {
  let h: LinkHarness;
  let oura: RunningEmulator;

  beforeAll(async () => {
    h = await createLinkHarness(['oura']);
    oura = h.emulators.get('oura')!;
    h.providers.get('withings')!.client = { clientId: 'withings-app', clientSecret: 'withings-secret' };
  });
  afterAll(() => h.close());

  /** Oura's documented signature: uppercase hex HMAC-SHA256 of timestamp + raw body, keyed with the app secret. */
  const ouraSignature = (timestamp: string, body: string) =>
    createHmac('sha256', oura.emulator.client.clientSecret)
      .update(timestamp + body)
      .digest('hex')
      .toUpperCase();

  it('accepts a notification the emulator signs, over the exact bytes it sent', async () => {
    const userId = await h.createUser(h.team.keys.sandbox);
    await connectThroughOAuth(h, h.team.keys.sandbox, userId, 'oura', 'lena');
    const status = await oura.emulator.notify!(
      `${h.baseUrl}/v2/provider_webhooks/oura`,
      accountIdFor('Oura', 'lena'),
    );
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(300);
  });

  it('keeps the raw JSON body: a re-serialised body would break the signature', async () => {
    // Spacing and key order a JSON parser would not preserve.
    const body =
      '{ "event_type":"create",  "data_type":"sleep","object_id":"x","event_time":"2026-11-20T10:00:00+00:00","user_id":"NOBODY" }';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const send = (signature: string) =>
      h
        .api()
        .post('/v2/provider_webhooks/oura')
        .set('content-type', 'application/json')
        .set('x-oura-timestamp', timestamp)
        .set('x-oura-signature', signature)
        .send(body);
    const good = await send(ouraSignature(timestamp, body));
    expect(good.status).toBeLessThan(300);
    const bad = await send(ouraSignature(timestamp, body.replace('NOBODY', 'SOMEONE')));
    expect(bad.status).toBe(401);
  });

  it('passes form-encoded bodies (Withings) and HEAD probes', async () => {
    const post = (body: string) =>
      h
        .api()
        .post('/v2/provider_webhooks/withings')
        .set('content-type', 'application/x-www-form-urlencoded')
        .send(body);
    const ok = await post('userid=123456&appli=44&startdate=1700000000&enddate=1700086400');
    expect(ok.status).toBeLessThan(300);
    const missing = await post('appli=44');
    expect(missing.status).toBe(400);
    const head = await h.api().head('/v2/provider_webhooks/withings');
    expect(head.status).toBeLessThan(500);
  });

  it('answers 404 for unknown providers, malformed team ids, and teams without their own app', async () => {
    expect((await h.api().post('/v2/provider_webhooks/nope').send({})).status).toBe(404);
    expect((await h.api().post('/v2/provider_webhooks/oura/teams/not-a-uuid').send({})).status).toBe(404);
    const team = await h.api().post(`/v2/provider_webhooks/oura/teams/${h.team.teamId}`).send({});
    expect(team.status).toBe(404);
  });

  it('refuses a verification handshake with the wrong token', async () => {
    const res = await h.api().get('/v2/provider_webhooks/oura?verification_token=wrong&challenge=abc');
    expect(res.status).toBe(401);
  });

  it('answers refusals with the error envelope of every other error (found by the fuzz probe)', async () => {
    const unsigned = await h
      .api()
      .post('/v2/provider_webhooks/oura')
      .set('content-type', 'application/json')
      .send('{}');
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toEqual({
      detail: { error_type: 'invalid_credentials', error_message: expect.any(String) },
    });
    const handshake = await h.api().get('/v2/provider_webhooks/oura?verification_token=wrong&challenge=abc');
    expect(handshake.body.detail).toMatchObject({ error_type: 'invalid_credentials' });
    const noApp = await h.api().post(`/v2/provider_webhooks/oura/teams/${h.team.teamId}`).send({});
    expect(noApp.status).toBe(404);
    expect(noApp.body).toEqual({ detail: { error_type: 'not_found', error_message: expect.any(String) } });
  });
});
