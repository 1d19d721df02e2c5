import { normalizeRedirectHost } from './redirect-host';

describe('allowed redirect host entries', () => {
  it.each([
    ['app.example.com', 'app.example.com'],
    ['App.Example.COM', 'app.example.com'],
    ['example.com:8443', 'example.com:8443'],
    ['localhost', 'localhost'],
    ['localhost:3000', 'localhost:3000'],
    ['10.0.0.5', '10.0.0.5'],
    ['127.0.0.1:65535', '127.0.0.1:65535'],
    ['[::1]', '[::1]'],
    ['[2001:DB8::1]:443', '[2001:db8::1]:443'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('accepts %s as %s', (entry, normalized) => {
    expect(normalizeRedirectHost(entry)).toBe(normalized);
  });

  it.each([
    'https://app.example.com',
    'app.example.com/path',
    '*.example.com',
    'user@example.com',
    'example.com:0',
    'example.com:65536',
    'example.com:08',
    'example.com:',
    'exa mple.com',
    '-bad.example.com',
    'bad-.example.com',
    'a..b',
    '.example.com',
    '999.1.1.1',
    '::1',
    '[::1',
    '[not-ipv6]',
    `${'a'.repeat(64)}.example.com`,
    `${'abc.'.repeat(64)}com`,
  ])('refuses %s', (entry) => {
    expect(normalizeRedirectHost(entry)).toBeNull();
  });
});
