/**
 * A growable byte buffer the timeseries JSON writer fills directly (issue 16): the response body is built
 * as UTF-8 bytes with no string per sample, no join and no final encode, and is sent as one Buffer of known
 * length. Hot-path writes are plain indexed stores and `set` of pre-encoded fragments.
 */

const encoder = new TextEncoder();

/** `text` as UTF-8 bytes (fragments encoded once and reused). */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

const QUOTE = 0x22;
const MINUS = 0x2d;
const ZERO = 0x30;
const DOT = 0x2e;
const NULL_BYTES = utf8('null');

/**
 * Output buffers kept for reuse (issue 16). A day of heart rate is a 163 kB answer: allocated per request,
 * its memory is external to V8's heap, and that external memory, not the heap, is what started the data
 * API's full collections under load (`--trace-incremental-marking`: "external memory pressure" at a heap of
 * 80 MB against a limit of 220–280 MB). A buffer goes back only when nothing can still read it: a response's
 * buffer after its 'finish' (the last write handed to the kernel), a buffer outgrown while writing at once.
 * A buffer taken is never in the pool, so two in-flight responses never share one. Bounded: at most
 * `maxBuffers` buffers of at most `maxBufferBytes` each, `maxTotalBytes` in all; others are left to the
 * collector.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];
  private freeBytes = 0;

  constructor(
    readonly maxBuffers: number,
    readonly maxBufferBytes: number,
    readonly maxTotalBytes: number,
  ) {}

  /** A buffer of at least `size` bytes (the smallest pooled one that fits, else a new one), now the caller's. */
  take(size: number): Buffer {
    const free = this.free;
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      const length = free[i]!.length;
      if (length >= size && (best < 0 || length < free[best]!.length)) best = i;
    }
    if (best < 0) return Buffer.allocUnsafeSlow(size);
    const buf = free[best]!;
    free[best] = free[free.length - 1]!;
    free.pop();
    this.freeBytes -= buf.length;
    return buf;
  }

  /** Gives `buf` back: the caller and anything it handed a view of must no longer read or write it. */
  give(buf: Buffer): void {
    // Only whole buffers this pool could have made (a view into another buffer would alias it).
    if (buf.length === 0 || buf.byteOffset !== 0 || buf.length !== buf.buffer.byteLength) return;
    if (buf.length > this.maxBufferBytes || this.free.includes(buf)) return;
    // Full: smaller buffers make room for a larger one (the pool keeps what the large answers need).
    while (this.free.length >= this.maxBuffers || this.freeBytes + buf.length > this.maxTotalBytes) {
      if (!this.dropSmallestBelow(buf.length)) return;
    }
    this.free.push(buf);
    this.freeBytes += buf.length;
  }

  private dropSmallestBelow(length: number): boolean {
    const free = this.free;
    let smallest = -1;
    for (let i = 0; i < free.length; i++) {
      if (free[i]!.length < length && (smallest < 0 || free[i]!.length < free[smallest]!.length))
        smallest = i;
    }
    if (smallest < 0) return false;
    this.freeBytes -= free[smallest]!.length;
    free[smallest] = free[free.length - 1]!;
    free.pop();
    return true;
  }

  /** Buffers and bytes held for reuse. */
  get size(): { buffers: number; bytes: number } {
    return { buffers: this.free.length, bytes: this.freeBytes };
  }
}

const NO_BYTES = Buffer.alloc(0);

export class JsonBytes {
  buf: Buffer;
  pos: number;
  /** Where the content starts: bytes before it are headroom a caller may prepend into. */
  readonly start: number;

  /** With a `pool`, buffers come from it and outgrown ones go back to it (`release` gives the last one back). */
  constructor(
    capacity: number,
    headroom = 0,
    private readonly pool?: BufferPool,
  ) {
    const size = Math.max(64, headroom + capacity);
    this.buf = pool ? pool.take(size) : Buffer.allocUnsafe(size);
    this.pos = headroom;
    this.start = headroom;
  }

