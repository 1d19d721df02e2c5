import { isUuid } from '@meridian/domain';
import { deterministicId, summaryId } from './deterministic-id';

describe('deterministicId', () => {
  it('is a stable, well-formed uuid v5', () => {
    const id = summaryId('0b7a6c1e-2f1d-4c55-9c1e-0f3b5a2d9e11', 'sleep', 'oura', 'abc');
    expect(id).toBe(summaryId('0b7a6c1e-2f1d-4c55-9c1e-0f3b5a2d9e11', 'sleep', 'oura', 'abc'));
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('differs when any part differs, and keeps part boundaries apart', () => {
    const base = deterministicId(['u', 'sleep', 'oura', '1']);
    expect(deterministicId(['u', 'sleep', 'oura', '2'])).not.toBe(base);
    expect(deterministicId(['u', 'sleep', 'fitbit', '1'])).not.toBe(base);
    expect(deterministicId(['a:b', 'c'])).not.toBe(deterministicId(['a', 'b:c']));
  });
});
