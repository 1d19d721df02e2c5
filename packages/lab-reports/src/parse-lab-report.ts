/**
 * The parsing engine: uploaded files → pages of positioned text (PDF text layer, or OCR of rasterised / image
 * pages) → lines and cells → result rows and metadata → ReportResult with LOINC matches, or a failure reason.
 */
import { LAB_REPORT_LIMITS } from '@meridian/domain';
import type { ParsedLabReport, ParsingFailureReason } from '@meridian/domain';
import { extractMetadataWithConfidence } from './extract/extract-metadata';
import { extractFreeResults, extractLooseRows } from './extract/extract-free-results';
import { extractRows, lineText, type PrintedRow } from './extract/extract-rows';
import { labelOf } from './extract/metadata-labels';
import { isValueText, readFlag } from './extract/result-fields';
import { toReportResult } from './extract/to-report-result';
import { isNotEnglish } from './language/detect-language';
import { buildLines, deskew } from './layout/build-lines';
import type { LayoutPage, Line } from './layout/layout-types';
import { createOcrPool } from './ocr/ocr-pool';
import type { OcrPage, OcrPool } from './ocr/ocr-pool';
import { correctOcrRow, harmoniseEnzymeUnits, isKnownUnits } from './ocr/ocr-corrections';
import { assessOcrQuality } from './ocr/ocr-quality';
import { createPdfPool, type PdfPool } from './pdf/pdf-runner';
import type { UploadFile } from '@meridian/lab-report-upload';
import { readImageSize } from '@meridian/lab-report-upload';

export type ParseOutcome =
  | {
      status: 'completed';
      report: ParsedLabReport;
      needsHumanReview: boolean;
      /**
       * 0–1 per metadata field (0: not found); a field below the extractor's threshold is null in `report` rather
       * than a guess. Absent from outcomes made by hand (tests).
       */
      metadataConfidence?: Record<string, number>;
      pages: number;
      ocrPages: number;
    }
  | { status: 'failed'; failureReason: ParsingFailureReason; detail: string };

export interface LabReportParser {
  parse(files: UploadFile[]): Promise<ParseOutcome>;
  /** Stops the OCR and PDF workers; the parser cannot be used afterwards. */
  close(): Promise<void>;
}

export interface LabReportParserOptions {
  /** tesseract.js workers (default 2). */
  ocrWorkers?: number;
  /** pdf.js worker threads, kept between documents (default min(2, cores)). */
  pdfWorkers?: number;
  /** A parse taking longer fails with `processing_error` (default 300 s: 30 scanned pages on two busy cores). */
  timeoutMs?: number;
}

/** Pixels per PDF point when rasterising a page without text layer for OCR (216 dpi). */
const RENDER_SCALE = 3;

class ParseFailure extends Error {
  constructor(
    readonly reason: ParsingFailureReason,
    detail: string,
  ) {
    super(detail);
  }
}

// A function declaration (not an arrow const) so that TypeScript narrows after a call, like after `throw`.
function fail(reason: ParsingFailureReason, detail: string): never {
  throw new ParseFailure(reason, detail);
}

export interface DocumentPages {
  pages: LayoutPage[];
  ocr: OcrPage[];
}

function ocrToLayout(page: OcrPage, scale: number): LayoutPage {
  const items = deskew(page.words, page.skew).map((it) => ({
    ...it,
    x0: it.x0 / scale,
    x1: it.x1 / scale,
    y0: it.y0 / scale,
    y1: it.y1 / scale,
  }));
  return { width: page.width / scale, height: page.height / scale, items };
}

