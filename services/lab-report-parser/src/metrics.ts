import { Counter, Histogram, type Registry } from 'prom-client';

/** What the parser worker reports on /metrics: jobs by result and failure reason, parse time, pages read. */
export interface ParserMetrics {
  jobDone(result: string, failureReason: string | undefined, seconds: number): void;
  pagesRead(textPages: number, ocrPages: number): void;
  /** Per metadata field of a completed report: read, left null as unsure (confidence below threshold), or absent. */
  metadataRead(confidence: Record<string, number>, threshold: number): void;
}

export function registerParserMetrics(registry: Registry): ParserMetrics {
  const jobs = new Counter({
    name: 'lab_report_parse_jobs_total',
    help: 'Parsing jobs handled, by result (completed, failed, awaiting_review, skipped) and failure reason',
    labelNames: ['result', 'failure_reason'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'lab_report_parse_duration_seconds',
    help: 'Time to parse one job (files loaded, text layer and OCR), by result',
    labelNames: ['result'],
    buckets: [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const pages = new Counter({
    name: 'lab_report_pages_total',
    help: 'Pages read, by how (text layer or OCR)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const fields = new Counter({
    name: 'lab_report_metadata_fields_total',
    help: 'Report metadata fields of completed parses, by field and outcome (read, unsure: left null, absent)',
    labelNames: ['field', 'outcome'],
    registers: [registry],
  });
  return {
    metadataRead(confidence, threshold) {
      for (const [field, score] of Object.entries(confidence)) {
        fields.inc({ field, outcome: score >= threshold ? 'read' : score > 0 ? 'unsure' : 'absent' });
      }
    },
    jobDone(result, failureReason, seconds) {
      jobs.inc({ result, failure_reason: failureReason ?? '' });
      duration.observe({ result }, seconds);
    },
    pagesRead(textPages, ocrPages) {
      if (textPages > 0) pages.inc({ kind: 'text' }, textPages);
      if (ocrPages > 0) pages.inc({ kind: 'ocr' }, ocrPages);
    },
  };
}
