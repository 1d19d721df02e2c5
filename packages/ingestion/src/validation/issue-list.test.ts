import { ValidationError } from '@meridian/domain';
import { IssueList } from './issue-list';
import { normaliseBatch } from './normalise-batch';
import { createZoneOffsets } from '../time/zone-offset';

const issuesOf = (list: IssueList): ValidationError => {
  try {
    list.throwIfAny();
  } catch (err) {
    return err as ValidationError;
  }
  throw new Error('no issues');
};

describe('IssueList.concat', () => {
  it('holds what one list given the same issues in the same order holds, capped alike', () => {
    const one = new IssueList();
    const parts = [new IssueList(), new IssueList(), new IssueList()];
    const sizes = [60, 0, 70];
    sizes.forEach((n, p) => {
      for (let i = 0; i < n; i += 1) {
        one.add(['part', p, i], `issue ${p}.${i}`, 'type', i);
        parts[p]!.add(['part', p, i], `issue ${p}.${i}`, 'type', i);
      }
    });
    const joined = IssueList.concat(...parts);
    expect(joined.count).toBe(130);
    expect(issuesOf(joined).issues).toEqual(issuesOf(one).issues);
    expect(issuesOf(joined).issues).toHaveLength(100);
    expect(IssueList.concat(new IssueList(), new IssueList()).count).toBe(0);
  });
});

describe('normaliseBatch', () => {
  it('reports the mode, timeseries, summaries and workout streams issues in that order', () => {
    const userId = '00000000-0000-4000-8000-000000000001';
    const batch = {
      userId,
      mode: 'weekly',
      workoutStreams: 'none',
      summaries: 'none',
      timeseries: 'none',
    };
    let error: unknown;
    try {
      normaliseBatch(batch, {
        userId,
        fallbackZone: null,
        now: new Date(),
        zoneOffsets: createZoneOffsets(),
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.loc[1])).toEqual([
      'mode',
      'timeseries',
      'summaries',
      'workoutStreams',
    ]);
  });
});
