/**
 * Functions that run inside Chromium (handed to `page.evaluate`, so each must be self-contained). The
 * repository compiles without the DOM library; this module declares the narrow slice of it they use.
 */

interface PageStyle {
  color: string;
  backgroundColor: string;
  outlineStyle: string;
  outlineWidth: string;
  getPropertyValue(name: string): string;
}

interface PageElement {
  id: string;
  type?: string;
  lang: string;
  textContent: string | null;
  offsetParent: unknown;
  labels?: ArrayLike<unknown> | null;
  style: PageStyle;
  scrollWidth: number;
  clientWidth: number;
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
}

declare const document: {
  documentElement: PageElement;
  activeElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
};
declare function getComputedStyle(element: PageElement): PageStyle;

export function headingText(): string {
  return document.querySelector('main h1')?.textContent ?? '';
}

export function accentColor(): string {
  return document.documentElement.style.getPropertyValue('--accent');
}

export function focusedMatches(selector: string): boolean {
  return document.activeElement?.matches(selector) ?? false;
}

export function focusRing(): { style: string; width: number } {
  const focused = document.activeElement;
  if (!focused) return { style: 'none', width: 0 };
  const style = getComputedStyle(focused);
  return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
}

/**
 * Accessibility and layout problems of the current screen: language, labels, button names, one h1, a live
 * region, no horizontal scroll, and the contrast of text on filled buttons (WCAG AA 4.5:1).
 */
export function screenProblems(): string[] {
  const problems: string[] = [];
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const visible = (el: PageElement) => el.offsetParent !== null;
  const root = document.documentElement;
  if (root.lang !== 'en') problems.push('html lang is not "en"');
  if (document.querySelectorAll('main h1').length !== 1) problems.push('the screen has no single h1');
  if (!document.querySelector('[aria-live]')) problems.push('no aria-live region');
  for (const field of Array.from(document.querySelectorAll('input, select, textarea'))) {
    if (field.type === 'hidden' || !visible(field)) continue;
    if (!field.labels?.length && !field.getAttribute('aria-label'))
      problems.push(`unlabelled control #${field.id}`);
  }
  for (const button of Array.from(document.querySelectorAll('button'))) {
    if (!visible(button)) continue;
    const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
    if (!name) problems.push('a button without a name');
    const style = getComputedStyle(button);
    const filled = style.backgroundColor !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(style.backgroundColor);
    const ratio = filled ? contrast(style.color, style.backgroundColor) : Infinity;
    if (ratio < 4.5) problems.push(`button "${name}" text contrast ${ratio.toFixed(2)} < 4.5`);
  }
  if (root.scrollWidth > root.clientWidth) problems.push(`horizontal scroll (${root.scrollWidth}px wide)`);
  return problems;
}