  /** Room for `n` more bytes (the buffer doubles, keeping its headroom). */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const size = Math.max(this.buf.length * 2, this.pos + n);
    const next = this.pool ? this.pool.take(size) : Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    // Nothing else holds the outgrown buffer (views are only handed out by `content` and the page writers).
    this.pool?.give(this.buf);
    this.buf = next;
  }

  /**
   * Gives the buffer back to the pool: call once nothing reads the content any more (a response's after
   * its 'finish'). The writer is empty afterwards.
   */
  release(): void {
    const buf = this.buf;
    this.buf = NO_BYTES;
    this.pos = this.start;
    if (buf !== NO_BYTES) this.pool?.give(buf);
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  bytes(fragment: Uint8Array): void {
    this.ensure(fragment.length);
    this.buf.set(fragment, this.pos);
    this.pos += fragment.length;
  }

  /** Any text, as UTF-8. */
  text(s: string): void {
    this.ensure(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** Text known to be ASCII (number and date renderings). */
  ascii(s: string): void {
    this.ensure(s.length);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** A number as `JSON.stringify` writes it (non-finite: `null`). */
  number(v: number): void {
    if (v === (v | 0)) this.int32(v);
    else if (!this.shortDecimal(v)) {
      if (Number.isFinite(v)) this.ascii(String(v));
      else this.bytes(NULL_BYTES);
    }
  }

  /**
   * A non-integer whose shortest round-trip form has one to three decimals (most measured values), written
   * without a string: when `k / 10^d` is `v` for the integer k nearest `v * 10^d`, the d-decimal text of k
   * reads back as `v`, and no text with fewer decimals does (the lower d were tried first, and `v` is no
   * integer), so it is what `String(v)` writes. Returns false for anything else.
   */
  private shortDecimal(v: number): boolean {
    if (!(v > -2_000_000 && v < 2_000_000)) return false;
    let k = Math.round(v * 10);
    let decimals = 1;
    if (k / 10 !== v) {
      k = Math.round(v * 100);
      decimals = 2;
      if (k / 100 !== v) {
        k = Math.round(v * 1000);
        decimals = 3;
        if (k / 1000 !== v) return false;
      }
    }
    this.ensure(16);
    const b = this.buf;
    let p = this.pos;
    if (k < 0) {
      b[p++] = MINUS;
      k = -k;
    }
    // Digits of k right to left, the point `decimals` places from the right, at least one before it.
    let digits = 1;
    for (let x = k; x >= 10; x = Math.floor(x / 10)) digits++;
    const width = Math.max(digits, decimals + 1) + 1;
    let i = p + width - 1;
    for (let d = 0; d < decimals; d++) {
      b[i--] = ZERO + (k % 10);
      k = Math.floor(k / 10);
    }
    b[i--] = DOT;
    do {
      b[i--] = ZERO + (k % 10);
      k = Math.floor(k / 10);
    } while (i >= p);
    this.pos = p + width;
    return true;
  }

  /** A 32-bit integer's digits (-0 is written `0`, as JSON.stringify does). */
  int32(v: number): void {
    this.ensure(11);
    const b = this.buf;
    let p = this.pos;
    if (v < 0) {
      b[p++] = MINUS;
      v = -v;
    }
    if (v < 10) b[p++] = ZERO + v;
    else {
      let digits = 1;
      for (let x = v; x >= 10; x = Math.floor(x / 10)) digits++;
      p += digits;
      for (let i = p - 1; i >= p - digits; i--) {
        b[i] = ZERO + (v % 10);
        v = Math.floor(v / 10);
      }
    }
    this.pos = p;
  }

  /** `JSON.stringify(v)` of any value (null, numbers and strings without the generic path). */
  json(v: unknown): void {
    if (typeof v === 'number') this.number(v);
    else if (v === null) this.bytes(NULL_BYTES);
    else if (typeof v === 'string' && isPlainAscii(v)) {
      this.ensure(v.length + 2);
      this.buf[this.pos++] = QUOTE;
      this.ascii(v);
      this.buf[this.pos++] = QUOTE;
    } else {
      const text = JSON.stringify(v) as string | undefined;
      this.text(text ?? 'null');
    }
  }

  /** The content written so far (a view, no copy). */
  content(): Buffer {
    return this.buf.subarray(this.start, this.pos);
  }
}

/** Printable ASCII without `"` or `\`: JSON writes it as it is, between quotes. */
function isPlainAscii(s: string): boolean {
  if (s.length > 64) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === QUOTE || c === 0x5c) return false;
  }
  return true;
}
