/**
 * Test helper: an independent Code 128 decoder (symbol patterns from ISO/IEC 15417), so tests can check that
 * the bars bwip-js produces and we draw decode back to the specimen id, check character included.
 */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
]; // prettier-ignore
const STOP = '2331112';
const START = { A: 103, B: 104, C: 105 } as const;

export { PATTERNS as CODE128_PATTERNS };

/** Decodes bar/space module widths (start … check, stop) to text; throws on any malformed symbol. */
export function decodeCode128(modules: readonly number[]): string {
  if (modules.length < 6 * 3 + 7 || (modules.length - 7) % 6 !== 0)
    throw new Error(`bad length ${modules.length}`);
  if (modules.slice(-7).join('') !== STOP) throw new Error('no stop pattern');
  const values: number[] = [];
  for (let i = 0; i < modules.length - 7; i += 6) {
    const value = PATTERNS.indexOf(modules.slice(i, i + 6).join(''));
    if (value < 0) throw new Error(`unknown symbol at module ${i}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((acc, v, i) => acc + v * (i + 1), start!);
  if (sum % 103 !== check) throw new Error(`check character ${check} != ${sum % 103}`);
  let set: 'A' | 'B' | 'C' =
    start === START.A ? 'A' : start === START.B ? 'B' : start === START.C ? 'C' : fail(`bad start ${start}`);
  let text = '';
  for (const v of rest) {
    if (set === 'C') {
      if (v < 100) text += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      else if (v !== 102) fail(`unexpected ${v} in set C`);
      continue;
    }
    if (v < 64) text += String.fromCharCode(32 + v);
    else if (v < 96) text += set === 'B' ? String.fromCharCode(32 + v) : String.fromCharCode(v - 64);
    else if (v === 99) set = 'C';
    else if (v === 100 && set === 'A') set = 'B';
    else if (v === 101 && set === 'B') set = 'A';
    else if (v !== 102) fail(`unsupported control ${v} in set ${set}`);
  }
  return text;
}

function fail(message: string): never {
  throw new Error(message);
}
