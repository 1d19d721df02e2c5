import { reportedPullError, reportedPullStatus } from './historical-pull-status';

describe('reportedPullStatus', () => {
  const before = new Date('2025-05-08T23:59:59.999Z');
  const from = new Date('2025-05-09T00:00:00.000Z');

  it('keeps retrying for connections created on or after 2025-05-09', () => {
    expect(reportedPullStatus('retrying', from)).toBe('retrying');
    expect(reportedPullStatus('retrying', new Date('2026-01-01T00:00:00Z'))).toBe('retrying');
  });

  it('reports retrying as failure for older connections and when no connection is recorded', () => {
    expect(reportedPullStatus('retrying', before)).toBe('failure');
    expect(reportedPullStatus('retrying', null)).toBe('failure');
  });

  it('leaves every other status alone', () => {
    for (const status of ['scheduled', 'in_progress', 'success', 'failure'] as const) {
      expect(reportedPullStatus(status, before)).toBe(status);
      expect(reportedPullStatus(status, null)).toBe(status);
    }
  });
});

describe('reportedPullError', () => {
  it('passes listed values and null; anything else is unexpected_error', () => {
    expect(reportedPullError(null)).toBeNull();
    expect(reportedPullError('transport_failure')).toBe('transport_failure');
    expect(reportedPullError('retry_quota_exhausted')).toBe('retry_quota_exhausted');
    expect(reportedPullError('disk_on_fire')).toBe('unexpected_error');
  });
});
