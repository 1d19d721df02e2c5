import { audienceCovers, audiencePath, createSasToken, verifySasToken } from './sas-token';

describe('SAS tokens (Event Hubs put-token)', () => {
  const key = { name: 'RootManageSharedAccessKey', key: 'c2VjcmV0LWtleS1ieXRlcw==' };
  const now = new Date('2026-11-21T12:00:00Z');
  const later = new Date('2026-11-21T13:00:00Z');
  const audience = 'sb://127.0.0.1:5672/events';

  it('accepts a token signed with the configured key and reports its audience', () => {
    const token = createSasToken(key, audience, later);
    expect(token).toMatch(
      /^SharedAccessSignature sr=sb%3A%2F%2F127\.0\.0\.1%3A5672%2Fevents&sig=.+&se=\d+&skn=/,
    );
    expect(verifySasToken(token, [key], now)).toEqual({ ok: true, audience, keyName: key.name });
  });

  it('refuses a wrong key, an unknown key name, a tampered audience, expiry and garbage', () => {
    const wrong = createSasToken({ ...key, key: 'other' }, audience, later);
    expect(verifySasToken(wrong, [key], now)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^InvalidSignature/),
    });
    const unknown = createSasToken({ ...key, name: 'Listen' }, audience, later);
    expect(verifySasToken(unknown, [key], now)).toMatchObject({
      ok: false,
      reason: /unknown SharedAccessKeyName/,
    });
    const tampered = createSasToken(key, audience, later).replace('events', 'labs');
    expect(verifySasToken(tampered, [key], now)).toMatchObject({ ok: false, reason: /invalid signature/ });
    const expired = createSasToken(key, audience, new Date(now.getTime() - 1000));
    expect(verifySasToken(expired, [key], now)).toMatchObject({ ok: false, reason: /ExpiredToken/ });
    expect(verifySasToken('Bearer x', [key], now)).toMatchObject({ ok: false });
    expect(verifySasToken(42, [key], now)).toMatchObject({ ok: false });
    expect(verifySasToken('SharedAccessSignature sr=a&sig=b', [key], now)).toMatchObject({ ok: false });
  });

  it('derives entity paths and scope coverage', () => {
    expect(audiencePath('sb://127.0.0.1:5672/events/Partitions/1')).toBe('events/Partitions/1');
    expect(audiencePath('sb://127.0.0.1:5672/')).toBe('');
    expect(audienceCovers('', 'events')).toBe(true);
    expect(audienceCovers('events', 'events/Partitions/0')).toBe(true);
    expect(audienceCovers('events', 'events')).toBe(true);
    expect(audienceCovers('events', 'events-2')).toBe(false);
    expect(audienceCovers('labs', 'events')).toBe(false);
  });
});
