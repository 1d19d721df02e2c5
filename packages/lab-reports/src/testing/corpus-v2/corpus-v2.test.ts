/**
 * The corpus v2 generator on its own (no parser): size and family coverage, a development / evaluation split that
 * shares no template variant and no seed and whose wordings differ, deterministic output, consistent ground truth,
 * and rendered files that carry what the ground truth says (text PDFs) or no text layer at all (scans).
 */
import { createHash } from 'node:crypto';
import { isValidLoincCode } from '../../loinc';
import { readPdfTexts } from '../pdf-text';
import { normaliseTestName } from '../scoring';
import { FAMILIES } from './families';
import {
  FAMILY_IDS,
  planCorpusV2,
  renderPlanned,
  type CorpusV2Document,
  type PlannedDocument,
} from './build';
import { DAY_FIRST } from './format';

jest.setTimeout(120_000);

const plan = planCorpusV2();
const dev = plan.filter((d) => d.part === 'dev');
const evaluation = plan.filter((d) => d.part === 'eval');
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const completed = (docs: PlannedDocument[]) =>
  docs.flatMap((d) => (d.expected.status === 'completed' ? [{ d, e: d.expected }] : []));

/**
 * Rendered once for the file checks: the first text document of every family and part, and two scans (drawing and
 * degrading a scan takes a second or two; the benchmark renders them all).
 */
const sampleIds = new Set([
  ...['dev', 'eval'].flatMap((part) =>
    FAMILY_IDS.map((f) => plan.find((d) => d.part === part && d.family === f && !d.scanned)?.id),
  ),
  plan.find((d) => d.family === 'fax' && d.part === 'dev' && d.scan?.delivery === 'scan-pdf')?.id,
  plan.find((d) => d.family === 'rotated-scan' && d.part === 'eval' && d.scan?.delivery !== 'scan-pdf')?.id,
]);
let sample: CorpusV2Document[];
beforeAll(async () => {
  sample = [];
  for (const d of plan.filter((x) => sampleIds.has(x.id))) sample.push(await renderPlanned(d));
});

