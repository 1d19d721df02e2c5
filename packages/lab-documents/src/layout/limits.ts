/** Bounds on what one document prints: input is data from integrators, and a PDF must stay a few pages. */
export const LIMITS = {
  /** A name, an address line, a code: one line of print. */
  field: 120,
  /** A free-text note (clinical notes, result notes). */
  note: 2_000,
  /** Lines a wrapped note may take before it is cut with an ellipsis. */
  noteLines: 12,
  /** ICD-10 codes printed on a requisition. */
  icdCodes: 24,
  /** Rows of one table (results, missing results, ABN items). */
  tableRows: 400,
  /** Markers listed on a requisition or instruction sheet (real panels have tens). */
  markers: 150,
  /** Characters of any single input string looked at (font choice, sanitising). */
  scan: 10_000,
} as const;

/** Specimen label bounds (`number_of_labels`, §6.2). */
export const LABEL_COUNT = { min: 1, max: 60, default: 3 } as const;
