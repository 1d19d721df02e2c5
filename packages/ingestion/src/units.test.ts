import { timeseriesBySlug, type TimeseriesSpec } from '@meridian/domain';
import { acceptedUnits, unitConversion } from './units';

const spec = (slug: string): TimeseriesSpec => timeseriesBySlug(slug)!;
const convert = (slug: string, unit: string | null, value: number, type: string | null = null) =>
  unitConversion(spec(slug), unit)?.(value, type);

describe('unit normalisation', () => {
  it('reads an absent unit or the canonical unit as canonical, without guessing from the magnitude', () => {
    expect(convert('body_fat', null, 0.215)).toBe(0.215);
    expect(convert('body_fat', '%', 21.5)).toBe(21.5);
  });

  it('turns fractions into percent for fat, blood oxygen, stress level and afib burden', () => {
    expect(convert('body_fat', 'fraction', 0.215)).toBe(21.5);
    expect(convert('blood_oxygen', 'fraction', 0.97)).toBe(97);
    expect(convert('stress_level', 'fraction', 0.3)).toBe(30);
    expect(convert('afib_burden', 'fraction', 0.02)).toBe(2);
  });

  it('converts mass, glucose, temperature, distance, volume, energy and durations', () => {
    expect(convert('body_weight', 'lb', 154)).toBe(69.85322498);
    expect(convert('body_weight', 'g', 70500)).toBe(70.5);
    expect(convert('glucose', 'mg/dL', 100)).toBe(5.55062166963);
    expect(convert('cholesterol', 'mg/dL', 193.35, 'total')).toBe(5);
    expect(convert('cholesterol', 'mg/dL', 88.57, 'triglycerides')).toBe(1);
    expect(convert('body_temperature', '°F', 98.6)).toBe(37);
    expect(convert('body_temperature', 'degF', 212)).toBe(100);
    expect(convert('body_temperature_delta', '°F', 0.9)).toBe(0.5);
    expect(convert('distance', 'km', 5.2)).toBe(5200);
    expect(convert('distance', 'mi', 1)).toBe(1609.344);
    expect(convert('water', 'L', 0.25)).toBe(250);
    expect(convert('water', 'fl_oz', 8)).toBe(236.5882365);
    expect(convert('calories_active', 'kJ', 4184)).toBe(1000);
    expect(convert('caffeine', 'mg', 95)).toBe(0.095);
    expect(convert('carbohydrates', 'mg', 1500)).toBe(1.5);
    expect(convert('mindfulness_minutes', 's', 90)).toBe(1.5);
    expect(convert('stand_duration', 'h', 0.5)).toBe(30);
    expect(convert('waist_circumference', 'in', 10)).toBe(25.4);
  });

  it('refuses a unit the resource does not accept and lists the accepted ones, canonical first', () => {
    expect(unitConversion(spec('glucose'), 'kg')).toBeUndefined();
    expect(unitConversion(spec('steps'), 'km')).toBeUndefined();
    expect(acceptedUnits(spec('glucose'))).toEqual(['mmol/L', 'mg/dL', 'mg/dl']);
    expect(acceptedUnits(spec('body_fat'))).toEqual(['%', 'percent', 'fraction']);
  });
});
