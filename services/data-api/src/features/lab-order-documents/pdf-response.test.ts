import { etagOf, ifNoneMatchMatches } from './pdf-response';

describe('PDF entity tags', () => {
  const bytes = new TextEncoder().encode('%PDF-1.7 test');
  const tag = etagOf(bytes);

  it('is a quoted base64url SHA-256 of the bytes, the same for the same bytes', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(etagOf(new TextEncoder().encode('%PDF-1.7 test'))).toBe(tag);
    expect(etagOf(new TextEncoder().encode('%PDF-1.7 tesT'))).not.toBe(tag);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['"other"', false],
    [tag, true],
    [` ${tag} `, true],
    [`W/${tag}`, true],
    [`"a", ${tag}, "b"`, true],
    ['*', true],
    [tag.slice(0, -1), false],
  ])('If-None-Match %p matches: %p', (header, expected) => {
    expect(ifNoneMatchMatches(header, tag)).toBe(expected);
  });
});
