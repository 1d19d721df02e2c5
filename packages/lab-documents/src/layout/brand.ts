/** The team's brand as a document draws it: a printable name and a colour with a readable text colour on it. */
import { type RGB, rgb } from 'pdf-lib';
import { type TeamBrand } from '../types';
import { clip } from './text';

export interface BrandStyle {
  name: string;
  color: RGB;
  /** Text colour on a `color` background: white, or near-black when `color` is light. */
  onColor: RGB;
  /** `color` at 12% over white, for section rules and light fills. */
  tint: RGB;
}

const DEFAULT_COLOR = '#1f4e79';
const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

export function brandStyle(brand: TeamBrand | null | undefined): BrandStyle {
  const hex = HEX.exec(brand?.primary_color?.trim() ?? '') ?? HEX.exec(DEFAULT_COLOR)!;
  const [r, g, b] = [hex[1]!, hex[2]!, hex[3]!].map((h) => parseInt(h, 16) / 255) as [number, number, number];
  // Relative luminance (WCAG 2), to keep header text readable on light brand colours.
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const mix = (c: number) => 1 - 0.12 * (1 - c);
  return {
    name: clip(brand?.name, 60) || 'Meridian',
    color: rgb(r, g, b),
    onColor: luminance > 0.45 ? rgb(0.1, 0.1, 0.1) : rgb(1, 1, 1),
    tint: rgb(mix(r), mix(g), mix(b)),
  };
}
