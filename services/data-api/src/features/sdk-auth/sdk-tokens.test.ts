import { hashKey } from '@meridian/domain';
import { issueToken, openPair, sealPair, tokenKindOf } from './sdk-tokens';

describe('device session tokens', () => {
  it('issues distinct prefixed tokens with their SHA-256', () => {
    const a = issueToken('access');
    const b = issueToken('access');
    expect(a.value).not.toBe(b.value);
    expect(a.value).toMatch(/^mdat_[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashKey(a.value));
    expect(tokenKindOf(issueToken('signIn').value)).toBe('signIn');
    expect(tokenKindOf(issueToken('refresh').value)).toBe('refresh');
    expect(tokenKindOf('sk_us_abc')).toBeNull();
  });

  it('seals the replacing pair so that only the replaced refresh token opens it', () => {
    const replaced = issueToken('refresh').value;
    const pair = { accessToken: issueToken('access').value, refreshToken: issueToken('refresh').value };
    const sealed = sealPair(pair, replaced);
    expect(sealed).not.toContain(pair.accessToken.slice(5));
    expect(sealed).not.toContain(pair.refreshToken.slice(5));
    expect(openPair(sealed, replaced)).toEqual(pair);
    expect(openPair(sealed, issueToken('refresh').value)).toBeNull();
    // The stored hash of the replaced token is no key to it.
    expect(openPair(sealed, hashKey(replaced))).toBeNull();
    const tampered = Buffer.from(sealed, 'base64url');
    tampered[tampered.length - 1]! ^= 1;
    expect(openPair(tampered.toString('base64url'), replaced)).toBeNull();
    expect(sealed.length).toBeLessThanOrEqual(512);
  });
});
