import { CODE128_PATTERNS, decodeCode128 } from '../testing/code128-decoder';
import { encodeCode128 } from './code128';
import { LabDocumentInputError } from '../lab-document-input-error';

describe('encodeCode128', () => {
  it.each(['MRD12345678', 'ORD-12345', 'a', 'Sample id with spaces ~!', '00112233445566778899', 'X1'])(
    'round-trips %p through an independent decoder',
    (text) => {
      const code = encodeCode128(text);
      expect(decodeCode128(code.modules)).toBe(text);
      expect(code.width).toBe(code.modules.reduce((a, b) => a + b, 0));
      // Every symbol is 11 modules wide and the stop pattern 13: start + data + check + stop.
      expect((code.width - 13) % 11).toBe(0);
    },
  );

  it('packs digit runs in code set C (half the symbols of set B)', () => {
    const digits = encodeCode128('12345678901234567890');
    const letters = encodeCode128('ABCDEFGHIJKLMNOPQRST');
    expect(digits.width).toBeLessThan(letters.width * 0.6);
  });

  it.each([
    ['empty', ''],
    ['non-ASCII', 'Zoë-1'],
    ['control character', 'AB\nC'],
    ['too long', 'X'.repeat(49)],
  ])('refuses a %s specimen id', (_, text) => {
    expect(() => encodeCode128(text)).toThrow(LabDocumentInputError);
    try {
      encodeCode128(text);
    } catch (err) {
      expect((err as LabDocumentInputError).errorType).toBe('invalid_sample_id');
      expect((err as LabDocumentInputError).kind).toBe('bad_request');
    }
  });

  it('uses a decoder table of 106 distinct 11-module symbols', () => {
    expect(new Set(CODE128_PATTERNS).size).toBe(106);
    for (const p of CODE128_PATTERNS) {
      const widths = [...p].map(Number);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
      // Bars (even positions) always add up to an even number of modules in Code 128.
      expect((widths[0]! + widths[2]! + widths[4]!) % 2).toBe(0);
    }
  });

  it('the decoder rejects a corrupted symbol', () => {
    const modules = [...encodeCode128('MRD12345678').modules];
    [modules[7], modules[8]] = [modules[8]!, modules[7]!];
    expect(() => decodeCode128(modules)).toThrow();
  });
});
