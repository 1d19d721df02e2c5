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
    clock = 499;
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(calls.keys).toBe(1);
    current = undefined; // revoked
    clock = 2000;
    expect(await cached.findTeamApiKey('h')).toBeUndefined();
    expect(calls.keys).toBe(2);
  });

  /** A repository whose lookups after the first answer only when the test releases them. */
  function heldRepo(answer: () => TeamApiKeyRecord | undefined) {
    const calls = { keys: 0 };
    const held: (() => void)[] = [];
    const repo = {
      findTeamApiKey: (): Promise<TeamApiKeyRecord | undefined> => {
        calls.keys += 1;
        if (calls.keys === 1) return Promise.resolve(answer());
        // A query waiting for a pool connection: it reads the key when it runs (released).
        return new Promise((resolve) => held.push(() => resolve(answer())));
      },
    } as unknown as CredentialsRepository;
    const release = async () => {
      held.shift()!();
      await new Promise((r) => setImmediate(r));
    };
    return { repo, calls, release };
  }

  it('refreshes a used key in the background after a quarter of the TTL, answering from memory meanwhile', async () => {
    let clock = 0;
    let current: TeamApiKeyRecord | undefined = record;
    const { repo, calls, release } = heldRepo(() => current);
    const cached = withCredentialCache(repo, { ttlMs: 2000, now: () => clock });
    expect(await cached.findTeamApiKey('h')).toBe(record);
    clock = 500; // a refresh starts; the caller does not wait for it
    expect(await cached.findTeamApiKey('h')).toBe(record);
    clock = 1900;
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(calls.keys).toBe(2); // one refresh at a time
    await release(); // answered at 1900: valid until 3900, refreshed from 2400
    clock = 2399;
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(calls.keys).toBe(2);
    clock = 2400;
    current = undefined; // revoked
    expect(await cached.findTeamApiKey('h')).toBe(record);
    expect(calls.keys).toBe(3);
    // The refresh reads the revocation and drops the key at once: the next use asks the database again.
    await release();
    const next = cached.findTeamApiKey('h');
    expect(calls.keys).toBe(4);
    await release();
    expect(await next).toBeUndefined();
  });

  it('never answers from an entry past the TTL: requests then wait for the refresh under way', async () => {
    let clock = 0;
    let current: TeamApiKeyRecord | undefined = record;
    const { repo, calls, release } = heldRepo(() => current);
    const cached = withCredentialCache(repo, { ttlMs: 2000, now: () => clock });
    await cached.findTeamApiKey('h');
    clock = 600;
    expect(await cached.findTeamApiKey('h')).toBe(record); // refresh sent, waiting for a connection
    current = undefined; // revoked before the refresh runs
    clock = 2000; // expired: no stale answer, the refresh's
    const late = cached.findTeamApiKey('h');
    await release();
    expect(await late).toBeUndefined();
    expect(calls.keys).toBe(2);
  });

  it('keeps the entry until its expiry when a refresh fails', async () => {
    let clock = 0;
    let fail = false;
    const calls = { keys: 0 };
    const repo = {
      findTeamApiKey: async () => {
        calls.keys += 1;
        if (fail) throw new Error('database unreachable');
        return record;
      },
    } as unknown as CredentialsRepository;
    const cached = withCredentialCache(repo, { ttlMs: 2000, now: () => clock });
    await cached.findTeamApiKey('h');
    fail = true;
    clock = 1200;
    expect(await cached.findTeamApiKey('h')).toBe(record);
    await new Promise((r) => setImmediate(r));
    clock = 1900;
    expect(await cached.findTeamApiKey('h')).toBe(record); // refresh failed: tried again, still served
    await new Promise((r) => setImmediate(r));
    clock = 2000;
    await expect(cached.findTeamApiKey('h')).rejects.toThrow('database unreachable');
    expect(calls.keys).toBe(4);
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
