import { type RGB } from 'pdf-lib';
import { brandStyle } from './brand';

/** WCAG contrast of a colour against white. */
function contrastWithWhite({ red, green, blue }: RGB): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue);
  return 1.05 / (l + 0.05);
}

describe('brandStyle', () => {
  it('keeps text in the brand colour readable on white, even for a pale brand colour', () => {
    for (const hex of ['#f5e663', '#ffffff', '#00ff00', '#0b6e4f', '#000000']) {
      const style = brandStyle({ name: 'Brand', primary_color: hex });
      expect(contrastWithWhite(style.ink)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses dark text on a light brand colour and white on a dark one', () => {
    expect(brandStyle({ name: 'x', primary_color: '#f5e663' }).onColor).toEqual({
      type: 'RGB',
      red: 0.1,
      green: 0.1,
      blue: 0.1,
    });
    expect(brandStyle({ name: 'x', primary_color: '#0b3d91' }).onColor).toEqual({
      type: 'RGB',
      red: 1,
      green: 1,
      blue: 1,
    });
  });

  it('falls back to the default colour and name for bad input, and clips a long name', () => {
    const style = brandStyle({ name: '', primary_color: 'red; DROP' });
    expect(style.name).toBe('Meridian');
    expect(style.color).toEqual(brandStyle(null).color);
    expect(Array.from(brandStyle({ name: 'N'.repeat(500) }).name)).toHaveLength(60);
  });
});
