import { ProviderResponseError } from '../../errors';
import { regionalBaseUrl } from './llu-client';
import { mapGraph, parseLluTime } from './map-llu-graph';

// A reading shaped as in the community's LibreLinkUp HTTP dump (graphData / glucoseMeasurement).
const reading = (factory: string, local: string, value: number) => ({
  FactoryTimestamp: factory,
  Timestamp: local,
  type: 0,
  ValueInMgPerDl: value,
  MeasurementColor: 1,
  GlucoseUnits: 1,
  Value: value,
  isHigh: false,
  isLow: false,
});
const wide = { start: new Date('2024-01-01T00:00:00Z'), end: new Date('2025-01-01T00:00:00Z') };

describe('parseLluTime', () => {
  it('reads M/D/YYYY h:mm:ss AM/PM, noon and midnight included', () => {
    expect(parseLluTime('1/23/2024 10:05:15 AM')).toBe(Date.parse('2024-01-23T10:05:15Z'));
    expect(parseLluTime('1/23/2024 12:05:15 PM')).toBe(Date.parse('2024-01-23T12:05:15Z'));
    expect(parseLluTime('1/23/2024 12:05:15 AM')).toBe(Date.parse('2024-01-23T00:05:15Z'));
    expect(parseLluTime('2/30/2024 1:00:00 PM')).toBeNull();
    expect(parseLluTime('2024-01-23T10:05:15Z')).toBeNull();
  });
});

describe('mapGraph', () => {
  it('maps history and the latest reading to mg/dL glucose with the local offset, in the window only', () => {
    const graph = {
      graphData: [
        reading('1/23/2024 10:05:15 AM', '1/23/2024 11:05:15 AM', 112),
        reading('1/23/2024 10:20:15 AM', '1/23/2024 11:20:15 AM', 118),
        reading('1/22/2023 10:20:15 AM', '1/22/2023 11:20:15 AM', 99),
      ],
      connection: {
        glucoseMeasurement: {
          ...reading('1/23/2024 10:31:15 AM', '1/23/2024 11:31:14 AM', 125),
          type: 1,
          TrendArrow: 3,
        },
      },
    };
    expect(mapGraph('abbott_libreview', graph, wide)).toEqual([
      {
        resource: 'glucose',
        source: { provider: 'abbott_libreview', type: 'automatic' },
        samples: [
          { timestamp: '2024-01-23T10:05:15.000Z', timezone_offset: 3600, value: 112, unit: 'mg/dL' },
          { timestamp: '2024-01-23T10:20:15.000Z', timezone_offset: 3600, value: 118, unit: 'mg/dL' },
          { timestamp: '2024-01-23T10:31:15.000Z', timezone_offset: 3600, value: 125, unit: 'mg/dL' },
        ],
      },
    ]);
    expect(mapGraph('abbott_libreview', { graphData: 'nope' }, wide)).toEqual([]);
  });
});

describe('regionalBaseUrl', () => {
  it('uses api-<region> hosts for LibreView and /<region>/ under any other base', () => {
    expect(regionalBaseUrl('https://api.libreview.io', 'eu')).toBe('https://api-eu.libreview.io/');
    expect(regionalBaseUrl('https://api.libreview.io', null)).toBe('https://api.libreview.io/');
    expect(regionalBaseUrl('http://127.0.0.1:4000', 'de')).toBe('http://127.0.0.1:4000/de/');
    // A region comes from a server answer: anything but a known region is refused, never put in a host.
    expect(() => regionalBaseUrl('https://api.libreview.io', 'evil.example/x')).toThrow(
      ProviderResponseError,
    );
  });
});
