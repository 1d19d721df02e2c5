import fs from 'node:fs/promises';
import { checkUploadHeads, HEAD_BYTES, type UploadPart, type UploadPartHead } from './inspect-upload';

/** An uploaded part staged on disk by the API's multipart reader (deleted by it after the answer). */
export interface StagedUploadPart {
  path: string;
  size: number;
  declaredType: string;
  filename?: string;
}

async function readHead(part: StagedUploadPart): Promise<UploadPartHead> {
  const file = await fs.open(part.path, 'r');
  try {
    const head = Buffer.alloc(Math.min(HEAD_BYTES, part.size));
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return {
      head: head.subarray(0, bytesRead),
      size: part.size,
      declaredType: part.declaredType,
      ...(part.filename ? { filename: part.filename } : {}),
    };
  } finally {
    await file.close();
  }
}

/**
 * The staged parts in memory, once their first bytes passed the cheap checks (count, total size, empty, magic
 * bytes against the declared type): a refused upload is never read whole. Throws UploadRejectedError.
 */
export async function readStagedUpload(parts: StagedUploadPart[]): Promise<UploadPart[]> {
  checkUploadHeads(await Promise.all(parts.map(readHead)));
  return Promise.all(
    parts.map(async (part) => ({
      bytes: await fs.readFile(part.path),
      declaredType: part.declaredType,
      ...(part.filename ? { filename: part.filename } : {}),
    })),
  );
}
