import { createTargetAllowList } from '@meridian/platform';
import { ProviderTargetRefusedError, ProviderUnavailableError } from './errors';
import { createProviderHttp } from './http';

/** The provider client applies the shared SSRF rules (`checkTargetHost`) before any connection. */
describe('provider HTTP client SSRF rules', () => {
  const strict = createTargetAllowList([]);
  const resolve = jest.fn(async (host: string): Promise<string[]> => {
    const dns: Record<string, string[]> = {
      'metadata.example.com': ['::ffff:169.254.169.254'],
      'bench.example.com': ['198.18.0.10'],
      'nat64.example.com': ['64:ff9b::a00:1'],
    };
    const found = dns[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  });
  beforeEach(() => resolve.mockClear());

  it.each([
    ['http://2130706433:9/', 'loopback'],
    ['http://0x7f000001:9/', 'loopback'],
    ['http://0177.0.0.1:9/', 'loopback'],
    ['http://127.1:9/', 'loopback'],
    ['http://[::127.0.0.1]:9/', 'reserved'],
    ['http://[::ffff:10.0.0.1]:9/', 'private'],
    ['http://192.0.2.1:9/', 'reserved'],
    ['http://metadata.example.com:9/', 'link-local'],
    ['http://bench.example.com:9/', 'reserved'],
    ['http://nat64.example.com:9/', 'private'],
  ])('refuses %s (%s) before connecting', async (baseUrl, reason) => {
    const http = createProviderHttp({ baseUrl, allowList: strict, resolve, timeoutMs: 1000 });
    const attempt = http.request({ path: 'x' });
    await expect(attempt).rejects.toBeInstanceOf(ProviderTargetRefusedError);
    await expect(attempt).rejects.toThrow(`provider address is ${reason}`);
  });

  it('reports a host that does not resolve as unavailable', async () => {
    const http = createProviderHttp({ baseUrl: 'https://nowhere.example.com/', allowList: strict, resolve });
    await expect(http.request({ path: 'x' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(resolve).toHaveBeenCalledWith('nowhere.example.com');
  });
});
