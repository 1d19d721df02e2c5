import { createLabReportJobsRepository, type Knex, type StoredUploadFile } from '@meridian/db';
import { newId, type Environment, type ParsedLabReport, type ReportResult } from '@meridian/domain';

/** Test fixtures of the review path: jobs as the parser leaves them when a review was asked for. */

export const PARSED_ROW: ReportResult = {
  test_name: 'Glucose',
  value: '5.4',
  type: 'numeric',
  units: 'mmol/L',
  min_reference_range: 3.9,
  max_reference_range: 5.6,
  interpretation: 'normal',
  is_above_max_range: false,
  is_below_min_range: false,
  loinc_matches: [
    {
      loinc_code: '2345-7',
      loinc_name: 'Glucose [Mass/volume] in Serum or Plasma',
      display_name: 'Glucose',
      aliases: [],
      confidence_score: 0.92,
    },
  ],
  source_panel_name: null,
  sample_type: 'serum_plasma_blood',
  measurement_kind: 'direct',
  sensitivity: 'unknown',
  loinc_match_status: 'auto_match',
};

export const PARSED_REPORT: ParsedLabReport = {
  metadata: {
    patient_first_name: 'Ada',
    patient_last_name: 'Lovelace',
    dob: '1980-01-02',
    lab_name: 'Acme Labs',
    date_reported: '2026-11-01',
    date_collected: '2026-10-30',
    specimen_number: 'S-1',
    gender: 'female',
  },
  results: [
    PARSED_ROW,
    { ...PARSED_ROW, test_name: 'Sodium', value: '14O', units: 'mmol/L', loinc_matches: [] },
  ],
};

/** A valid PDF of `pages` pages, each with one line of text (xref offsets computed). */
export function tinyPdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 18 Tf 40 740 Td (Glucose 5.4 mmol/L page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 800] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let seq = 0;

/** A user and a job created with `needs_human_review`, parsed (data stored) and waiting in `started`. */
export async function seedJobAwaitingReview(
  knex: Knex,
  teamId: string,
  opts: {
    environment?: Environment;
    files?: StoredUploadFile[];
    report?: ParsedLabReport;
    /** Leave it before parsing (`upload_pending`, no data). */
    unparsed?: boolean;
    needsHumanReview?: boolean;
    createdAt?: Date;
  } = {},
): Promise<{ jobId: string; userId: string }> {
  const environment = opts.environment ?? 'sandbox';
  const userId = newId();
  await knex('users').insert({
    id: userId,
    team_id: teamId,
    environment,
    client_user_id: `review-${process.pid}-${++seq}`,
  });
  const jobId = newId();
  const jobs = createLabReportJobsRepository(knex);
  const now = opts.createdAt ?? new Date();
  await jobs.insert({
    id: jobId,
    scope: { teamId, environment },
    userId,
    needsHumanReview: opts.needsHumanReview ?? true,
    files: opts.files ?? [{ bytes: tinyPdf(2), mediaType: 'application/pdf', filename: 'r.pdf' }],
    now,
  });
  if (!opts.unparsed) {
    await jobs.markStarted(jobId, now);
    if (opts.needsHumanReview === false) {
      await jobs.markCompleted(jobId, opts.report ?? PARSED_REPORT, false, now);
    } else {
      await jobs.storeForReview(jobId, opts.report ?? PARSED_REPORT, now);
    }
  }
  return { jobId, userId };
}
