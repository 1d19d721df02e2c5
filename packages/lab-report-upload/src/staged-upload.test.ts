import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readStagedUpload } from './staged-upload';
import { UploadRejectedError } from './upload-rejected-error';

describe('readStagedUpload', () => {
  let dir: string;
  beforeEach(() => {
    dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'staged-upload-test-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fsSync.rmSync(dir, { recursive: true, force: true });
  });

  function stage(name: string, bytes: Buffer, declaredType: string) {
    const file = path.join(dir, name);
    fsSync.writeFileSync(file, bytes);
    return { path: file, size: bytes.length, declaredType, filename: name };
  }

  async function rejection(parts: Parameters<typeof readStagedUpload>[0]): Promise<UploadRejectedError> {
    const err: unknown = await readStagedUpload(parts).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (err instanceof UploadRejectedError) return err;
    throw new Error(`expected an UploadRejectedError, got ${String(err)}`);
  }

  it('reads the files once their first bytes pass the checks', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20)]);
    const parts = await readStagedUpload([stage('r.pdf', pdf, 'application/pdf')]);
    expect(parts).toEqual([{ bytes: pdf, declaredType: 'application/pdf', filename: 'r.pdf' }]);
  });

  it('refuses by magic bytes, declared type, emptiness and count without reading any file whole', async () => {
    const readFile = jest.spyOn(fs, 'readFile');
    const junk = stage('junk.pdf', Buffer.alloc(2 * 1024 * 1024, 0x41), 'application/pdf');
    expect((await rejection([junk])).code).toBe('unsupported_file_type');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    expect((await rejection([stage('x.pdf', png, 'application/pdf')])).code).toBe('content_type_mismatch');
    expect((await rejection([stage('empty.png', Buffer.alloc(0), 'image/png')])).code).toBe('empty_file');
    const many = Array.from({ length: 9 }, (_, i) => stage(`p${i}.png`, png, 'image/png'));
    expect((await rejection(many)).code).toBe('too_many_files');
    expect(readFile).not.toHaveBeenCalled();
  });
});
