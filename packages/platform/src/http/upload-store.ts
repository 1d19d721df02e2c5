import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { HttpError } from 'express-openapi-validator/dist/framework/types';
import { BadRequestError, DomainError, PayloadTooLargeError } from '@meridian/domain';

/**
 * Multipart uploads staged on disk (issue 11): each file part streams into a temporary file of a
 * per-process directory, never into memory. A request is admitted only while the store has room for it
 * (a byte budget shared by all uploads of the process), its size is counted while it streams, and its files
 * are deleted once the answer is sent or the client goes away, whatever happened. Handlers read the files
 * (`req.files[].path`) only after their own checks (user, type), so a refused upload never reaches memory.
 */
export interface UploadOptions {
  /** Bytes allowed for all files of one request together. */
  maxBytes: number;
  /** `error_type` of the 413 body (e.g. `file_too_large`). */
  tooLargeErrorType: string;
  /** Bytes the store holds for all requests together (default 4 × `maxBytes`); past it uploads answer 503. */
  storeBytes?: number;
  /** Parent of the per-process store directory (default `os.tmpdir()`). */
  tmpDir?: string;
  /** `Retry-After` seconds of the 503 answered while the store is full (default 5). */
  retryAfterSeconds?: number;
}

/** A file part as the multipart reader leaves it on `req.files`: on disk, removed after the answer. */
export interface StagedFile {
  fieldname: string;
  originalname?: string;
  mimetype: string;
  size: number;
  path: string;
}

/** Answered while the store is full: the upload is refused before its body is read. */
export class UploadCapacityError extends DomainError {
  readonly kind = 'unavailable';
  constructor(retryAfterSeconds: number) {
    super(
      'upload_capacity_exhausted',
      `Too many uploads are in progress; retry in ${retryAfterSeconds} seconds.`,
    );
  }
}

/**
 * What a multipart body may hold besides its files: 20 fields of 64 KiB and part headers. A declared length
 * past `maxBytes` plus this cannot be a valid upload and is refused before anything is read.
 */
const MULTIPART_ALLOWANCE = 2 * 1024 * 1024;
const DIR_PREFIX = 'meridian-uploads-';

interface RequestUpload {
  reserved: number;
  used: number;
  files: Set<string>;
  tooLarge: boolean;
  /** The answer is sent or the client is gone: no file may be added any more. */
  ended: boolean;
}

interface IncomingFile {
  stream: NodeJS.ReadableStream;
}

type StorageCallback = (err: Error | null, info?: { path: string; size: number }) => void;