async function readPdf(
  file: UploadFile,
  pdf: PdfPool,
  ocr: () => OcrPool,
  deadline: number,
): Promise<DocumentPages> {
  const extraction = await pdf.extract(
    file.bytes,
    { maxPages: LAB_REPORT_LIMITS.maxPages, render: true, scale: RENDER_SCALE },
    Math.max(1_000, deadline - Date.now()),
  );
  if (!extraction.ok) {
    if (extraction.error === 'timeout') fail('processing_error', 'reading the PDF timed out');
    if (extraction.error === 'crashed') fail('processing_error', 'the PDF reader failed on this file');
    fail(
      'invalid_input',
      extraction.error === 'encrypted' ? 'the PDF is password-protected' : 'the PDF is corrupt or unreadable',
    );
  }
  if (extraction.pageCount > LAB_REPORT_LIMITS.maxPages) {
    fail(
      'too_many_pages',
      `the document has ${extraction.pageCount} pages; the limit is ${LAB_REPORT_LIMITS.maxPages}`,
    );
  }
  const ocrPages: OcrPage[] = [];
  const pages = await Promise.all(
    extraction.pages.map(async (page): Promise<LayoutPage> => {
      if (!page.image) {
        return {
          width: page.width,
          height: page.height,
          items: page.items.map((it) => ({
            text: it.text,
            x0: it.x,
            y0: it.y,
            x1: it.x + it.width,
            y1: it.y + it.height,
          })),
        };
      }
      const recognised = await ocr().recognize(page.image);
      ocrPages.push(recognised);
      return ocrToLayout(recognised, page.image.scale);
    }),
  );
  return { pages, ocr: ocrPages };
}

async function readImages(files: UploadFile[], ocr: () => OcrPool): Promise<DocumentPages> {
  if (files.length > LAB_REPORT_LIMITS.maxPages)
    fail('too_many_pages', `${files.length} pages after merging`);
  const recognised = await Promise.all(
    files.map((file) => {
      const size = readImageSize(file.bytes, file.mediaType === 'image/png' ? 'image/png' : 'image/jpeg');
      if (!size) return fail('invalid_input', 'an image could not be decoded');
      return ocr().recognize(file.bytes);
    }),
  );
  // Image pixels → points at an assumed 200 dpi: only relative sizes matter to the layout.
  return { pages: recognised.map((page) => ocrToLayout(page, 200 / 72)), ocr: recognised };
}

/** Uploaded files → pages of positioned text (text layer, or OCR); throws ParseFailure. Exported for dev tools. */
export async function readDocument(
  files: UploadFile[],
  pdf: PdfPool,
  ocr: () => OcrPool,
  deadline: number,
): Promise<DocumentPages> {
  if (files.length === 0) fail('invalid_input', 'no file');
  const first = files[0] as UploadFile;
  if (files.some((f) => f.mediaType === 'application/pdf') && files.length > 1) {
    fail('invalid_input', 'a PDF cannot be merged with other files');
  }
  return first.mediaType === 'application/pdf'
    ? await readPdf(first, pdf, ocr, deadline)
    : await readImages(files, ocr);
}

/**
 * Pages of positioned text (text layer or OCR) → rows and metadata, or a failure. Exported for development tools
 * that replay recorded OCR output (the extraction without the minutes of OCR).
 */
export function analyseDocumentPages(document: DocumentPages): ParseOutcome {
  try {
    return analyseDocument(document);
  } catch (err) {
    if (err instanceof ParseFailure)
      return { status: 'failed', failureReason: err.reason, detail: err.message };
    throw err;
  }
}

/** "Negative  Negative", "Trace  Abnormal": a qualitative result (or flag) where the name should be, and another as the value. */
function isResultWordPair(row: PrintedRow): boolean {
  const word = (text: string) => /^[A-Za-z][A-Za-z -]*$/.test(text.trim());
  return (
    word(row.name) &&
    isValueText(row.name) &&
    word(row.value) &&
    (isValueText(row.value) || readFlag(row.value) !== null)
  );
}

