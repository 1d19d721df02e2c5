import { RESOURCES, isResource } from './resources';
import { generateManagementKey, generateTeamApiKey, hashKey, keyHint, looksLikeKind, sameHash } from './keys';
import { isCalendarDate, isIanaTimeZone } from './time';

describe('resource catalog', () => {
  it('has the 68 resource_dependencies values, unique', () => {
    expect(RESOURCES).toHaveLength(68);
    expect(new Set(RESOURCES).size).toBe(68);
    expect(isResource('sleep_cycle')).toBe(true);
    expect(isResource('body_weight')).toBe(false);
  });
});

describe('keys', () => {
  it('formats team API keys by environment and region and management keys with mg_', () => {
    expect(generateTeamApiKey('sandbox', 'us').value).toMatch(/^sk_us_[\w-]{32}$/);
    expect(generateTeamApiKey('production', 'eu').value).toMatch(/^pk_eu_[\w-]{32}$/);
    expect(generateManagementKey().value).toMatch(/^mg_[\w-]{32}$/);
  });

  it('stores a sha-256 hash and a hint that does not reveal the key', () => {
    const key = generateTeamApiKey('sandbox', 'us');
    expect(key.hash).toBe(hashKey(key.value));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hint).toBe(`sk_us_…${key.value.slice(-4)}`);
    expect(keyHint('mg_abcdefgh')).toBe('mg_…efgh');
    expect(sameHash(key.hash, hashKey(key.value))).toBe(true);
    expect(sameHash(key.hash, hashKey(`${key.value}x`))).toBe(false);
    expect(sameHash(key.hash, 'abc')).toBe(false);
  });

  it('guesses the kind of a presented key', () => {
    expect(looksLikeKind('sk_us_x')).toBe('team_api_key');
    expect(looksLikeKind('mg_x')).toBe('management_key');
    expect(looksLikeKind('nope')).toBeNull();
  });
});

describe('time zones and dates', () => {
  it.each(['Europe/Paris', 'America/New_York', 'UTC', 'Asia/Kolkata'])('accepts %s', (tz) => {
    expect(isIanaTimeZone(tz)).toBe(true);
  });
  it.each(['Mars/Olympus', 'CEST', '', 'Europe/Pariss'])('refuses %j', (tz) => {
    expect(isIanaTimeZone(tz)).toBe(false);
  });
  it('checks calendar dates exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
  });
});