function declaredLength(req: Request): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** Directories a crashed process of this machine left behind (its pid no longer runs). */
async function removeStaleDirectories(parent: string): Promise<void> {
  const entries = await fs.promises.readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    entries.map(async (name) => {
      const pid = /^meridian-uploads-(\d+)-/.exec(name)?.[1];
      if (!pid || Number(pid) === process.pid || isAlive(Number(pid))) return;
      await fs.promises.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

const unlinkQuietly = (file: string) => fs.promises.unlink(file).catch(() => undefined);

export interface UploadStore {
  /** Before the multipart reader: refuses what cannot fit (413, 503) and books the request's bytes. */
  admit: RequestHandler;
  /** multer's storage engine (structural: `_handleFile` / `_removeFile`). */
  storage: {
    _handleFile(req: Request, file: IncomingFile, cb: StorageCallback): void;
    _removeFile(req: Request, file: { path?: string }, cb: (err: Error | null) => void): void;
  };
  /** After the validator: the size overflow becomes the domain 413, an unreadable body 400 `invalid_multipart`. */
  errors: ErrorRequestHandler;
  /** Bytes booked and files on disk now (metrics, tests). */
  usage(): { reservedBytes: number; files: number };
  /** The store's directory once the first upload made it. */
  directory(): string | undefined;
}

export function createUploadStore(opts: UploadOptions): UploadStore {
  const storeBytes = opts.storeBytes ?? 4 * opts.maxBytes;
  const retryAfter = opts.retryAfterSeconds ?? 5;
  const parent = opts.tmpDir ?? os.tmpdir();
  const mib = Math.floor(opts.maxBytes / (1024 * 1024));
  const uploads = new WeakMap<Request, RequestUpload>();
  let reservedBytes = 0;
  let fileCount = 0;
  let dir: string | undefined;
  let making: Promise<string> | undefined;

  const makeDirectory = (): Promise<string> => {
    making ??= (async () => {
      await removeStaleDirectories(parent);
      const made = await fs.promises.mkdtemp(path.join(parent, `${DIR_PREFIX}${process.pid}-`));
      await fs.promises.chmod(made, 0o700);
      dir = made;
      return made;
    })().catch((err: unknown) => {
      making = undefined;
      throw err;
    });
    return making;
  };

  const tooLarge = () =>
    new PayloadTooLargeError(
      opts.tooLargeErrorType,
      `The upload is larger than ${mib} MiB (all files together).`,
    );

  const forget = (upload: RequestUpload, file: string): Promise<void> => {
    if (!upload.files.delete(file)) return Promise.resolve();
    fileCount -= 1;
    return unlinkQuietly(file);
  };

  /** Deletes the request's files, then gives its bytes back (once). */
  const release = (upload: RequestUpload) => {
    if (upload.ended) return;
    upload.ended = true;
    void Promise.all([...upload.files].map((file) => forget(upload, file))).finally(() => {
      reservedBytes -= upload.reserved;
      upload.reserved = 0;
    });
  };

  const admit: RequestHandler = (req, res: Response, next) => {
    if (!req.is('multipart/form-data')) return next();
    const declared = declaredLength(req);
    if (declared !== undefined && declared > opts.maxBytes + MULTIPART_ALLOWANCE) return next(tooLarge());
    const booking = Math.min(declared ?? opts.maxBytes, opts.maxBytes);
    if (reservedBytes + booking > storeBytes) {
      res.setHeader('Retry-After', String(retryAfter));
      return next(new UploadCapacityError(retryAfter));
    }
    reservedBytes += booking;
    const upload: RequestUpload = {
      reserved: booking,
      used: 0,
      files: new Set(),
      tooLarge: false,
      ended: false,
    };
    uploads.set(req, upload);
    // 'close' follows the answer, and also comes when the client goes away mid-upload.
    res.once('close', () => release(upload));
    next();
  };

  function writeFile(
    req: Request,
    upload: RequestUpload,
    file: IncomingFile,
    target: string,
    cb: StorageCallback,
  ) {
    const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let settled = false;
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      file.stream.removeListener('data', onData);
      if (err) {
        out.destroy();
        // The rest of this part is read and dropped so the multipart reader can finish.
        file.stream.resume();
        void forget(upload, target).finally(() => cb(err));
        return;
      }
      cb(null, { path: target, size });
    };
    function onData(chunk: Buffer) {
      if (settled) return;
      size += chunk.length;
      upload.used += chunk.length;
      if (upload.used > opts.maxBytes || upload.used > upload.reserved) {
        upload.tooLarge = true;
        settle(HttpError.create({ status: 413, path: req.path, message: 'upload too large' }));
        return;
      }
      if (!out.write(chunk)) {
        file.stream.pause();
        out.once('drain', () => file.stream.resume());
      }
    }
    file.stream.on('data', onData);
    file.stream.once('error', (err: Error) => settle(err));
    out.once('error', (err: Error) => settle(err));
    file.stream.once('end', () => {
      if (!settled) out.end(() => settle(upload.ended ? new Error('the request ended') : null));
    });
  }

  const storage: UploadStore['storage'] = {
    _handleFile(req, file, cb) {
      const upload = uploads.get(req);
      if (!upload || upload.ended) {
        file.stream.resume();
        cb(new Error('upload not admitted'));
        return;
      }
      makeDirectory().then(
        (made) => {
          if (upload.ended) {
            file.stream.resume();
            cb(new Error('the request ended'));
            return;
          }
          const target = path.join(made, randomUUID());
          upload.files.add(target);
          fileCount += 1;
          writeFile(req, upload, file, target, cb);
        },
        (err: Error) => {
          file.stream.resume();
          cb(err);
        },
      );
    },
    _removeFile(req, file, cb) {
      const upload = uploads.get(req);
      if (upload && file.path) void forget(upload, file.path).finally(() => cb(null));
      else cb(null);
    },
  };

  const errors: ErrorRequestHandler = (err, req, _res, next) => {
    if (uploads.get(req)?.tooLarge) return next(tooLarge());
    if (isMultipartReadError(err, req)) {
      return next(new BadRequestError('invalid_multipart', 'The multipart/form-data body is malformed.'));
    }
    next(err);
  };

  return {
    admit,
    storage,
    errors,
    usage: () => ({ reservedBytes, files: fileCount }),
    directory: () => dir,
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