/** Pages of positioned text → rows and metadata; throws ParseFailure. */
function analyseDocument(document: DocumentPages): ParseOutcome {
  const lines: Line[][] = document.pages.map((page, i) => buildLines(page, i));
  const text = lines.flat().map(lineText).join('\n');
  if (document.ocr.length > 0) {
    const quality = assessOcrQuality(document.ocr);
    if (!quality.ok) fail('low_quality', quality.detail);
  }
  if (text.replace(/\s/g, '').length < 20) {
    fail(
      document.ocr.length > 0 ? 'low_quality' : 'invalid_input',
      'the document has (almost) no readable text',
    );
  }
  if (isNotEnglish(text)) fail('not_english', 'the report is not in English');
  const tabled = extractRows(lines);
  // Cards, blocks and sentences: a report need not print its results as a table.
  // "UR No: 6642087", "Specimen ID  SL25-..." read as a row: a metadata label is not a test.
  // A unit read as a card's title ("mmol/L  High  3.5") is not a test either.
  // Two cards side by side ("Negative   Trace") read as a table row: a result word is not a test's name.
  const found = [...tabled, ...extractFreeResults(lines, tabled)].filter(
    (row) => labelOf(row.name) === null && !isKnownUnits(row.name) && !isResultWordPair(row),
  );
  const printed = found.length > 0 ? found : extractLooseRows(lines);
  const rows = document.ocr.length > 0 ? harmoniseEnzymeUnits(printed.map(correctOcrRow)) : printed;
  if (rows.length === 0) fail('invalid_input', 'no lab results were found in the document');
  // A text layer's units are as printed; a scan's misread or lost units are read back from the report's other rows.
  const results = document.ocr.length > 0 ? rows.map(toReportResult) : rows.map((row) => toReportResult(row));
  const metadata = extractMetadataWithConfidence(lines);
  const report: ParsedLabReport = { metadata: metadata.metadata, results };
  return {
    status: 'completed',
    report,
    // A person should look at the report when any row's LOINC code is uncertain (needs_review) or missing (no_match).
    needsHumanReview: results.some((r) => r.loinc_match_status !== 'auto_match'),
    metadataConfidence: metadata.confidence,
    pages: document.pages.length,
    ocrPages: document.ocr.length,
  };
}

export function createLabReportParser(options: LabReportParserOptions = {}): LabReportParser {
  const ocrWorkers = Math.max(1, options.ocrWorkers ?? 2);
  const timeoutMs = options.timeoutMs ?? 300_000;
  let pool: OcrPool | null = null;
  let closed = false;
  const ocr = (): OcrPool => (pool ??= createOcrPool(ocrWorkers));
  // Idle pdf.js workers do not keep the process alive; a stuck one is replaced by the pool itself.
  const pdf = createPdfPool({ size: options.pdfWorkers });

  return {
    async parse(files) {
      if (closed) throw new Error('the lab report parser is closed');
      const deadline = Date.now() + timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      // After a timeout the abandoned parse must not start OCR workers nobody would close.
      const ocrForThisParse = (): OcrPool =>
        timedOut || closed ? fail('processing_error', 'the parse was abandoned') : ocr();
      const timeout = new Promise<ParseOutcome>((resolve) => {
        timer = setTimeout(() => {
          timedOut = true;
          // A stuck OCR job cannot be cancelled: drop the pool so the next parse starts fresh workers.
          const stuck = pool;
          pool = null;
          void stuck?.close();
          resolve({
            status: 'failed',
            failureReason: 'processing_error',
            detail: `parsing timed out after ${timeoutMs} ms`,
          });
        }, timeoutMs);
      });
      const work = readDocument(files, pdf, ocrForThisParse, deadline)
        .then(analyseDocument)
        .catch((err: unknown): ParseOutcome => {
          if (err instanceof ParseFailure)
            return { status: 'failed', failureReason: err.reason, detail: err.message };
          return {
            status: 'failed',
            failureReason: 'processing_error',
            // The error's name only: messages from the PDF/OCR libraries may quote document text.
            detail: `unexpected error while parsing the report (${err instanceof Error ? err.name : typeof err})`,
          };
        });
      try {
        return await Promise.race([work, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      const current = pool;
      pool = null;
      await Promise.all([current?.close(), pdf.close()]);
    },
  };
}
