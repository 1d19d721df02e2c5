/**
 * The synchronous checks of a lab report upload (api-shapes §4.7 parser rules): media types from the bytes,
 * image headers, PDF page counts. Light on purpose: the data API runs them without the parser's OCR stack.
 */
export { UploadRejectedError } from './upload-rejected-error';
export type { UploadRejectionCode } from './upload-rejected-error';
export { checkUploadHeads, HEAD_BYTES, inspectUpload } from './inspect-upload';
export type { UploadFile, UploadPart, UploadPartHead } from './inspect-upload';
export { readStagedUpload } from './staged-upload';
export type { StagedUploadPart } from './staged-upload';
export { readImageSize } from './image-header';
export { countPdfPages } from './count-pdf-pages';
export type { PdfOpenError, PdfPageCount } from './count-pdf-pages';