describe('corpus v2 generator', () => {
  it('holds ≥ 150 documents in ≥ 15 layout families, each in both parts, with failures of both kinds', () => {
    expect(plan.length).toBeGreaterThanOrEqual(150);
    expect(new Set(plan.map((d) => d.id)).size).toBe(plan.length);
    const reportFamilies = FAMILIES.filter((f) => f.expect === 'completed').map((f) => f.id);
    expect(reportFamilies.length).toBeGreaterThanOrEqual(15);
    for (const f of FAMILY_IDS) {
      expect([f, dev.some((d) => d.family === f), evaluation.some((d) => d.family === f)]).toEqual([
        f,
        true,
        true,
      ]);
    }
    for (const part of [dev, evaluation]) {
      const reasons = part.flatMap((d) => (d.expected.status === 'failed' ? [d.expected.failureReason] : []));
      expect(new Set(reasons)).toEqual(new Set(['invalid_input', 'low_quality']));
      expect(part.filter((d) => d.scanned).length).toBeGreaterThanOrEqual(10);
      const regions = new Set(part.flatMap((d) => (d.spec ? [d.spec.region] : [])));
      expect(regions).toEqual(new Set(['us', 'uk', 'au', 'ca', 'in']));
      const kinds = new Set<string>(
        part.flatMap((d) => (d.spec ? [d.spec.results.kind, d.spec.header] : [])),
      );
      for (const k of ['table', 'cards', 'blocks', 'inline', 'lis', 'bottom', 'sidebar', 'letter', 'colon'])
        expect([k, kinds.has(k)]).toEqual([k, true]);
      expect(part.some((d) => d.spec && d.spec.page.width > d.spec.page.height)).toBe(true);
      expect(part.some((d) => d.scan && d.scan.profile.quarterTurns !== 0)).toBe(true);
      expect(part.some((d) => d.scan && d.scan.profile.perspective > 0)).toBe(true);
      expect(part.some((d) => d.scan && d.scan.profile.fax)).toBe(true);
    }
  });

  it('splits by template variant and seed: no variant or seed is shared between the parts', () => {
    for (const f of FAMILY_IDS.filter((x) => x !== 'negative')) {
      const dv = new Set(dev.filter((d) => d.family === f).map((d) => d.variant));
      const ev = new Set(evaluation.filter((d) => d.family === f).map((d) => d.variant));
      expect([f, dv.size >= 2, ev.size >= 2]).toEqual([f, true, true]);
      expect([f, [...dv].filter((x) => ev.has(x))]).toEqual([f, []]);
    }
    const negatives = (docs: PlannedDocument[]) =>
      new Set(docs.filter((d) => d.family === 'negative').map((d) => d.variant));
    expect([...negatives(dev)].filter((k) => negatives(evaluation).has(k))).toEqual([]);
    const devSeeds = new Set(dev.map((d) => d.seed));
    expect(evaluation.filter((d) => devSeeds.has(d.seed))).toEqual([]);
  });

  it('uses label wordings, column titles and marker spellings in the evaluation part that the development part never shows', () => {
    const labels = (docs: PlannedDocument[]) =>
      new Set(
        docs.flatMap((d) =>
          d.spec
            ? [
                d.spec.labels.name,
                d.spec.labels.dob,
                d.spec.labels.collected,
                d.spec.labels.reported,
                d.spec.labels.specimen,
              ]
            : [],
        ),
      );
    const devLabels = labels(dev);
    expect([...labels(evaluation)].filter((l) => !devLabels.has(l)).length).toBeGreaterThanOrEqual(10);
    const titles = (docs: PlannedDocument[]) =>
      new Set(
        docs.flatMap((d) => (d.spec?.results.kind === 'table' ? Object.values(d.spec.results.titles) : [])),
      );
    const devTitles = titles(dev);
    expect([...titles(evaluation)].filter((t) => !devTitles.has(t)).length).toBeGreaterThanOrEqual(5);
    const names = (docs: PlannedDocument[]) =>
      completed(docs).flatMap(({ e }) => e.results.map((r) => r.test_name));
    const devNames = new Set(names(dev));
    const evalNames = names(evaluation);
    const unseen = evalNames.filter((n) => !devNames.has(n)).length;
    expect(unseen / evalNames.length).toBeGreaterThan(0.25);
    const styles = (docs: PlannedDocument[]) =>
      new Set(docs.flatMap((d) => (d.spec ? [d.spec.dateStyle, d.spec.rangeStyle, d.spec.nameStyle] : [])));
    const devStyles = styles(dev);
    expect([...styles(evaluation)].filter((s) => !devStyles.has(s)).length).toBeGreaterThanOrEqual(5);
  });

  it('is deterministic: planning twice gives the same truth, rendering twice the same bytes', async () => {
    const again = planCorpusV2();
    expect(JSON.stringify(again.map((d) => [d.id, d.expected, d.scan]))).toEqual(
      JSON.stringify(plan.map((d) => [d.id, d.expected, d.scan])),
    );
    const hash = (d: CorpusV2Document) =>
      d.files.map((f) => createHash('sha256').update(f.bytes).digest('hex')).join();
    const picks = sample.filter(
      (d) => ['us-table', 'fax', 'negative'].includes(d.family) && d.part === 'dev',
    );
    for (const d of picks) {
      const p = plan.find((x) => x.id === d.id) as PlannedDocument;
      expect([d.id, hash(await renderPlanned(p))]).toEqual([d.id, hash(d)]);
    }
    // Options narrow the plan without changing documents.
    const narrowed = planCorpusV2({ part: 'dev', families: ['narrative'], limit: 3 });
    expect(narrowed.map((d) => d.id)).toEqual(
      dev
        .filter((d) => d.family === 'narrative')
        .slice(0, 3)
        .map((d) => d.id),
    );
    expect(planCorpusV2({ part: 'eval', limit: 25 }).length).toBe(25);
    expect(new Set(planCorpusV2({ part: 'eval', limit: 25 }).map((d) => d.family)).size).toBe(
      Math.min(25, FAMILY_IDS.length),
    );
  });

  it('has internally consistent ground truth', () => {
    for (const { d, e } of completed(plan)) {
      const spec = d.spec as NonNullable<PlannedDocument['spec']>;
      const names = e.results.map((r) => normaliseTestName(r.test_name));
      expect([d.id, new Set(names).size]).toEqual([d.id, names.length]);
      expect([d.id, e.results.length >= 3]).toEqual([d.id, true]);
      const m = e.metadata;
      for (const date of [m.date_collected, m.date_reported, ...(m.dob === null ? [] : [m.dob])]) {
        expect(date).toMatch(ISO);
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      }
      expect([d.id, m.dob === null]).toEqual([d.id, !spec.showDob]);
      if (m.dob !== null) expect(m.dob < (m.date_collected as string)).toBe(true);
      expect((m.date_collected as string) <= (m.date_reported as string)).toBe(true);
      expect(m.patient_first_name && m.patient_last_name && m.lab_name && m.specimen_number).toBeTruthy();
      // Day-first dates are decidable: the collection day is over 12.
      if (DAY_FIRST.has(spec.dateStyle))
        expect([d.id, Number((m.date_collected as string).slice(8)) > 12]).toEqual([d.id, true]);
      for (const r of e.results) {
        const where = `${d.id} / ${r.test_name}`;
        const numeric = ['numeric', 'percentage', 'duration'].includes(r.type);
        const outside = r.is_above_max_range === true || r.is_below_min_range === true;
        if (numeric && (r.min_reference_range !== null || r.max_reference_range !== null)) {
          expect([where, r.interpretation !== 'normal']).toEqual([where, outside]);
        }
        if (!numeric)
          expect([where, r.is_above_max_range, r.is_below_min_range]).toEqual([where, null, null]);
        if (r.min_reference_range !== null && r.max_reference_range !== null)
          expect(r.min_reference_range).toBeLessThan(r.max_reference_range);
        expect([where, r.type === 'percentage']).toEqual([where, r.units === '%']);
        expect([where, r.loinc_code !== null && isValidLoincCode(r.loinc_code)]).toEqual([where, true]);
      }
    }
  });

  it('renders text PDFs holding the ground truth, and scans without a text layer', async () => {
    const text = sample.filter((d) => !d.scanned);
    const reads = await readPdfTexts(text.map((d) => d.files[0]!.bytes));
    const nf = (s: string) => s.normalize('NFKC');
    for (const [i, doc] of text.entries()) {
      const read = reads[i]!;
      if ('error' in read) throw new Error(`${doc.id}: ${read.error}`);
      expect([doc.id, read.pageCount]).toEqual([doc.id, doc.pageCount]);
      if (doc.expected.status !== 'completed') continue;
      const all = nf(read.pages.flatMap((p) => p.lines).join('\n'));
      const flat = all.replace(/\s+/g, ' ');
      for (const r of doc.expected.results) {
        const where = `${doc.id} / ${r.test_name}`;
        expect([
          where,
          flat.includes(nf(r.test_name)) || r.test_name.split(' ').every((w) => all.includes(nf(w))),
        ]).toEqual([where, true]);
        expect([where, r.value, all.includes(r.value)]).toEqual([where, r.value, true]);
        if (r.units) expect([where, r.units, all.includes(nf(r.units))]).toEqual([where, r.units, true]);
      }
      const m = doc.expected.metadata;
      for (const v of [m.lab_name, m.specimen_number, m.patient_first_name, m.patient_last_name]) {
        expect([doc.id, v, all.includes(v as string)]).toEqual([doc.id, v, true]);
      }
      if (doc.pageCount > 1) expect(all).toContain(`of ${doc.pageCount}`);
      if (doc.family === 'multi-page') expect([doc.id, doc.pageCount >= 2]).toEqual([doc.id, true]);
    }
    const scans = sample.filter((d) => d.scanned);
    expect(scans.map((d) => d.files[0]!.mediaType)).toEqual([
      'application/pdf',
      expect.stringMatching(/^image\//),
    ]);
    const pdfs = scans.flatMap((d) => d.files.filter((f) => f.mediaType === 'application/pdf'));
    for (const read of await readPdfTexts(pdfs.map((f) => f.bytes))) {
      if ('error' in read) throw new Error(read.error);
      expect(read.pages.every((p) => p.hasImage && p.lines.length === 0)).toBe(true);
    }
    for (const d of scans) {
      for (const f of d.files) {
        const magic = f.bytes.subarray(0, 4).toString('hex');
        const want =
          f.mediaType === 'application/pdf'
            ? '25504446'
            : f.mediaType === 'image/png'
              ? '89504e47'
              : 'ffd8ff';
        expect([d.id, magic.startsWith(want)]).toEqual([d.id, true]);
      }
    }
  });
});
