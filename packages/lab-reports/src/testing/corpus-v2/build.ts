/**
 * Corpus v2 (issue #15): ≥ 150 generated documents in ≥ 15 layout families, split into a development part and an
 * evaluation part built from different template variants, label / column / marker wordings and seeds. See README.md.
 *
 *   planCorpusV2(options)  → the documents' specs and ground truth, without drawing (fast)
 *   buildCorpusV2(options) → the same with the uploaded bytes (PDF text layer, or scans as PDF / PNG / JPEG)
 */
import type { ReportMetadata } from '@meridian/domain';
import { expectedResult } from '../corpus/ground-truth';
import { createRandom, seedOf } from '../corpus/random';
import type { CorpusDocument, CorpusExpectation, CorpusFile, ExpectedResult } from '../types';
import { FAMILIES, makeSpec, type Delivery, type Family, type Variant } from './families';
import { printName } from './format';
import { NEGATIVE_KINDS, negativePdf } from './negatives';
import { drawDocumentV2 } from './render';
import { applyEffects, type ScanProfile } from './scan-effects';
import type { DocSpecV2, Part } from './spec';
import { CanvasSurface, PdfSurface } from './surface';

export type { Part } from './spec';

export interface CorpusV2Document extends CorpusDocument {
  family: string;
  variant: string;
  part: Part;
  seed: string;
}

export interface PlannedDocument {
  id: string;
  family: string;
  variant: string;
  part: Part;
  seed: string;
  expected: CorpusExpectation;
  scanned: boolean;
  tags: string[];
  description: string;
  spec: DocSpecV2 | null;
  scan: { profile: ScanProfile; dpi: number; delivery: Delivery } | null;
  negative: { kind: string; index: number } | null;
}

export interface CorpusV2Options {
  part?: Part | 'all';
  /** Family ids (see FAMILIES and `negative`). */
  families?: readonly string[];
  /** At most this many documents per part, spread over the families (round robin). */
  limit?: number;
  /** Only text documents, only OCR documents, or both (default). */
  kind?: 'text' | 'ocr' | 'all';
  /** At most this many OCR documents per part (round robin over the OCR families); text documents unaffected. */
  ocrLimit?: number;
}

export const FAMILY_IDS: readonly string[] = [...FAMILIES.map((f) => f.id), 'negative'];

export function expectedMetadataV2(s: DocSpecV2): ReportMetadata {
  const n = printName(s.patient, s.nameStyle, s.region);
  const sexPrinted = s.sexStyle !== 'none' && s.header !== 'letter';
  return {
    patient_first_name: n.first,
    patient_last_name: n.last,
    dob: s.showDob ? s.patient.dob : null,
    lab_name: s.labName,
    date_reported: s.reported,
    date_collected: s.collected,
    specimen_number: s.specimen,
    gender: sexPrinted ? s.patient.gender : 'other',
  };
}

export function expectedResultsV2(s: DocSpecV2): ExpectedResult[] {
  return s.panels.flatMap((p) => p.rows.map((r) => expectedResult(r, p.title)));
}

function variantsOf(f: Family, part: Part): Variant[] {
  const vs = f.variants.filter((v) => v.part === part);
  if (vs.length < 2) throw new Error(`${f.id}: fewer than two ${part} variants`);
  return vs;
}

function planPart(part: Part): PlannedDocument[] {
  const docs: PlannedDocument[] = [];
  for (const f of FAMILIES) {
    const vs = variantsOf(f, part);
    for (let i = 0; i < f.count[part]; i++) {
      const v = vs[i % vs.length] as Variant;
      const spec = makeSpec(f, v, part, i);
      const scan = v.scan ? v.scan(createRandom(seedOf(`${spec.seed}:scan`))) : null;
      const expected: CorpusExpectation =
        f.expect === 'completed'
          ? { status: 'completed', metadata: expectedMetadataV2(spec), results: expectedResultsV2(spec) }
          : { status: 'failed', failureReason: f.expect };
      docs.push({
        id: spec.id,
        family: f.id,
        variant: v.id,
        part,
        seed: spec.seed,
        expected,
        scanned: scan !== null,
        tags: [
          f.id,
          `variant-${v.id}`,
          spec.region,
          spec.header,
          spec.results.kind,
          scan ? 'scan' : 'text',
          scan?.delivery ?? 'pdf',
        ],
        description: `${f.description} (variant ${v.id}, ${spec.region})`,
        spec,
        scan,
        negative: null,
      });
    }
  }
  NEGATIVE_KINDS[part].forEach((kind, index) => {
    docs.push({
      id: `${part}-negative-${kind}`,
      family: 'negative',
      variant: kind,
      part,
      seed: `${part}:negative:${kind}:${index}`,
      expected: { status: 'failed', failureReason: 'invalid_input' },
      scanned: false,
      tags: ['negative', kind, 'text', 'pdf'],
      description: `Not a lab report: ${kind}`,
      spec: null,
      scan: null,
      negative: { kind, index },
    });
  });
  return docs;
}

