import { startEmulator, type RunningEmulator } from '../registry';

const NOW = new Date('2026-03-20T12:00:00Z');

async function tokenFor(running: RunningEmulator, username: string): Promise<string> {
  running.emulator.oauth!.setAutoConsent(username);
  const redirect = 'https://app.example.test/cb';
  const authorize = new URL(`${running.authUrl}/oauth/oauth2/auth`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: running.emulator.client.clientId,
    redirect_uri: redirect,
    scope: 'read:sleep read:cycles offline',
    state: 'state-123',
  }))
    authorize.searchParams.set(k, v);
  const code = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
  ).searchParams.get('code')!;
  const res = await fetch(`${running.authUrl}/oauth/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: running.emulator.client.clientId,
      client_secret: running.emulator.client.clientSecret,
      code,
      redirect_uri: redirect,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('WHOOP v2 emulator', () => {
  let running: RunningEmulator;
  beforeAll(async () => {
    running = await startEmulator('whoop_v2', { now: () => NOW });
  });
  afterAll(() => running.server.close());

  const get = async (path: string, token: string, query: Record<string, string>) => {
    const url = new URL(`${running.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return fetch(url, { headers: { authorization: `Bearer ${token}` } });
  };

  it('pages newest first within [start, end), never past now; the open cycle has no end', async () => {
    const token = await tokenFor(running, 'zoe');
    const first = await get('/v2/cycle', token, { limit: '3', start: '2026-03-10T00:00:00Z' });
    expect(first.headers.get('x-ratelimit-limit')).toContain('100;window=60');
    const body = (await first.json()) as {
      records: { start: string; end?: string; score_state: string }[];
      next_token: string;
    };
    expect(body.records).toHaveLength(3);
    expect(body.records[0]!.end).toBeUndefined();
    expect(body.records[0]!.score_state).toBe('PENDING_SCORE');
    expect(Date.parse(body.records[0]!.start)).toBeGreaterThan(Date.parse(body.records[1]!.start));
    const next = (await (
      await get('/v2/cycle', token, { limit: '3', start: '2026-03-10T00:00:00Z', nextToken: body.next_token })
    ).json()) as {
      records: { start: string }[];
    };
    expect(Date.parse(next.records[0]!.start)).toBeLessThan(Date.parse(body.records[2]!.start));

    const sleeps = (await (
      await get('/v2/activity/sleep', token, {
        limit: '25',
        start: '2026-03-01T00:00:00Z',
        end: '2026-04-01T00:00:00Z',
      })
    ).json()) as {
      records: { end: string }[];
    };
    expect(sleeps.records.every((s) => Date.parse(s.end) <= NOW.getTime())).toBe(true);
  });

  it('refuses a limit above 25 and a request without a valid token', async () => {
    const token = await tokenFor(running, 'yann');
    expect((await get('/v2/activity/sleep', token, { limit: '26' })).status).toBe(400);
    expect((await get('/v2/activity/sleep', 'nope', {})).status).toBe(401);
  });
});
