import { correctTestName, isCatalogueName } from './ocr-name';

describe('correctTestName', () => {
  it.each([
    ['HbAlc (IFCC)', 'HbA1c (IFCC)'],
    ['Glycosylated Haemoglobin (HbAlc)', 'Glycosylated Haemoglobin (HbA1c)'],
    ['Hemoglobin Alc', 'Hemoglobin A1c'],
    ['Atbumin', 'Albumin'],
    ['LOL Cholesterol', 'LDL Cholesterol'],
    ['25-0OH Vitamin D (Total)', '25-OH Vitamin D (Total)'],
    ['Haernoglobin', 'Haemoglobin'],
    ['Trig1ycerides', 'Triglycerides'],
    ['Bl12/Folate', 'B12/Folate'],
    ['HbA1lc', 'HbA1c'],
    ['Gamma-glutamy! transferase', 'Gamma-glutamyl transferase'],
    // A synonym in brackets tells which test a name with one misread glyph is, whichever the glyph.
    ['ALY (SGPT)', 'ALT (SGPT)'],
    ['SGPT (ALY)', 'SGPT (ALT)'],
    ['Hemoglobin (Hyb)', 'Hemoglobin (Hgb)'],
  ])('%s → %s', (printed, name) => expect(correctTestName(printed)).toBe(name));

  it('leaves known names, unknown words and short words alone', () => {
    for (const name of [
      'H.D.L. Cholesterol',
      'ALC',
      'Sodium',
      'Fasting Blood Sugar (FBS)',
      'Unobtainium Level',
      'pH',
      'Ratio',
      // Two different letters that look alike are not one glyph read twice: abbreviations stay.
      'TFT',
      // Two letters of one shape side by side are two letters (`li`), not one read twice.
      'T. Bili',
      'Renal Function Test (RFT)',
      // Both parts known, or the bracketed part not one glyph from a name of the same test, or too short.
      'ALT (SGPT)',
      'AST (SGOT)',
      'Hemoglobin (Hct)',
      'Sodium (Nb)',
      'Glucose (fasting)',
      'Unobtainium (XYZ)',
    ])
      expect(correctTestName(name)).toBe(name);
  });
});

describe('isCatalogueName', () => {
  it('knows catalogue names, synonyms and abbreviations, case and punctuation aside', () => {
    for (const name of [
      'Glucose',
      'C reactive protein',
      'C-Reactive Protein',
      'ALT (SGPT)',
      'hemoglobin a1c',
    ])
      expect(isCatalogueName(name)).toBe(true);
    for (const name of [
      'Glucose THYROID STUDIES',
      'Inflammatory Markers C reactive protein',
      '',
      'Thyroid Studies',
    ])
      expect(isCatalogueName(name)).toBe(false);
  });
});
