import { BufferPool, JsonBytes } from './json-bytes';

/** Whatever JsonBytes writes must be JSON.stringify's bytes. */
function written(write: (out: JsonBytes) => void): string {
  const out = new JsonBytes(1, 3);
  write(out);
  return out.content().toString('utf8');
}

describe('JsonBytes', () => {
  it('writes numbers as JSON.stringify does', () => {
    const fixed = [
      0,
      -0,
      1,
      -1,
      9,
      10,
      99,
      100,
      2_147_483_647,
      -2_147_483_648,
      2_147_483_648,
      62.3,
      -62.3,
      0.5,
      -0.5,
      0.05,
      -0.05,
      0.001,
      0.0001,
      1e-7,
      0.1 + 0.2,
      1.005,
      123_456.789,
      1_999_999.999,
      2_000_000.5,
      1e21,
      1e-300,
      5e-324,
      Number.MAX_VALUE,
      Number.MAX_SAFE_INTEGER,
      1 / 3,
      -2 / 3,
      72.25,
      36.6,
      98.65,
      1234.5678,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const generated: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(random() * 5);
      const magnitude = 10 ** Math.floor(random() * 9 - 2);
      // Values measured to a few decimals (the common case), and arbitrary doubles.
      generated.push(
        i % 3 === 0 ? (random() - 0.5) * magnitude : Math.round((random() - 0.3) * magnitude * scale) / scale,
      );
    }
    const values = [...fixed, ...generated];
    expect(written((out) => values.forEach((v, i) => (i > 0 && out.byte(0x2c), out.number(v))))).toBe(
      values.map((v) => JSON.stringify(v)).join(','),
    );
  });

  it('writes any value as JSON.stringify does, text as UTF-8', () => {
    const values: unknown[] = [
      null,
      'plain',
      '',
      'quote " and \\ backslash',
      'línea\nnueva',
      'emoji 🫀',
      'sep \u2028 \u2029',
      '\u007f del',
      'lone \ud800',
      'x'.repeat(200),
      true,
      false,
      { a: [1, 'two', null] },
      [0.5, -3],
    ];
    expect(written((out) => values.forEach((v, i) => (i > 0 && out.byte(0x2c), out.json(v))))).toBe(
      values.map((v) => JSON.stringify(v)).join(','),
    );
  });

  it('grows keeping its headroom and content', () => {
    const out = new JsonBytes(4, 8);
    for (let i = 0; i < 1000; i++) out.int32(i);
    expect(out.start).toBe(8);
    expect(out.content().toString('latin1')).toBe(Array.from({ length: 1000 }, (_, i) => String(i)).join(''));
  });
});

describe('BufferPool', () => {
  it('hands out a given-back buffer again, the smallest that fits, and never one twice', () => {
    const pool = new BufferPool(4, 1024, 4096);
    const small = pool.take(100);
    const large = pool.take(500);
    expect(small.buffer).not.toBe(large.buffer);
    pool.give(large);
    pool.give(small);
    pool.give(small); // a second give of the same buffer is ignored
    expect(pool.size).toEqual({ buffers: 2, bytes: 600 });
    expect(pool.take(50)).toBe(small);
    expect(pool.take(50)).toBe(large);
    const fresh = pool.take(50);
    expect(fresh).not.toBe(small);
    expect(fresh).not.toBe(large);
    expect(pool.size).toEqual({ buffers: 0, bytes: 0 });
    // Too small a pooled buffer is not handed out.
    pool.give(small);
    expect(pool.take(200)).not.toBe(small);
  });

  it('keeps within its bounds and takes no views of other buffers', () => {
    const pool = new BufferPool(2, 1000, 1500);
    pool.give(Buffer.allocUnsafeSlow(2000)); // larger than a pooled buffer may be
    pool.give(Buffer.allocUnsafeSlow(1000).subarray(10)); // a view: would alias its parent
    pool.give(Buffer.alloc(0));
    expect(pool.size).toEqual({ buffers: 0, bytes: 0 });
    pool.give(Buffer.allocUnsafeSlow(1000));
    pool.give(Buffer.allocUnsafeSlow(600)); // 1,600 bytes in all: over the total
    pool.give(Buffer.allocUnsafeSlow(400));
    pool.give(Buffer.allocUnsafeSlow(10)); // over the count, and smaller than all
    expect(pool.size).toEqual({ buffers: 2, bytes: 1400 });
    // A larger one takes the place of smaller ones.
    const larger = Buffer.allocUnsafeSlow(500);
    pool.give(larger);
    expect(pool.size).toEqual({ buffers: 2, bytes: 1500 });
    expect(pool.take(450)).toBe(larger);
  });

  it("a writer's outgrown buffers go back at once, its last one on release", () => {
    const pool = new BufferPool(8, 1 << 20, 1 << 22);
    const out = new JsonBytes(64, 0, pool);
    const first = out.buf;
    for (let i = 0; i < 100; i++) out.int32(i);
    expect(out.buf).not.toBe(first);
    expect(pool.size.buffers).toBeGreaterThan(0);
    const text = out.content().toString('latin1');
    expect(text).toBe(Array.from({ length: 100 }, (_, i) => String(i)).join(''));
    const last = out.buf;
    // While the writer holds its buffer, nothing else gets it.
    const others = Array.from({ length: 6 }, () => pool.take(64));
    expect(others.some((b) => b.buffer === last.buffer)).toBe(false);
    others.forEach((b) => pool.give(b));
    out.release();
    expect(out.content().length).toBe(0);
    const next = new JsonBytes(last.length, 0, pool);
    expect(next.buf).toBe(last);
  });
});
