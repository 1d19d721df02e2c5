/**
 * The newcomer path: `pnpm start` with no DATABASE_URL / AMQP_URL (embedded PostgreSQL, in-process
 * transport), `pnpm cli bootstrap --json`, then the README quickstart; a restart keeps the data. And the
 * first mistake a newcomer meets: a port already taken.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, runTs, runTsToEnd, waitReady, type RunningProcess } from './support/processes';

interface Bootstrap {
  org_id: string;
  team_id: string;
  management_key: string;
  api_keys: { production: string; sandbox: string };
}

describe('pnpm start (embedded defaults) and the README quickstart', () => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-start-'));
  chmodSync(stateDir, 0o755);
  let env: NodeJS.ProcessEnv;
  let dataUrl: string;
  let mgmtUrl: string;
  let system: RunningProcess | undefined;

  beforeAll(async () => {
    const [dataPort, mgmtPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const { DATABASE_URL: _db, AMQP_URL: _amqp, ...rest } = process.env;
    env = {
      ...rest,
      MERIDIAN_STATE_DIR: stateDir,
      MERIDIAN_EMBEDDED_PG_PORT: String(pgPort),
      DATA_API_PORT: String(dataPort),
      MANAGEMENT_API_PORT: String(mgmtPort),
      WORKER_HEALTH_PORT: '0',
      // The provider emulators on free ports (no provider credentials are configured here).
      PROVIDER_EMULATOR_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    dataUrl = `http://127.0.0.1:${dataPort}`;
    mgmtUrl = `http://127.0.0.1:${mgmtPort}`;
  });

  afterAll(async () => {
    await system?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  async function startSystem(): Promise<RunningProcess> {
    const proc = runTs('meridian', 'tools/start.ts', env);
    await waitReady(dataUrl, proc, 90_000);
    await waitReady(mgmtUrl, proc, 30_000);
    return proc;
  }

  it('starts, bootstraps, runs the quickstart, stops cleanly and keeps data across a restart', async () => {
    system = await startSystem();

    const boot = await runTsToEnd('tools/cli.ts', ['bootstrap', '--json'], env);
    if (boot.code !== 0) throw new Error(`bootstrap failed (${boot.code}): ${boot.stderr}`);
    const keys = JSON.parse(boot.stdout) as Bootstrap;
    expect(keys.api_keys.sandbox).toMatch(/^sk_us_/);
    expect(keys.api_keys.production).toMatch(/^pk_us_/);
    expect(keys.management_key).toMatch(/^mg_/);

    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${dataUrl}${p}`, {
        ...init,
        headers: { 'x-service-api-key': keys.api_keys.sandbox, 'content-type': 'application/json' },
      });

    const created = await api('/v2/user', {
      method: 'POST',
      body: JSON.stringify({ client_user_id: 'patient-0001' }),
    });
    expect(created.status).toBe(200);
    const user = (await created.json()) as { user_id: string; client_user_id: string };
    expect(user.client_user_id).toBe('patient-0001');

    const again = await api('/v2/user', {
      method: 'POST',
      body: JSON.stringify({ client_user_id: 'patient-0001' }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { detail: { user_id: string } }).detail.user_id).toBe(user.user_id);

    const resolved = await api('/v2/user/resolve/patient-0001');
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as { user_id: string }).user_id).toBe(user.user_id);

    expect((await api(`/v2/user/${user.user_id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api('/v2/user/resolve/patient-0001')).status).toBe(404);
    expect((await api(`/v2/user/undo_delete?user_id=${user.user_id}`, { method: 'POST' })).status).toBe(200);
    expect((await api('/v2/user/resolve/patient-0001')).status).toBe(200);

    const team = await fetch(`${mgmtUrl}/v1/org/${keys.org_id}/team/${keys.team_id}`, {
      headers: { 'X-Management-Key': keys.management_key },
    });
    expect(team.status).toBe(200);
    expect(((await team.json()) as { id: string }).id).toBe(keys.team_id);

    await demoDataLikeTheQuickstart(api);
    await connectOuraLikeTheQuickstart(api, user.user_id);

    expect(await system.stop()).toBe(0);

    system = await startSystem();
    const afterRestart = await api('/v2/user/resolve/patient-0001');
    expect(afterRestart.status).toBe(200);
    expect(await system.stop()).toBe(0);
    system = undefined;
  }, 300_000);
});

describe('pnpm start with a port already taken', () => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-start-taken-'));
  let squatter: Server | undefined;

  afterAll(async () => {
    await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('fails before starting anything, with one line naming the port, the process and the variable', async () => {
    const [dataPort, mgmtPort, pgPort, taken] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    squatter = createServer();
    await new Promise<void>((resolve) => squatter!.listen(taken, '127.0.0.1', resolve));
    const { DATABASE_URL: _db, AMQP_URL: _amqp, ...rest } = process.env;
    const run = await runTsToEnd('tools/start.ts', [], {
      ...rest,
      MERIDIAN_STATE_DIR: stateDir,
      MERIDIAN_EMBEDDED_PG_PORT: String(pgPort),
      DATA_API_PORT: String(dataPort),
      MANAGEMENT_API_PORT: String(mgmtPort),
      // The first worker (lab-report-parser) gets this port, the next two the ones after it.
      WORKER_HEALTH_PORT: String(taken),
      PROVIDER_EMULATOR_PORT: '0',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `meridian: Port ${taken} on 127.0.0.1 (lab-report-parser health) is already in use: stop what listens there, or set WORKER_HEALTH_PORT to another port.`,
    ]);
    // Nothing was started: the embedded database was never initialised.
    expect(existsSync(path.join(stateDir, 'pgdata'))).toBe(false);
  }, 60_000);
});

/**
 * README step 6: connect the demo provider, wait as the README says — until the historical-pull
 * introspection shows no resource scheduled, in progress or retrying — then read today's heart rate.
 */
