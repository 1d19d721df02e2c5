import { timeseriesBySlug } from '@meridian/domain';
import type { LabObservation, LabResultMessage } from '@meridian/lab-partners';
import { LOINC_CATALOG } from '../../../../../packages/lab-reports/src/loinc/catalog';
import { healthDataOf, LOINC_TIMESERIES } from './health-data';

const observation = (over: Partial<LabObservation>): LabObservation => ({
  testCode: '24331-1',
  setId: 1,
  code: '2093-3',
  codeSystem: 'LN',
  name: 'Cholesterol',
  loinc: '2093-3',
  valueType: 'NM',
  kind: 'numeric',
  value: 180,
  result: '180',
  comparator: null,
  codedValue: null,
  unit: 'mg/dL',
  referenceRange: '<=199',
  minRangeValue: null,
  maxRangeValue: 199,
  isAboveMaxRange: false,
  isBelowMinRange: null,
  abnormalFlags: [],
  interpretation: 'normal',
  status: 'final',
  observedAt: '2026-11-20T14:30:00+00:00',
  performingLaboratory: null,
  notes: [],
  ...over,
});

const message = (results: LabObservation[]) => ({ results }) as unknown as LabResultMessage;

describe('lab values as health data', () => {
  it('maps only LOINC terms of the parser catalogue, to existing timeseries', () => {
    const codes = new Set(LOINC_CATALOG.map((e) => e.code));
    for (const [loinc, target] of Object.entries(LOINC_TIMESERIES)) {
      expect(codes.has(loinc)).toBe(true);
      const spec = timeseriesBySlug(target.slug)!;
      expect(spec).toBeDefined();
      if (spec.types?.required) expect(spec.types.values).toContain(target.type);
    }
  });

  it('groups samples per resource with the lab as provider and type lab', () => {
    const input = healthDataOf(
      message([
        observation({}),
        observation({ loinc: '2085-9', code: '2085-9', value: 55 }),
        observation({ loinc: '2345-7', code: '2345-7', value: 90, unit: 'mg/dl' }),
        observation({ loinc: '4548-4', code: '4548-4', value: 5.4, unit: '%' }),
      ]),
      'quest',
    );
    expect(input).toEqual([
      {
        resource: 'cholesterol',
        source: { provider: 'quest', type: 'lab' },
        samples: [
          { timestamp: '2026-11-20T14:30:00+00:00', value: 180, unit: 'mg/dL', type: 'total' },
          { timestamp: '2026-11-20T14:30:00+00:00', value: 55, unit: 'mg/dL', type: 'hdl' },
        ],
      },
      {
        resource: 'glucose',
        source: { provider: 'quest', type: 'lab' },
        samples: [{ timestamp: '2026-11-20T14:30:00+00:00', value: 90, unit: 'mg/dl' }],
      },
    ]);
  });

  it('leaves out preliminary, non-numeric, unit-less, unknown-unit, undated and out-of-range values', () => {
    expect(
      healthDataOf(
        message([
          observation({ status: 'preliminary' }),
          observation({ kind: 'range', value: null, result: '<5' }),
          observation({ unit: null }),
          observation({ unit: 'g/L' }),
          observation({ observedAt: null }),
          observation({ loinc: '2345-7', value: 5000 }),
        ]),
        'quest',
      ),
    ).toEqual([]);
  });

  it('accepts a unit in another case (MMOL/L) as ingestion spells it', () => {
    const [group] = healthDataOf(
      message([observation({ loinc: '14749-6', value: 5.2, unit: 'MMOL/L' })]),
      'quest',
    );
    expect(group!.samples[0]!.unit).toBe('mmol/L');
  });
});
