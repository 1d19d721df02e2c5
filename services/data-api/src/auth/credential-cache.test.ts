import type { CredentialsRepository, TeamApiKeyRecord } from '@meridian/db';
import { withCredentialCache } from './credential-cache';

const record: TeamApiKeyRecord = {
  keyId: 'k',
  keyHash: 'h',
  teamId: 't',
  orgId: 'o',
  environment: 'sandbox',
  region: 'us',
  plan: 'scale',
  rateLimitPerMinute: null,
};

function fakeRepo(answer: () => TeamApiKeyRecord | undefined) {
  const calls = { keys: 0, features: 0 };
  const repo = {
    findTeamApiKey: async () => {
      calls.keys += 1;
      return answer();
    },
    findManagementKey: async () => undefined,
    isFeatureEnabled: async () => {
      calls.features += 1;
      return true;
    },
  } as unknown as CredentialsRepository;
  return { repo, calls };
}

describe('credential cache', () => {
  it('answers repeated lookups of a valid key from memory until the TTL passes', async () => {
    let clock = 0;
    let current: TeamApiKeyRecord | undefined = record;
    const { repo, calls } = fakeRepo(() => current);
    const cached = withCredentialCache(repo, { ttlMs: 2000, now: () => clock });
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(calls.keys).toBe(1);
    current = undefined; // revoked
    clock = 1999;
    expect(await cached.findTeamApiKey('h')).toBe(record);
    clock = 2001;
    expect(await cached.findTeamApiKey('h')).toBeUndefined();
    expect(calls.keys).toBe(2);
  });

  it('shares one query between concurrent lookups and never caches unknown keys', async () => {
    const { repo, calls } = fakeRepo(() => undefined);
    const cached = withCredentialCache(repo, { ttlMs: 2000 });
    await Promise.all([cached.findTeamApiKey('x'), cached.findTeamApiKey('x')]);
    expect(calls.keys).toBe(1);
    await cached.findTeamApiKey('x');
    expect(calls.keys).toBe(2);
  });

  it('is off with a TTL of 0', async () => {
    const { repo, calls } = fakeRepo(() => record);
    const cached = withCredentialCache(repo, { ttlMs: 0 });
    await cached.findTeamApiKey('h');
    await cached.findTeamApiKey('h');
    expect(calls.keys).toBe(2);
  });

  it('bounds its size', async () => {
    const { repo, calls } = fakeRepo(() => record);
    const cached = withCredentialCache(repo, { ttlMs: 60_000, maxEntries: 2 });
    for (const k of ['a', 'b', 'c', 'a']) await cached.findTeamApiKey(k);
    expect(calls.keys).toBe(4); // 'a' was evicted by 'c'
  });
});
