import { normaliseDate } from './normalise-date';

describe('normaliseDate', () => {
  it.each([
    ['03/14/1975', '1975-03-14'],
    ['3/4/2024 08:12 EST', '2024-03-04'],
    ['Mar 14, 2024', '2024-03-14'],
    ['September 2, 2023', '2023-09-02'],
    ['2024-03-14T10:00', '2024-03-14'],
    ['14-Mar-2024', '2024-03-14'],
    ['03/14/75', '1975-03-14'],
  ])('%s → %s', (text, iso) => expect(normaliseDate(text)).toBe(iso));

  it('refuses impossible dates and text without a date', () => {
    expect(normaliseDate('02/30/2024')).toBeNull();
    expect(normaliseDate('Pending')).toBeNull();
  });
});
