/**
 * The lab report parser: PDF text layer and OCR → report rows, metadata and LOINC matches.
 * Used by the lab-report-parser worker (parsing) and the data API (upload checks).
 */
export { UploadRejectedError } from './upload/upload-rejected-error';
export type { UploadRejectionCode } from './upload/upload-rejected-error';
export { inspectUpload } from './upload/inspect-upload';
export type { UploadFile, UploadPart } from './upload/inspect-upload';
export { createLabReportParser } from './parse-lab-report';
export type { LabReportParser, LabReportParserOptions, ParseOutcome } from './parse-lab-report';
export * from './loinc';
