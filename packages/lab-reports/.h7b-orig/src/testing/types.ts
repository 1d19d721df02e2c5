import type {
  LabReportMediaType,
  ParsedLabReport,
  ParsingFailureReason,
  ReportMetadata,
  ReportResult,
} from '@meridian/domain';

/** Same shape as the parser's `UploadFile` (structurally compatible; the corpus does not import the parser). */
export interface CorpusFile {
  bytes: Buffer;
  mediaType: LabReportMediaType;
  filename?: string;
}

/** The ground-truth part of a `ReportResult` (see corpus/README.md), with the expected top-1 LOINC code. */
export interface ExpectedResult extends Pick<
  ReportResult,
  | 'test_name'
  | 'value'
  | 'type'
  | 'units'
  | 'min_reference_range'
  | 'max_reference_range'
  | 'interpretation'
  | 'is_above_max_range'
  | 'is_below_min_range'
  | 'source_panel_name'
> {
  loinc_code: string | null;
}

export type CorpusExpectation =
  | { status: 'completed'; metadata: ReportMetadata; results: ExpectedResult[] }
  | { status: 'failed'; failureReason: ParsingFailureReason };

export interface CorpusDocument {
  id: string;
  description: string;
  /** e.g. `text`, `scan`, `multi-page`, `two-column`, `qualitative`, `critical`, `corrupt`, `too-many-pages`. */
  tags: string[];
  files: CorpusFile[];
  expected: CorpusExpectation;
  /** Pages in the upload (images count one page each); 0 for the corrupt file. */
  pageCount: number;
  /** True when the pages carry no text layer (image PDF or image uploads): the parser must OCR them. */
  scanned: boolean;
}

/** What the corpus test / benchmark observed for one document. `ParseOutcome` is assignable to it. */
export type CorpusOutcome =
  | { status: 'completed'; report: ParsedLabReport }
  | { status: 'failed'; failureReason: ParsingFailureReason }
  /** `inspectUpload` refused the upload synchronously (code = UploadRejectionCode). */
  | { status: 'rejected'; code: string };
