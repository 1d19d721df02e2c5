import express from 'express';
import { listen, type RunningServer } from '@meridian/provider-emulators';
import { createTargetAllowList } from '@meridian/platform';
import { ProviderTargetRefusedError, ProviderUnavailableError } from './errors';
import { createProviderHttp, ProviderHttpStatusError } from './http';

describe('provider HTTP client', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = express();
    app.get('/api/ok', (req, res) => {
      res.json({ q: req.query, auth: req.headers.authorization ?? null });
    });
    app.get('/api/forbidden', (_req, res) => {
      res.status(403).json({ error: 'insufficient_scope' });
    });
    app.get('/api/redirect', (_req, res) => {
      res.redirect('http://169.254.169.254/latest/meta-data');
    });
    server = await listen(app);
  });
  afterAll(() => server.close());

  it('sends query and bearer, parses JSON, and hands other 4xx to the connector', async () => {
    const http = createProviderHttp({ baseUrl: `${server.url}/api`, allowList: null });
    const res = await http.request<{ q: Record<string, string>; auth: string }>({
      path: 'ok',
      query: { start: '2026-01-01', skip: undefined },
      bearer: 'tok',
    });
    expect(res.data).toEqual({ q: { start: '2026-01-01' }, auth: 'Bearer tok' });
    await expect(http.request({ path: 'forbidden' })).rejects.toMatchObject({
      name: 'ProviderHttpStatusError',
      status: 403,
      body: { error: 'insufficient_scope' },
    });
    await expect(http.request({ path: 'forbidden', acceptStatus: [403] })).resolves.toMatchObject({
      status: 403,
    });
    // Redirects are never followed (a provider cannot bounce us to an internal address).
    await expect(http.request({ path: 'redirect' })).rejects.toBeInstanceOf(ProviderHttpStatusError);
  });

  it('applies the SSRF rules: loopback refused unless allow-listed; other origins refused', async () => {
    const strict = createProviderHttp({ baseUrl: `${server.url}/api`, allowList: createTargetAllowList([]) });
    await expect(strict.request({ path: 'ok' })).rejects.toBeInstanceOf(ProviderTargetRefusedError);
    const listed = createProviderHttp({
      baseUrl: `${server.url}/api`,
      allowList: createTargetAllowList(['127.0.0.1']),
    });
    await expect(listed.request({ path: 'ok' })).resolves.toMatchObject({ status: 200 });
    await expect(listed.request({ path: 'http://example.org/x' })).rejects.toBeInstanceOf(
      ProviderTargetRefusedError,
    );
  });

  it('reports a closed port as unavailable', async () => {
    const http = createProviderHttp({ baseUrl: 'http://127.0.0.1:9/', allowList: null, timeoutMs: 2000 });
    await expect(http.request({ path: 'x' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
