import { startEmulator, type RunningEmulator } from '../registry';

const NOW = new Date('2026-03-20T12:00:00Z');

/** Token through the real OAuth flow of the emulator (auto-consent). */
async function tokenFor(
  running: RunningEmulator,
  username: string,
): Promise<{ access: string; userid: number }> {
  running.emulator.oauth!.setAutoConsent(username);
  const redirect = 'https://app.example.test/cb';
  const authorize = new URL(`${running.authUrl}/oauth2_user/authorize2`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: running.emulator.client.clientId,
    redirect_uri: redirect,
    scope: 'user.metrics,user.activity',
    state: 's',
  }))
    authorize.searchParams.set(k, v);
  const code = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
  ).searchParams.get('code')!;
  const res = await fetch(`${running.apiUrl}/v2/oauth2`, {
    method: 'POST',
    body: new URLSearchParams({
      action: 'requesttoken',
      grant_type: 'authorization_code',
      client_id: running.emulator.client.clientId,
      client_secret: running.emulator.client.clientSecret,
      code,
      redirect_uri: redirect,
    }),
  });
  const json = (await res.json()) as { status: number; body: { access_token: string; userid: number } };
  expect(json.status).toBe(0);
  return { access: json.body.access_token, userid: json.body.userid };
}

async function call(running: RunningEmulator, path: string, access: string, params: Record<string, string>) {
  const res = await fetch(`${running.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: new URLSearchParams(params),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: number; body: Record<string, unknown>; error?: string };
}

describe('Withings emulator', () => {
  let a: RunningEmulator;
  let b: RunningEmulator;
  beforeAll(async () => {
    a = await startEmulator('withings', { now: () => NOW });
    b = await startEmulator('withings', { now: () => NOW });
  });
  afterAll(async () => {
    await a.server.close();
    await b.server.close();
  });

  it('serves the same measures for the same account on any instance, none after now', async () => {
    const ta = await tokenFor(a, 'zoe');
    const tb = await tokenFor(b, 'zoe');
    expect(ta.userid).toBe(tb.userid);
    const params = {
      action: 'getmeas',
      startdate: String(NOW.getTime() / 1000 - 5 * 86_400),
      enddate: String(NOW.getTime() / 1000 + 86_400),
    };
    const ra = await call(a, '/measure', ta.access, params);
    const rb = await call(b, '/measure', tb.access, params);
    expect(ra.body.measuregrps).toEqual(rb.body.measuregrps);
    const dates = (ra.body.measuregrps as { date: number }[]).map((g) => g.date);
    expect(Math.max(...dates)).toBeLessThanOrEqual(NOW.getTime() / 1000);
  });

  it('answers errors inside the envelope: bad token 401, wrong action 2554, a 24 h+ sleep get 503', async () => {
    const t = await tokenFor(a, 'yann');
    expect((await call(a, '/measure', 'not-a-token', { action: 'getmeas' })).status).toBe(401);
    expect((await call(a, '/measure', t.access, { action: 'nope' })).status).toBe(2554);
    const start = NOW.getTime() / 1000 - 3 * 86_400;
    expect(
      (
        await call(a, '/v2/sleep', t.access, {
          action: 'get',
          startdate: String(start),
          enddate: String(start + 2 * 86_400),
        })
      ).status,
    ).toBe(503);
    const bad = await fetch(`${a.apiUrl}/v2/oauth2`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'requesttoken', grant_type: 'authorization_code', code: 'x' }),
    });
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { status: number }).status).toBe(503);
  });
});
