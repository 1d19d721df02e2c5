/**
 * The lab report test corpus: ≥ 30 generated documents with ground truth (see corpus/README.md). Deterministic:
 * every random choice comes from a seed derived from the document id, pdfkit gets a fixed creation date.
 */
import type { ReportMetadata } from '@meridian/domain';
import { expectedResult } from './corpus/ground-truth';
import { drawReport, STYLES, type LayoutStyle, type ReportSpec } from './corpus/layouts';
import { corruptPdf, germanReport, invoice, letter, spanishReport } from './corpus/other-documents';
import { CanvasPainter, measuringPainter, PdfPainter } from './corpus/painter';
import { hopelessScanPlan, reportPlans, type ReportPlan } from './corpus/plans';
import { createRandom, seedOf } from './corpus/random';
import { makeRows } from './corpus/rows';
import { PANELS } from './corpus/catalog';
import { LABS, makeDates, makePatient } from './corpus/people';
import type { CorpusDocument, CorpusFile, ExpectedResult } from './types';

export type { CorpusDocument, CorpusExpectation, CorpusFile, CorpusOutcome, ExpectedResult } from './types';

export function expectedMetadata(spec: ReportSpec, style: LayoutStyle): ReportMetadata {
  const lis = style.header === 'lis';
  return {
    patient_first_name:
      spec.nameStyle === 'LAST, FIRST' ? spec.patient.first.toUpperCase() : spec.patient.first,
    patient_last_name: spec.nameStyle === 'LAST, FIRST' ? spec.patient.last.toUpperCase() : spec.patient.last,
    dob: spec.patient.dob,
    lab_name: lis ? spec.lab.name.toUpperCase() : spec.lab.name,
    date_reported: spec.reported,
    date_collected: spec.collected,
    specimen_number: spec.specimen,
    gender: spec.sexStyle === 'none' ? 'other' : spec.patient.gender,
  };
}

export function expectedResults(spec: ReportSpec, style: LayoutStyle): ExpectedResult[] {
  return spec.panels.flatMap((panel) => {
    // As printed: some layouts print panel titles in upper case.
    const title = panel.title !== null && style.panelUpper ? panel.title.toUpperCase() : panel.title;
    return panel.rows.map((row) => expectedResult(row, title));
  });
}

async function renderPlan(plan: ReportPlan): Promise<{ files: CorpusFile[]; pageCount: number }> {
  if (plan.delivery === 'pdf') {
    const painter = new PdfPainter(`Laboratory Report ${plan.spec.specimen}`);
    const pageCount = drawReport(painter, plan.spec, plan.style);
    return {
      files: [{ bytes: await painter.finish(), mediaType: 'application/pdf', filename: `${plan.id}.pdf` }],
      pageCount,
    };
  }
  if (!plan.scan) throw new Error(`${plan.id}: scan options missing`);
  const canvas = new CanvasPainter(plan.scan);
  const pageCount = drawReport(canvas, plan.spec, plan.style);
  const pages = canvas.degrade(createRandom(seedOf(`${plan.id}:noise`)));
  switch (plan.delivery) {
    case 'scan-pdf': {
      const pdf = new PdfPainter('Scanned document');
      const jpegs = await Promise.all(pages.map((c) => c.encode('jpeg', 72)));
      jpegs.forEach((jpeg, i) => {
        if (i > 0) pdf.addPage();
        pdf.image(jpeg);
      });
      return {
        files: [{ bytes: await pdf.finish(), mediaType: 'application/pdf', filename: `${plan.id}.pdf` }],
        pageCount,
      };
    }
    case 'png':
      if (pageCount !== 1) throw new Error(`${plan.id}: a PNG upload must be one page`);
      return {
        files: [{ bytes: await pages[0]!.encode('png'), mediaType: 'image/png', filename: `${plan.id}.png` }],
        pageCount,
      };
    case 'jpeg':
      if (pageCount !== 1) throw new Error(`${plan.id}: a JPEG upload must be one page`);
      return {
        files: [
          { bytes: await pages[0]!.encode('jpeg', 80), mediaType: 'image/jpeg', filename: `${plan.id}.jpg` },
        ],
        pageCount,
      };
    case 'images': {
      if (pageCount < 2 || pageCount > 3) throw new Error(`${plan.id}: want 2–3 images, got ${pageCount}`);
      const files = await Promise.all(
        pages.map(async (c, i): Promise<CorpusFile> => ({
          bytes: await c.encode('jpeg', 80),
          mediaType: 'image/jpeg',
          filename: `${plan.id}-${i + 1}.jpg`,
        })),
      );
      return { files, pageCount };
    }
  }
}

