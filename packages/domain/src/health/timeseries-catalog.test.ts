import { RESOURCES } from '../resources';
import {
  LEGACY_TIMESERIES_SLUGS,
  TIMESERIES,
  timeseriesByResource,
  timeseriesBySlug,
} from './timeseries-catalog';

describe('timeseries catalog', () => {
  it('has the 51 grouped slugs, unique, each mapped to a catalog resource', () => {
    expect(TIMESERIES).toHaveLength(51);
    expect(new Set(TIMESERIES.map((t) => t.slug)).size).toBe(51);
    for (const t of TIMESERIES) expect(RESOURCES).toContain(t.resource);
  });

  it('maps path slugs to event resource names', () => {
    expect(timeseriesBySlug('body_weight')?.resource).toBe('weight');
    expect(timeseriesBySlug('body_fat')?.resource).toBe('fat');
    expect(timeseriesByResource('weight')?.slug).toBe('body_weight');
    expect(timeseriesBySlug('blood_pressure')?.shape).toBe('blood_pressure');
    expect(timeseriesBySlug('glucose')?.unit).toBe('mmol/L');
  });

  it('lists legacy slugs that all exist', () => {
    for (const slug of LEGACY_TIMESERIES_SLUGS) expect(timeseriesBySlug(slug)).toBeDefined();
  });
});
