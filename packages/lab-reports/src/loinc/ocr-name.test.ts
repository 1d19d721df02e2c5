import { correctTestName } from './ocr-name';

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
    ])
      expect(correctTestName(name)).toBe(name);
  });
});
