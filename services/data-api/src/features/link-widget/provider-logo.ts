import { createHash } from 'node:crypto';

/**
 * Provider logos for the link widget, drawn here as SVG monograms (initials on a colour derived from the
 * slug) so the page loads nothing from outside Meridian. The colour always keeps white initials at
 * WCAG AA contrast (4.5:1).
 */

/** Up to two initials: "Oura" → "O", "FreeStyle Libre" → "FL", "Abbott LibreView" → "AL". */
export function monogramInitials(name: string): string {
  const words = name
    .split(/[\s_\-/&.]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0);
  const initials = words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
  return initials || '?';
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour (0–255 channels). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** A stable background colour per slug, darkened until white text reaches 4.5:1. */
export function monogramColor(slug: string): string {
  const hue = createHash('sha256').update(slug).digest().readUInt16BE(0) % 360;
  for (let lightness = 0.42; lightness > 0.1; lightness -= 0.02) {
    const rgb = hslToRgb(hue, 0.55, lightness);
    if (contrastRatio(1, relativeLuminance(rgb)) >= 4.5) return toHex(rgb);
  }
  return '#333333';
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function providerMonogramSvg(slug: string, name: string): string {
  const initials = monogramInitials(name);
  const fontSize = initials.length > 1 ? 26 : 32;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="64" height="64" rx="14" fill="${monogramColor(slug)}"/>`,
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" fill="#ffffff"`,
    ` font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${fontSize}" font-weight="600">`,
    `${escapeXml(initials)}</text></svg>`,
  ].join('');
}
