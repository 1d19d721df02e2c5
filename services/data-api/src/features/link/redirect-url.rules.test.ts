import { redirectUrlProblem } from './redirect-url.rules';

describe('redirect URL rule', () => {
  it('allows only loopback hosts while the list is empty', () => {
    for (const url of ['http://localhost:3000/done', 'https://127.0.0.1/x', 'http://[::1]:8080/']) {
      expect([url, redirectUrlProblem(url, [])]).toEqual([url, null]);
    }
    expect(redirectUrlProblem('https://app.example.com/done', [])).toMatchObject({
      reason: 'host',
      message: expect.stringContaining('allowed_redirect_hosts'),
    });
  });

  it('allows exactly the listed hosts, case-insensitively, and no longer loopback once a list is set', () => {
    const hosts = ['App.Example.com'];
    expect(redirectUrlProblem('https://app.example.com/done?x=1', hosts)).toBeNull();
    expect(redirectUrlProblem('https://evil.example.com/', hosts)?.reason).toBe('host');
    expect(redirectUrlProblem('https://app.example.com.evil.net/', hosts)?.reason).toBe('host');
    expect(redirectUrlProblem('http://localhost/', hosts)?.reason).toBe('host');
  });

  it('matches an entry with a port on that port only (default ports included), and IPv6 entries', () => {
    const hosts = ['app.example.com:8443', 'secure.example.com:443', '[2001:db8::1]:9000', 'any.example.com'];
    expect(redirectUrlProblem('https://app.example.com:8443/done', hosts)).toBeNull();
    expect(redirectUrlProblem('https://app.example.com/done', hosts)?.reason).toBe('host');
    expect(redirectUrlProblem('https://secure.example.com/done', hosts)).toBeNull();
    expect(redirectUrlProblem('http://secure.example.com/done', hosts)?.reason).toBe('host');
    expect(redirectUrlProblem('http://[2001:db8::1]:9000/x', hosts)).toBeNull();
    expect(redirectUrlProblem('http://[2001:db8::1]:9001/x', hosts)?.reason).toBe('host');
    expect(redirectUrlProblem('https://any.example.com:1234/x', hosts)).toBeNull();
  });

  it('refuses other schemes and non-URLs', () => {
    expect(redirectUrlProblem('javascript:alert(1)', [])?.reason).toBe('scheme');
    expect(redirectUrlProblem('ftp://localhost/', [])?.reason).toBe('scheme');
    expect(redirectUrlProblem('/relative', [])?.reason).toBe('not_a_url');
  });
});
