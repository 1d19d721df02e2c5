import {
  defaultSampleTypeFor,
  hasCollectionInstructions,
  labTestSlugBase,
  uniqueLabTestSlug,
} from './lab-test-rules';

describe('lab test rules', () => {
  it.each([
    ['Lipid Panel', 'lipid-panel'],
    ['  Lipid Panel (Fasting)!  ', 'lipid-panel-fasting'],
    ['Vitamine D — Crème', 'vitamine-d-creme'],
    ['HbA1c', 'hba1c'],
    ['!!!', 'lab-test'],
    ['', 'lab-test'],
  ])('slug of %p is %p', (name, slug) => {
    expect(labTestSlugBase(name)).toBe(slug);
  });

  it('keeps slugs within the column bound and without a trailing dash', () => {
    const slug = labTestSlugBase(`${'a'.repeat(199)} b`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug).not.toMatch(/-$/);
  });

  it('numbers a slug already taken', () => {
    expect(uniqueLabTestSlug('lipid-panel', new Set())).toBe('lipid-panel');
    expect(uniqueLabTestSlug('lipid-panel', new Set(['lipid-panel', 'lipid-panel-2']))).toBe('lipid-panel-3');
  });

  it('defaults the sample type and collection instructions by method', () => {
    expect(defaultSampleTypeFor('testkit')).toBe('dried_blood_spot');
    expect(defaultSampleTypeFor('at_home_phlebotomy')).toBe('serum');
    expect(hasCollectionInstructions('on_site_collection')).toBe(false);
    expect(hasCollectionInstructions('walk_in_test')).toBe(true);
  });
});
