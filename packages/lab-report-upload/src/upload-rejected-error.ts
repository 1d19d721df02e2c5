export type UploadRejectionCode =
  | 'unsupported_file_type'
  | 'empty_file'
  | 'content_type_mismatch'
  | 'too_many_files'
  | 'invalid_file'
  | 'too_many_pages'
  | 'file_too_large';

/** A lab report upload refused synchronously (api-shapes §4.7 parser rules); `status` is the HTTP status. */
export class UploadRejectedError extends Error {
  readonly code: UploadRejectionCode;
  readonly status: 400 | 413;

  constructor(code: UploadRejectionCode, message: string) {
    super(message);
    this.name = 'UploadRejectedError';
    this.code = code;
    this.status = code === 'file_too_large' ? 413 : 400;
  }
}
