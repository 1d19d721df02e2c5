import { MllpFrameTooLargeError } from '../lab-errors';
import { CR, encodeMllpFrame, FS, MllpFrameDecoder, VT } from './mllp-frame';

function decoder(maxBytes?: number): { frames: string[]; d: MllpFrameDecoder } {
  const frames: string[] = [];
  return { frames, d: new MllpFrameDecoder((f) => frames.push(f), maxBytes) };
}

describe('MllpFrameDecoder', () => {
  it('encodes a frame as VT message FS CR', () => {
    expect([...encodeMllpFrame('AB')]).toEqual([VT, 0x41, 0x42, FS, CR]);
  });

  it('reassembles a frame fed one byte at a time, multi-byte UTF-8 included', () => {
    const { frames, d } = decoder();
    const text = 'MSH|^~\\&|A\rNTE|1||Zoë ✓ 𝄞';
    for (const byte of encodeMllpFrame(text)) d.push(Buffer.from([byte]));
    expect(frames).toEqual([text]);
    expect(d.hasPartialFrame).toBe(false);
  });

  it('splits several frames out of one chunk, dropping bytes between frames', () => {
    const { frames, d } = decoder();
    d.push(
      Buffer.concat([
        Buffer.from('noise'),
        encodeMllpFrame('one'),
        Buffer.from('\r\n'),
        encodeMllpFrame('two'),
      ]),
    );
    expect(frames).toEqual(['one', 'two']);
  });

  it('ends a frame when FS closes one chunk and CR opens the next', () => {
    const { frames, d } = decoder();
    d.push(Buffer.from([VT, 0x61, FS]));
    expect(frames).toEqual([]);
    d.push(Buffer.from([CR, VT, 0x62, FS, CR]));
    expect(frames).toEqual(['a', 'b']);
  });

  it('keeps an FS that is not followed by CR as content', () => {
    const { frames, d } = decoder();
    d.push(Buffer.from([VT, 0x61, FS]));
    d.push(Buffer.from([0x62, FS, 0x63, FS, CR]));
    expect(frames).toEqual(['a\x1cb\x1cc']);
  });

  it('restarts on a VT inside a frame (the sender abandoned the previous one)', () => {
    const { frames, d } = decoder();
    d.push(Buffer.from([VT, 0x61, 0x62, VT, 0x63, FS, CR]));
    expect(frames).toEqual(['c']);
  });

  it('throws past the size limit and then resynchronises on the next VT', () => {
    const { frames, d } = decoder(8);
    d.push(Buffer.from([VT, 0x61, 0x61, 0x61, 0x61]));
    expect(() => d.push(Buffer.from('aaaaaa'))).toThrow(MllpFrameTooLargeError);
    d.push(encodeMllpFrame('ok'));
    expect(frames).toEqual(['ok']);
  });
});
