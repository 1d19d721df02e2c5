import { ConfigError } from '@meridian/platform';
import { endpointOf, parseLabEndpoints } from './lab-endpoints';

describe('LAB_ORDER_ENDPOINTS', () => {
  it('reads slug=host:port pairs, * for every other lab, IPv6 in brackets', () => {
    const endpoints = parseLabEndpoints('quest=hl7.quest.example:2575, *=10.0.0.5:6661,labcorp=[::1]:7000');
    expect(endpointOf(endpoints, 'quest')).toEqual({ host: 'hl7.quest.example', port: 2575 });
    expect(endpointOf(endpoints, 'labcorp')).toEqual({ host: '::1', port: 7000 });
    expect(endpointOf(endpoints, 'bioreference')).toEqual({ host: '10.0.0.5', port: 6661 });
    expect(parseLabEndpoints(undefined).size).toBe(0);
    expect(parseLabEndpoints('  ').size).toBe(0);
    expect(endpointOf(parseLabEndpoints('quest=a:1'), 'labcorp')).toBeUndefined();
  });

  it.each([
    ['quest', /slug=host:port/],
    ['Quest=a:1', /lab slug/],
    ['quest=a:1,quest=b:2', /names quest twice/],
    ['quest=a', /host and a port/],
    ['quest=a:0', /port outside/],
    ['quest=a:70000', /port outside/],
    ['quest=bad host:1', /invalid host/],
  ])('refuses %j naming the variable', (raw, why) => {
    expect(() => parseLabEndpoints(raw)).toThrow(ConfigError);
    expect(() => parseLabEndpoints(raw)).toThrow(why);
    expect(() => parseLabEndpoints(raw)).toThrow(/LAB_ORDER_ENDPOINTS/);
  });
});
