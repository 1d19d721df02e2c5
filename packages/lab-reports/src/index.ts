/**
 * The lab report parser: PDF text layer and OCR → report rows, metadata and LOINC matches.
 * Used by the lab-report-parser worker (parsing) and the data API (upload checks).
 */
export {};
