import type { Connector } from '@meridian/connectors';
import { isOAuthProvider, knownScopes, scopesKnownTo, supportedResources } from './provider-capabilities';

describe('provider capabilities', () => {
  const oauth = {
    type: 'oauth',
    authorizePath: '/a',
    tokenPath: '/t',
    pkce: true,
    clientAuth: 'basic',
    scopeSeparator: ' ',
    baseScopes: ['profile', 'offline'],
    rotatesRefreshToken: true,
  } as const;
  const stream = (resources: Connector['streams'][number]['resources']) =>
    ({
      name: resources.join('+'),
      resources,
      scopes: [],
      backfillDays: 30,
      maxWindowDays: 7,
    }) as unknown as Connector['streams'][number];
  const scopes: Record<string, string[]> = {
    sleep: ['sleep'],
    heartrate: ['heartrate', 'profile'],
    steps: ['activity'],
  };

  it('collects base scopes and the scopes of every stream resource, once each', () => {
    const connector = {
      auth: oauth,
      streams: [stream(['sleep', 'heartrate']), stream(['steps', 'sleep'])],
      scopesFor: (resource: string) => scopes[resource] ?? [],
    } as unknown as Connector;
    expect(scopesKnownTo(connector)).toEqual(['profile', 'offline', 'sleep', 'heartrate', 'activity']);
    expect(scopesKnownTo({ ...connector, auth: { type: 'password', mfa: false } })).toEqual([]);
  });

  it('answers from api-shapes §4.2 for providers without a connector', () => {
    expect(isOAuthProvider('ihealth')).toBe(true);
    expect(isOAuthProvider('google_health')).toBe(true);
    expect(isOAuthProvider('renpho')).toBe(false);
    expect(isOAuthProvider('map_my_fitness')).toBe(false); // OAuth in the catalogue, not in the §4.2 list
    expect(knownScopes('ihealth')).toEqual([]);
  });

  it('takes supported resources from the provider catalogue', () => {
    const renpho = supportedResources('renpho');
    expect(renpho.has('weight')).toBe(true);
    expect(renpho.has('sleep')).toBe(false);
    expect(supportedResources('myspace').size).toBe(0);
  });
});
