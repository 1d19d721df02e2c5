import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box';
import { openHeaderValues, sealHeaderValues } from './sealed-headers';

describe('sealed webhook header values', () => {
  const box = createSecretBox(randomBytes(32));

  it('keeps names, hides values, and opens back to the original', () => {
    const headers = { Authorization: 'Bearer abc123', 'X-Team': 'blue' };
    const sealed = sealHeaderValues(box, headers);
    expect(Object.keys(sealed)).toEqual(['Authorization', 'X-Team']);
    expect(JSON.stringify(sealed)).not.toContain('abc123');
    expect(JSON.stringify(sealed)).not.toContain('blue');
    expect(openHeaderValues(box, sealed)).toEqual(headers);
  });

  it('reads values stored in clear before sealing as they are', () => {
    expect(openHeaderValues(box, { 'X-Legacy': 'plain' })).toEqual({ 'X-Legacy': 'plain' });
  });

  it('refuses a value sealed with another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => openHeaderValues(box, sealHeaderValues(other, { A: 'b' }))).toThrow();
  });
});