async function reportDocument(plan: ReportPlan): Promise<CorpusDocument> {
  const { files, pageCount } = await renderPlan(plan).catch((err: Error) => {
    throw new Error(`${plan.id}: ${err.message}`);
  });
  if (plan.tags.includes('multi-page') && pageCount < 2)
    throw new Error(`${plan.id}: expected several pages`);
  // Descriptions that say "two/three pages" must stay true.
  const words: Record<string, number> = { two: 2, three: 3 };
  const said = /\b(two|three) (?:JPEG )?pages/i.exec(plan.description)?.[1]?.toLowerCase();
  if (said && words[said] !== pageCount) {
    throw new Error(`${plan.id}: described as ${said} pages, drawn on ${pageCount}`);
  }
  return {
    id: plan.id,
    description: plan.description,
    tags: plan.tags,
    files,
    expected: {
      status: 'completed',
      metadata: expectedMetadata(plan.spec, plan.style),
      results: expectedResults(plan.spec, plan.style),
    },
    pageCount,
    scanned: plan.delivery !== 'pdf',
  };
}

/** A 31-page report (one page over the limit). */
async function tooManyPages(): Promise<CorpusDocument> {
  const random = createRandom(seedOf('too-many-pages'));
  const lab = LABS[2]!;
  const dates = makeDates(random);
  const spec: ReportSpec = {
    lab,
    patient: makePatient(random),
    ...dates,
    specimen: 'HR25-0000031',
    physician: 'Dr. Theo Marsh',
    dateStyle: 'us',
    nameStyle: 'LAST, FIRST',
    sexStyle: 'letter',
    panels: [],
    notes: [],
  };
  const style = STYLES.labcorp('sans', 10);
  const painter = new PdfPainter('Serial chemistry');
  const measure = measuringPainter(painter);
  const days = Array.from({ length: 120 }, (_, i) => ({
    title: `Serial Chemistry, Day ${i + 1}`,
    rows: makeRows(random, PANELS.bmp, {
      flags: 'letter',
      names: 'name',
      abnormalRate: 0.1,
      used: new Set(),
    }),
  }));
  // Fewest days that fill 31 pages (page count grows with the number of days).
  let lo = 1;
  let hi = days.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    spec.panels = days.slice(0, mid);
    if (drawReport(measure, spec, style) >= 31) hi = mid;
    else lo = mid + 1;
  }
  spec.panels = days.slice(0, lo);
  const pageCount = drawReport(painter, spec, style);
  if (pageCount !== 31) throw new Error(`too-many-pages: ${pageCount} pages`);
  return {
    id: 'too-many-pages',
    description: '31-page report: one page over the 30-page limit',
    tags: ['text', 'failure', 'too-many-pages', 'multi-page'],
    files: [
      { bytes: await painter.finish(), mediaType: 'application/pdf', filename: 'serial-chemistry.pdf' },
    ],
    expected: { status: 'failed', failureReason: 'too_many_pages' },
    pageCount,
    scanned: false,
  };
}

function pdfDoc(
  id: string,
  description: string,
  tags: string[],
  bytes: Buffer,
  failureReason: 'invalid_input' | 'not_english',
): CorpusDocument {
  return {
    id,
    description,
    tags: ['text', 'failure', ...tags],
    files: [{ bytes, mediaType: 'application/pdf', filename: `${id}.pdf` }],
    expected: { status: 'failed', failureReason },
    pageCount: 1,
    scanned: false,
  };
}

const FAILURE_IDS = [
  'scan-hopeless',
  'german-report',
  'spanish-report',
  'invoice',
  'letter',
  'corrupt-pdf',
  'too-many-pages',
];

/** The document ids in corpus order, without building anything (for `it.each`). */
export function corpusDocumentIds(): string[] {
  return [...reportPlans().map((p) => p.id), ...FAILURE_IDS];
}

export async function buildCorpus(): Promise<CorpusDocument[]> {
  const reports = await Promise.all(reportPlans().map(reportDocument));
  const hopeless = await reportDocument(hopelessScanPlan());
  const lowQuality: CorpusDocument = {
    ...hopeless,
    tags: [...hopeless.tags, 'failure'],
    expected: { status: 'failed', failureReason: 'low_quality' },
  };
  const letterPdf = await letter();
  const failures: CorpusDocument[] = [
    lowQuality,
    pdfDoc(
      'german-report',
      'A German lab report (Laborbefund)',
      ['not-english'],
      await germanReport(),
      'not_english',
    ),
    pdfDoc(
      'spanish-report',
      'A Spanish lab report (informe de laboratorio)',
      ['not-english'],
      await spanishReport(),
      'not_english',
    ),
    pdfDoc(
      'invoice',
      'An office-supply invoice: a table of numbers, not a lab report',
      ['non-lab'],
      await invoice(),
      'invalid_input',
    ),
    pdfDoc(
      'letter',
      'A dental appointment letter: English prose, no results',
      ['non-lab'],
      letterPdf,
      'invalid_input',
    ),
    {
      ...pdfDoc(
        'corrupt-pdf',
        'Truncated PDF with garbled bytes',
        ['corrupt'],
        corruptPdf(letterPdf),
        'invalid_input',
      ),
      pageCount: 0,
    },
    await tooManyPages(),
  ];
  const docs = [...reports, ...failures];
  const ids = docs.map((d) => d.id);
  if (ids.join() !== corpusDocumentIds().join()) throw new Error('corpusDocumentIds() is out of date');
  return docs;
}
