import { LAB_REPORT_LIMITS } from '@meridian/domain';
import type { LabReportMediaType } from '@meridian/domain';
import { countPdfPages } from './count-pdf-pages';
import { inspectImage, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-header';
import { classifyDeclaredType, sniffMediaType } from './sniff-media-type';
import { UploadRejectedError } from './upload-rejected-error';

export interface UploadFile {
  bytes: Buffer;
  mediaType: LabReportMediaType;
  filename?: string;
}

export interface UploadPart {
  bytes: Buffer;
  declaredType: string;
  filename?: string;
}

const MIB = 1024 * 1024;

function label(part: { filename?: string }, index: number, count: number): string {
  if (part.filename) return `"${part.filename}"`;
  return count > 1 ? `file ${index + 1}` : 'the file';
}

/** What a part looks like before its bytes are read: its first bytes (at least `HEAD_BYTES`, or all) and size. */
export interface UploadPartHead {
  head: Buffer;
  size: number;
  declaredType: string;
  filename?: string;
}

/** Enough bytes to tell PDF, JPEG and PNG apart (a PDF header may sit anywhere in the first 1 KiB). */
export const HEAD_BYTES = 1024;

/** Emptiness, the type from the magic bytes and the declared type: what can be judged without the whole file. */
function checkHead(part: UploadPartHead, index: number, count: number): LabReportMediaType {
  const name = label(part, index, count);
  if (part.size === 0) throw new UploadRejectedError('empty_file', `${name} is empty`);
  const actual = sniffMediaType(part.head);
  const declared = classifyDeclaredType(part.declaredType);
  if (!actual) {
    throw new UploadRejectedError(
      'unsupported_file_type',
      `${name} is not a PDF, JPEG or PNG file (accepted: application/pdf, image/jpeg, image/png)`,
    );
  }
  if (declared.kind === 'supported' && declared.type !== actual) {
    throw new UploadRejectedError(
      'content_type_mismatch',
      `${name} is declared as ${declared.type} but its content is ${actual}`,
    );
  }
  if (declared.kind === 'other') {
    throw new UploadRejectedError(
      'content_type_mismatch',
      `${name} is declared as ${declared.type || 'an unknown type'} but its content is ${actual}`,
    );
  }
  return actual;
}

function checkPart(part: UploadPart, index: number, count: number): UploadFile {
  const name = label(part, index, count);
  const actual = checkHead(
    { head: part.bytes, size: part.bytes.length, declaredType: part.declaredType, filename: part.filename },
    index,
    count,
  );
  if (actual !== 'application/pdf') {
    const image = inspectImage(part.bytes, actual);
    const kind = actual === 'image/png' ? 'PNG' : 'JPEG';
    if (!image.ok && image.problem === 'too_large') {
      throw new UploadRejectedError(
        'invalid_file',
        `${name} is ${image.detail}; images up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ` +
          `${MAX_IMAGE_SIDE} pixels a side are accepted`,
      );
    }
    if (!image.ok) {
      throw new UploadRejectedError(
        'invalid_file',
        image.problem === 'truncated'
          ? `${name} is a truncated ${kind} image (${image.detail})`
          : `${name} is not a decodable ${kind} image (${image.detail})`,
      );
    }
  }
  return { bytes: part.bytes, mediaType: actual, ...(part.filename ? { filename: part.filename } : {}) };
}

function checkCount(count: number, totalBytes: number): void {
  if (count === 0) throw new UploadRejectedError('empty_file', 'no file was uploaded');
  if (count > LAB_REPORT_LIMITS.maxImages) {
    throw new UploadRejectedError(
      'too_many_files',
      `${count} files were uploaded; at most ${LAB_REPORT_LIMITS.maxImages} images can be merged into one report`,
    );
  }
  if (totalBytes > LAB_REPORT_LIMITS.maxBytes) {
    throw new UploadRejectedError(
      'file_too_large',
      `the upload is ${(totalBytes / MIB).toFixed(1)} MiB; the limit is ${LAB_REPORT_LIMITS.maxBytes / MIB} MiB`,
    );
  }
}

/**
 * The checks that need only each part's first bytes and size (count, total size, empty, magic bytes against
 * the declared type), run before an upload staged on disk is read into memory. Throws UploadRejectedError,
 * in the order `inspectUpload` would.
 */
export function checkUploadHeads(parts: UploadPartHead[]): void {
  checkCount(
    parts.length,
    parts.reduce((sum, part) => sum + part.size, 0),
  );
  parts.forEach((part, index) => checkHead(part, index, parts.length));
}

/**
 * Synchronous upload checks for the API (api-shapes §4.7 parser rules): sniff the bytes, compare them with the
 * declared type, decode image headers, open PDFs and count their pages. Throws UploadRejectedError.
 */
export async function inspectUpload(
  parts: UploadPart[],
): Promise<{ files: UploadFile[]; pageCount: number | null }> {
  checkCount(
    parts.length,
    parts.reduce((sum, part) => sum + part.bytes.length, 0),
  );
  const files = parts.map((part, index) => checkPart(part, index, parts.length));
  if (files.length > 1 && files.some((file) => file.mediaType === 'application/pdf')) {
    throw new UploadRejectedError(
      'unsupported_file_type',
      'only JPEG and PNG images can be merged; upload a PDF on its own',
    );
  }
  const [first] = files;
  if (files.length === 1 && first?.mediaType === 'application/pdf') {
    const pageCount = await checkPdfPages(first, label(parts[0] as UploadPart, 0, 1));
    return { files, pageCount };
  }
  return { files, pageCount: files.length };
}

/** The page count; null when it can only be read once the file is decrypted (the parser checks it then). */
async function checkPdfPages(file: UploadFile, name: string): Promise<number | null> {
  const inspection = await countPdfPages(file.bytes);
  if (!inspection.ok) {
    const why =
      inspection.error === 'encrypted'
        ? 'is password-protected'
        : 'is not a readable PDF (corrupt or truncated)';
    throw new UploadRejectedError('invalid_file', `${name} ${why}`);
  }
  if (inspection.pageCount === null) return null;
  if (inspection.pageCount === 0) throw new UploadRejectedError('invalid_file', `${name} has no pages`);
  if (inspection.pageCount > LAB_REPORT_LIMITS.maxPages) {
    throw new UploadRejectedError(
      'too_many_pages',
      `${name} has ${inspection.pageCount} pages; the limit is ${LAB_REPORT_LIMITS.maxPages}`,
    );
  }
  return inspection.pageCount;
}
