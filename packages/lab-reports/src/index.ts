/**
 * The lab report parser: PDF text layer and OCR → report rows, metadata and LOINC matches.
 * Used by the lab-report-parser worker; the upload checks the data API runs live in @meridian/lab-report-upload.
 */
export { createLabReportParser } from './parse-lab-report';
export type { LabReportParser, LabReportParserOptions, ParseOutcome } from './parse-lab-report';
export * from './loinc';
export { MIN_CONFIDENCE as METADATA_CONFIDENCE_THRESHOLD } from './extract/extract-metadata';
