import type { ErrorRequestHandler, Request } from 'express';
import { HttpError } from 'express-openapi-validator/dist/framework/types';
import { BadRequestError, PayloadTooLargeError } from '@meridian/domain';

/**
 * Multipart uploads for express-openapi-validator's `fileUploader` (multer): files are held in memory,
 * with one byte budget for the whole request (all files together), so memory stays bounded whatever the
 * number of parts. Over the budget the upload stops at once and the request answers 413 with the
 * configured `error_type`.
 */
export interface UploadOptions {
  /** Bytes allowed for all files of one request together. */
  maxBytes: number;
  /** `error_type` of the 413 body (e.g. `file_too_large`). */
  tooLargeErrorType: string;
}

interface IncomingFile {
  stream: NodeJS.ReadableStream;
}

const usedBytes = new WeakMap<Request, number>();
const overBudget = new WeakSet<Request>();

/** A multer storage engine (structural: `_handleFile` / `_removeFile`). */
export function memoryUploadStorage(opts: UploadOptions) {
  return {
    _handleFile(
      req: Request,
      file: IncomingFile,
      cb: (err: Error | null, info?: { buffer: Buffer; size: number }) => void,
    ): void {
      const chunks: Buffer[] = [];
      let done = false;
      const finish = (err: Error | null, info?: { buffer: Buffer; size: number }) => {
        if (done) return;
        done = true;
        cb(err, info);
      };
      file.stream.on('data', (chunk: Buffer) => {
        if (done) return;
        const used = (usedBytes.get(req) ?? 0) + chunk.length;
        usedBytes.set(req, used);
        if (used > opts.maxBytes) {
          overBudget.add(req);
          chunks.length = 0;
          finish(HttpError.create({ status: 413, path: req.path, message: 'upload too large' }));
          return;
        }
        chunks.push(chunk);
      });
      file.stream.on('error', (err: Error) => finish(err));
      file.stream.on('end', () => {
        const buffer = Buffer.concat(chunks);
        finish(null, { buffer, size: buffer.length });
      });
    },
    _removeFile(_req: Request, file: { buffer?: Buffer }, cb: (err: Error | null) => void): void {
      delete file.buffer;
      cb(null);
    },
  };
}

interface ValidatorError {
  status?: unknown;
  errors?: Array<{ path?: unknown }>;
}

/**
 * The validator's multipart reader (multer) reports a body it cannot read (no boundary, a malformed part
 * header, an early end) as its own 400 or 500 error naming the request path rather than a field.
 */
function isMultipartReadError(err: unknown, req: Request): boolean {
  if (!req.is('multipart/form-data')) return false;
  const e = (err ?? {}) as ValidatorError;
  if (e.status !== 400 && e.status !== 500) return false;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((item) => item.path === req.path);
}

/**
 * After the validator: the budget overflow becomes the domain 413 with the configured error_type, and
 * a multipart body that does not parse becomes 400 `invalid_multipart` (not a 500).
 */
export function uploadErrorHandler(opts: UploadOptions): ErrorRequestHandler {
  const mib = Math.floor(opts.maxBytes / (1024 * 1024));
  return (err, req, _res, next) => {
    if (overBudget.has(req)) {
      next(
        new PayloadTooLargeError(
          opts.tooLargeErrorType,
          `The upload is larger than ${mib} MiB (all files together).`,
        ),
      );
      return;
    }
    if (isMultipartReadError(err, req)) {
      next(new BadRequestError('invalid_multipart', 'The multipart/form-data body is malformed.'));
      return;
    }
    next(err);
  };
}
