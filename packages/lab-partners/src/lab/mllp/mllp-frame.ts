/**
 * MLLP framing (HL7 v2.5.1 Appendix C): `<VT> message <FS><CR>`. The decoder is a byte-stream state
 * machine: a frame may arrive in any number of TCP chunks and one chunk may hold several frames; bytes
 * outside a frame are dropped, a VT inside a frame restarts it (the sender gave up on the previous one),
 * and a frame larger than the limit is an error (the connection is then closed: it cannot be resynchronised
 * safely). Delimiters are ASCII control bytes that never occur inside UTF-8 multi-byte sequences, so frames
 * are split on bytes and decoded as UTF-8 once whole.
 */
import { MllpFrameTooLargeError } from '../lab-errors';

export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

export function encodeMllpFrame(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  const frame = Buffer.allocUnsafe(body.length + 3);
  frame[0] = VT;
  body.copy(frame, 1);
  frame[body.length + 1] = FS;
  frame[body.length + 2] = CR;
  return frame;
}

export class MllpFrameDecoder {
  private parts: Buffer[] = [];
  private size = 0;
  private inFrame = false;
  /** The previous chunk ended with FS: the frame ends if this one starts with CR. */
  private pendingFs = false;

  constructor(
    private readonly onFrame: (message: string) => void,
    private readonly maxBytes = DEFAULT_MAX_FRAME_BYTES,
  ) {}

  /** Feeds bytes; calls `onFrame` for each completed frame; throws `MllpFrameTooLargeError`. */
  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(VT, i);
        if (start === -1) return;
        this.startFrame();
        i = start + 1;
        continue;
      }
      if (this.pendingFs) {
        this.pendingFs = false;
        if (chunk[i] === CR) {
          this.endFrame();
          i += 1;
          continue;
        }
        this.append(Buffer.from([FS]));
      }
      const fs = chunk.indexOf(FS, i);
      const vt = chunk.indexOf(VT, i);
      if (vt !== -1 && (fs === -1 || vt < fs)) {
        this.startFrame();
        i = vt + 1;
        continue;
      }
      if (fs === -1) {
        this.append(chunk.subarray(i));
        return;
      }
      this.append(chunk.subarray(i, fs));
      if (fs + 1 === chunk.length) {
        this.pendingFs = true;
        return;
      }
      if (chunk[fs + 1] === CR) {
        this.endFrame();
        i = fs + 2;
      } else {
        this.append(chunk.subarray(fs, fs + 1));
        i = fs + 1;
      }
    }
  }

  /** True while part of a frame has been received. */
  get hasPartialFrame(): boolean {
    return this.inFrame;
  }

  private startFrame(): void {
    this.parts = [];
    this.size = 0;
    this.inFrame = true;
    this.pendingFs = false;
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.maxBytes) {
      this.parts = [];
      this.inFrame = false;
      throw new MllpFrameTooLargeError(this.maxBytes);
    }
    this.parts.push(bytes);
  }

  private endFrame(): void {
    const message = Buffer.concat(this.parts, this.size).toString('utf8');
    this.parts = [];
    this.size = 0;
    this.inFrame = false;
    this.onFrame(message);
  }
}