async function demoDataLikeTheQuickstart(
  api: (p: string, init?: RequestInit) => Promise<Response>,
): Promise<void> {
  const created = await api('/v2/user', {
    method: 'POST',
    body: JSON.stringify({ client_user_id: 'patient-demo' }),
  });
  const { user_id: userId } = (await created.json()) as { user_id: string };
  const connect = await api('/v2/link/connect/demo', {
    method: 'POST',
    body: JSON.stringify({ user_id: userId, provider: 'oura' }),
  });
  expect(connect.status).toBe(200);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = (await (await api(`/v2/introspect/historical_pull?user_id=${userId}`)).json()) as {
      data: { provider: Record<string, { pulled: Record<string, { status: string }> }> }[];
    };
    const pulls = Object.values(res.data[0]!.provider.oura!.pulled);
    if (!pulls.some((p) => ['scheduled', 'in_progress', 'retrying'].includes(p.status))) {
      expect(pulls.map((p) => p.status)).toEqual(pulls.map(() => 'success'));
      break;
    }
    if (Date.now() > deadline) throw new Error(`demo pull not done: ${JSON.stringify(pulls)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const today = new Date().toISOString().slice(0, 10);
  const hr = (await (await api(`/v2/timeseries/${userId}/heartrate/grouped?start_date=${today}`)).json()) as {
    groups: Record<string, { data: unknown[] }[]>;
  };
  expect(hr.groups.oura?.[0]?.data.length ?? 0).toBeGreaterThan(0);
}

/**
 * README step 7–8: a link token, the Oura emulator's consent page answered as a person would (the form is
 * read from the page and posted with "Allow"), the data API's callback, then the historical pull ending in
 * success with heart-rate data stored.
 */
async function connectOuraLikeTheQuickstart(
  api: (p: string, init?: RequestInit) => Promise<Response>,
  userId: string,
): Promise<void> {
  const tokenRes = await api('/v2/link/token', { method: 'POST', body: JSON.stringify({ user_id: userId }) });
  expect(tokenRes.status).toBe(200);
  const { link_token: linkToken, link_web_url: linkWebUrl } = (await tokenRes.json()) as {
    link_token: string;
    link_web_url: string;
  };
  expect(linkWebUrl).toContain('/link?token=');
  const dataUrl = new URL(linkWebUrl).origin.replace('localhost', '127.0.0.1');
  const oauth = await fetch(`${dataUrl}/v2/link/provider/oauth/oura`, {
    headers: { 'x-service-link-token': linkToken },
  });
  expect(oauth.status).toBe(200);
  const authorize = new URL(((await oauth.json()) as { oauth_url: string }).oauth_url);

  const page = await (await fetch(authorize)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  expect(action).toBeDefined();
  const form = new URLSearchParams();
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.append(m[1]!, m[2]!);
  for (const m of page.matchAll(/<input type="checkbox" name="scope" value="([^"]+)" checked>/g))
    form.append('scope', m[1]!);
  form.set('username', 'patient-0001-oura');
  form.set('decision', 'allow');
  const consent = await fetch(new URL(action!, authorize), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  callback.hostname = '127.0.0.1';
  const done = await fetch(callback, { redirect: 'manual' });
  expect(done.status).toBe(302);
  expect(done.headers.get('location')).toContain('/link/return?status=success&provider=oura');

  const providers = (await (await api(`/v2/user/providers/${userId}`)).json()) as {
    providers: { slug: string; status: string }[];
  };
  expect(providers.providers).toEqual([expect.objectContaining({ slug: 'oura', status: 'connected' })]);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = (await (await api(`/v2/introspect/historical_pull?user_id=${userId}`)).json()) as {
      data: { provider: Record<string, { pulled: Record<string, { status: string }> }> }[];
    };
    const pulled = Object.values(res.data[0]?.provider.oura?.pulled ?? {});
    if (pulled.length > 0 && pulled.every((p) => p.status === 'success')) break;
    if (Date.now() > deadline) throw new Error(`historical pull not done: ${JSON.stringify(pulled)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const hr = (await (await api(`/v2/timeseries/${userId}/heartrate/grouped?start_date=${day}`)).json()) as {
    groups: Record<string, { data: unknown[] }[]>;
  };
  expect(hr.groups.oura?.[0]?.data.length ?? 0).toBeGreaterThan(0);
}
