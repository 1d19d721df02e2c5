import { namedStatement } from './named-statements';

describe('namedStatement', () => {
  it('gives one name per text, the same every time, and none past the bound', () => {
    const first = namedStatement('select 1');
    expect(first.name).toMatch(/^meridian_ingest_\d+$/);
    expect(namedStatement('select 1')).toEqual(first);
    const second = namedStatement('select 2');
    expect(second.name).toMatch(/^meridian_ingest_\d+$/);
    expect(second.name).not.toBe(first.name);

    const names = new Set<string>();
    let unnamed = 0;
    for (let i = 0; i < 1_000; i += 1) {
      const { name } = namedStatement(`select ${i} + 1`);
      if (name === undefined) unnamed += 1;
      else names.add(name);
    }
    // The set of names stays bounded (texts past it run unnamed); names already given keep working.
    expect(names.size + 2).toBe(300);
    expect(unnamed).toBe(1_000 - names.size);
    expect(namedStatement('select 1')).toEqual(first);
    expect(namedStatement('select 3 + 3')).toEqual({});
  });
});