/** Up to n documents, taking the families in turn, so that a short run still sees every family. */
function roundRobin(docs: PlannedDocument[], n: number): PlannedDocument[] {
  if (docs.length <= n) return docs;
  const byFamily = new Map<string, PlannedDocument[]>();
  for (const d of docs) byFamily.set(d.family, [...(byFamily.get(d.family) ?? []), d]);
  const picked: PlannedDocument[] = [];
  for (let k = 0; picked.length < n; k++) {
    for (const list of byFamily.values()) {
      const d = list[k];
      if (d && picked.length < n) picked.push(d);
    }
  }
  return picked;
}

export function planCorpusV2(options: CorpusV2Options = {}): PlannedDocument[] {
  const parts: Part[] =
    options.part === undefined || options.part === 'all' ? ['dev', 'eval'] : [options.part];
  return parts.flatMap((part) => {
    let docs = planPart(part);
    if (options.families) docs = docs.filter((d) => options.families?.includes(d.family));
    if (options.kind === 'text') docs = docs.filter((d) => !d.scanned);
    if (options.kind === 'ocr') docs = docs.filter((d) => d.scanned);
    if (options.ocrLimit !== undefined) {
      const keep = new Set(
        roundRobin(
          docs.filter((d) => d.scanned),
          options.ocrLimit,
        ),
      );
      docs = docs.filter((d) => !d.scanned || keep.has(d));
    }
    if (options.limit !== undefined) {
      const keep = new Set(roundRobin(docs, options.limit));
      docs = docs.filter((d) => keep.has(d));
    }
    return docs;
  });
}

async function renderScan(
  d: PlannedDocument,
  spec: DocSpecV2,
): Promise<{ files: CorpusFile[]; pageCount: number }> {
  const scan = d.scan as NonNullable<PlannedDocument['scan']>;
  const random = createRandom(seedOf(`${d.seed}:pixels`));
  const surface = new CanvasSurface(spec.page, scan.dpi, random.chance(0.5) ? 'dejavu' : 'liberation');
  const pageCount = drawDocumentV2(surface, spec);
  const pages = surface.pages.map((c) => applyEffects(c, scan.profile, random));
  let delivery = scan.delivery;
  if ((delivery === 'png' || delivery === 'jpeg') && pages.length > 1)
    delivery = pages.length <= 8 ? 'images' : 'scan-pdf';
  switch (delivery) {
    case 'scan-pdf': {
      const first = pages[0] as (typeof pages)[number];
      const ratio = first.width / first.height;
      const size = ratio > 1 ? { width: 792, height: 792 / ratio } : { width: 792 * ratio, height: 792 };
      const pdf = new PdfSurface(size, 'Scanned document');
      for (const [i, c] of pages.entries()) {
        if (i > 0) pdf.addPage();
        pdf.image(await c.encode('jpeg', 75));
      }
      return {
        files: [{ bytes: await pdf.finish(), mediaType: 'application/pdf', filename: `${d.id}.pdf` }],
        pageCount,
      };
    }
    case 'png':
      return {
        files: [
          {
            bytes: await (pages[0] as (typeof pages)[number]).encode('png'),
            mediaType: 'image/png',
            filename: `${d.id}.png`,
          },
        ],
        pageCount,
      };
    case 'jpeg':
      return {
        files: [
          {
            bytes: await (pages[0] as (typeof pages)[number]).encode('jpeg', 80),
            mediaType: 'image/jpeg',
            filename: `${d.id}.jpg`,
          },
        ],
        pageCount,
      };
    case 'images':
      return {
        files: await Promise.all(
          pages.map(async (c, i): Promise<CorpusFile> => ({
            bytes: await c.encode('jpeg', 80),
            mediaType: 'image/jpeg',
            filename: `${d.id}-${i + 1}.jpg`,
          })),
        ),
        pageCount,
      };
  }
}

export async function renderPlanned(d: PlannedDocument): Promise<CorpusV2Document> {
  let files: CorpusFile[];
  let pageCount: number;
  if (d.negative) {
    files = [
      {
        bytes: await negativePdf(d.negative.kind, d.part, d.negative.index),
        mediaType: 'application/pdf',
        filename: `${d.id}.pdf`,
      },
    ];
    pageCount = 1;
  } else {
    const spec = d.spec as DocSpecV2;
    if (d.scan) ({ files, pageCount } = await renderScan(d, spec));
    else {
      const pdf = new PdfSurface(spec.page, 'Laboratory Report');
      pageCount = drawDocumentV2(pdf, spec);
      files = [{ bytes: await pdf.finish(), mediaType: 'application/pdf', filename: `${d.id}.pdf` }];
    }
  }
  const tags = pageCount > 1 ? [...d.tags, 'multi-page'] : d.tags;
  return {
    id: d.id,
    description: d.description,
    tags,
    files,
    expected: d.expected,
    pageCount,
    scanned: d.scanned,
    family: d.family,
    variant: d.variant,
    part: d.part,
    seed: d.seed,
  };
}

export async function buildCorpusV2(options: CorpusV2Options = {}): Promise<CorpusV2Document[]> {
  const out: CorpusV2Document[] = [];
  for (const d of planCorpusV2(options)) out.push(await renderPlanned(d));
  return out;
}
