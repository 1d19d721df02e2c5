import type { LabResultMessage, MissingLabResult } from '@meridian/lab-partners';
import { resultEffectOf, sampleErrorDetailOf } from './result-status';

const msg = (resultStatus: LabResultMessage['resultStatus'], missingResults: MissingLabResult[] = []) =>
  ({ resultStatus, missingResults }) as LabResultMessage;
const gone = (failureType: MissingLabResult['failureType'], note: string | null): MissingLabResult => ({
  testCode: 'A',
  setId: null,
  code: 'A',
  codeSystem: 'L',
  name: 'A',
  loinc: null,
  failureType,
  note,
});

describe('what a result message does to its order', () => {
  it.each([
    ['preliminary', 'draw_completed', { kind: 'results', to: 'partial_results', reportStatus: 'partial' }],
    ['preliminary', 'partial_results', { kind: 'results', to: null, reportStatus: 'partial' }],
    ['preliminary', 'completed', { kind: 'ignored' }],
    ['final', 'draw_completed', { kind: 'results', to: 'completed', reportStatus: 'final' }],
    ['final', 'partial_results', { kind: 'results', to: 'completed', reportStatus: 'final' }],
    ['final', 'completed', { kind: 'results', to: null, reportStatus: 'final' }],
    ['final', 'corrected', { kind: 'results', to: null, reportStatus: 'corrected' }],
    ['corrected', 'completed', { kind: 'results', to: 'corrected', reportStatus: 'corrected' }],
    ['corrected', 'corrected', { kind: 'results', to: null, reportStatus: 'corrected' }],
    ['corrected', 'partial_results', { kind: 'results', to: 'completed', reportStatus: 'final' }],
  ] as const)('%s at %s', (status, current, effect) => {
    expect(resultEffectOf(msg(status), current)).toEqual(effect);
  });

  it('a cancelled report is a sample error with the detail the lab reason gives', () => {
    expect(
      resultEffectOf(msg('cancelled', [gone('quantity_not_sufficient_failure', 'QNS')]), 'draw_completed'),
    ).toEqual({ kind: 'sample_error', detail: 'sample_quantity_not_sufficient' });
    expect(sampleErrorDetailOf([gone('collection_process_failure', 'Specimen contaminated')])).toBe(
      'sample_contaminated',
    );
    expect(sampleErrorDetailOf([gone('collection_process_failure', 'clotted')])).toBe(
      'sample_improper_collection',
    );
    expect(sampleErrorDetailOf([gone('drop_off_failure', 'stability exceeded')])).toBe(
      'sample_stability_exceeded',
    );
    expect(sampleErrorDetailOf([gone('missing_demo_aoe_calc_failure', 'name mismatch')])).toBe(
      'demographic_information_mismatch',
    );
    expect(sampleErrorDetailOf([gone('unknown_failure', null), gone('insufficient_volume', null)])).toBe(
      'sample_quantity_not_sufficient',
    );
    expect(sampleErrorDetailOf([])).toBe('fulfillment_error');
  });
});
