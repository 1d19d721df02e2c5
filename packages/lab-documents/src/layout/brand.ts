/** The team's brand as a document draws it: a printable name and a colour with a readable text colour on it. */
import { type RGB, rgb } from 'pdf-lib';
import { type TeamBrand } from '../types';
import { clip } from './text';

export interface BrandStyle {
  name: string;
  color: RGB;
  /** Text colour on a `color` background: white, or near-black when `color` is light. */
  onColor: RGB;
  /** `color` darkened until it reads on white (WCAG contrast ≥ 4.5), for titles and text in the brand colour. */
  ink: RGB;
  /** `color` at 12% over white, for light fills. */
  tint: RGB;
}

const DEFAULT_COLOR = '#1f4e79';
const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** WCAG 2 relative luminance of an sRGB colour with channels in 0..1. */
function relativeLuminance(r: number, g: number, b: number): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function brandStyle(brand: TeamBrand | null | undefined): BrandStyle {
  const hex = HEX.exec(brand?.primary_color?.trim() ?? '') ?? HEX.exec(DEFAULT_COLOR)!;
  const [r, g, b] = [hex[1]!, hex[2]!, hex[3]!].map((h) => parseInt(h, 16) / 255) as [number, number, number];
  // Relative luminance (WCAG 2), to keep header text readable on light brand colours.
  const luminance = relativeLuminance(r, g, b);
  // Contrast with white (1.05 / (L + 0.05)) is at least 4.5 when L <= 0.183.
  let scale = 1;
  while (relativeLuminance(r * scale, g * scale, b * scale) > 0.18) scale *= 0.9;
  const mix = (c: number) => 1 - 0.12 * (1 - c);
  return {
    name: clip(brand?.name, 60) || 'Meridian',
    color: rgb(r, g, b),
    onColor: luminance > 0.45 ? rgb(0.1, 0.1, 0.1) : rgb(1, 1, 1),
    ink: rgb(r * scale, g * scale, b * scale),
    tint: rgb(mix(r), mix(g), mix(b)),
  };
}
