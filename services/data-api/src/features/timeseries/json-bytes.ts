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

export class JsonBytes {
  buf: Buffer;
  pos: number;
  /** Where the content starts: bytes before it are headroom a caller may prepend into. */
  readonly start: number;

  constructor(capacity: number, headroom = 0) {
    this.buf = Buffer.allocUnsafe(Math.max(64, headroom + capacity));
    this.pos = headroom;
    this.start = headroom;
  }

  /** Room for `n` more bytes (the buffer doubles, keeping its headroom). */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
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
