/**
 * The corpus documents as plans: layout, report content (rows derived from the catalog with a seeded random
 * source per document) and how the document is delivered (text PDF, image PDF, PNG/JPEG, several images).
 */
import { PANELS, type TestKey } from './catalog';
import { STYLES, type LayoutStyle, type ReportSpec } from './layouts';
import { LABS, makeDates, makePatient, makeSpecimen, pickPhysician } from './people';
import { createRandom, seedOf, type Random } from './random';
import { makeRows, type RowOptions } from './rows';
import type { ScanOptions } from './painter';

export type Delivery = 'pdf' | 'scan-pdf' | 'png' | 'jpeg' | 'images';

export interface ReportPlan {
  id: string;
  description: string;
  tags: string[];
  delivery: Delivery;
  style: LayoutStyle;
  spec: ReportSpec;
  scan?: ScanOptions;
}

const CLEAN_SCAN: ScanOptions = {
  dpi: 200,
  rotation: 0.4,
  noise: 22,
  specks: 0.0004,
  blur: 0.5,
  ink: 25,
  paper: 246,
};

interface PanelPlan {
  title: string | null;
  keys: readonly TestKey[];
}

interface PlanInput {
  id: string;
  description: string;
  tags: string[];
  delivery?: Delivery;
  style: LayoutStyle;
  panels: PanelPlan[];
  rows: Omit<RowOptions, 'used'>;
  header?: Partial<Pick<ReportSpec, 'dateStyle' | 'nameStyle' | 'sexStyle' | 'notes'>>;
  gender?: 'male' | 'female' | 'other';
  lab?: number;
  scan?: Partial<ScanOptions>;
}

function plan(input: PlanInput): ReportPlan {
  const random: Random = createRandom(seedOf(input.id));
  const lab = LABS[input.lab ?? random.int(0, LABS.length - 1)] ?? LABS[0]!;
  const patient = makePatient(random, input.gender === 'other' ? 'other' : input.gender);
  const dates = makeDates(random);
  const used = new Set<string>();
  const panels = input.panels.map((p) => ({
    title: p.title,
    rows: makeRows(random, p.keys, { ...input.rows, used }),
  }));
  const spec: ReportSpec = {
    lab,
    patient,
    ...dates,
    specimen: makeSpecimen(random, lab, dates.collected),
    physician: pickPhysician(random),
    dateStyle: input.header?.dateStyle ?? 'us',
    nameStyle: input.header?.nameStyle ?? 'LAST, FIRST',
    sexStyle: input.gender === 'other' ? 'none' : (input.header?.sexStyle ?? 'letter'),
    panels,
    notes: input.header?.notes ?? [],
  };
  const delivery = input.delivery ?? 'pdf';
  return {
    id: input.id,
    description: input.description,
    tags: [delivery === 'pdf' ? 'text' : 'scan', ...input.tags],
    delivery,
    style: input.style,
    spec,
    ...(delivery === 'pdf' ? {} : { scan: { ...CLEAN_SCAN, ...input.scan } }),
  };
}

const CMP = [...PANELS.bmp, ...PANELS.hepatic] as TestKey[];
const CBC_DIFF = [...PANELS.cbc, ...PANELS.cbcDiff] as TestKey[];

export function reportPlans(): ReportPlan[] {
  return [
    plan({
      id: 'quest-cmp-lipid',
      description: 'Quest-like single table, value in In Range / Out Of Range columns, units after the range',
      tags: ['quest', 'panels'],
      style: STYLES.quest('sans', 8.5),
      panels: [
        { title: 'Comprehensive Metabolic Panel', keys: CMP },
        { title: 'Lipid Panel, Standard', keys: PANELS.lipid },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.15 },
    }),
    plan({
      id: 'quest-cbc-diff',
      description: 'Quest-like CBC with differential, Times',
      tags: ['quest', 'panels'],
      style: STYLES.quest('serif', 9),
      panels: [{ title: 'CBC (includes Diff/Plt)', keys: CBC_DIFF }],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.2 },
      header: { dateStyle: 'us-short' },
    }),
    plan({
      id: 'quest-wellness-no-panels',
      description: 'Quest-like table without panel headers (source_panel_name null)',
      tags: ['quest', 'no-panels'],
      style: STYLES.quest('sans', 9),
      panels: [{ title: null, keys: ['a1c', 'tsh', 'vitD', 'b12', 'ferritin', 'psa', 'uric', 'magnesium'] }],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.25 },
      gender: 'male',
    }),
    plan({
      id: 'labcorp-cbc-cmp',
      description: 'Labcorp-like, flags (High/Low) in their own column, labels above values in the header',
      tags: ['labcorp', 'panels', 'flag-column'],
      style: STYLES.labcorp('sans', 8),
      panels: [
        { title: 'CBC With Differential/Platelet', keys: CBC_DIFF },
        { title: 'Comp. Metabolic Panel (14)', keys: CMP },
      ],
      rows: { flags: 'word', names: 'name', abnormalRate: 0.15 },
    }),
    plan({
      id: 'labcorp-lipid-thyroid',
      description: 'Labcorp-like lipid and thyroid panels, serif font',
      tags: ['labcorp', 'panels', 'flag-column'],
      style: STYLES.labcorp('serif', 9.5),
      panels: [
        { title: 'Lipid Panel', keys: PANELS.lipid },
        { title: 'Thyroid Panel', keys: PANELS.thyroid },
        { title: 'Glycohemoglobin', keys: ['a1c'] },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.3 },
      header: { dateStyle: 'us-short' },
    }),
    plan({
      id: 'labcorp-critical-hh-ll',
      description: 'Critical values flagged HH / LL with a call-back comment',
      tags: ['labcorp', 'critical', 'comments'],
      style: STYLES.labcorp('sans', 9),
      panels: [
        {
          title: 'Basic Metabolic Panel (8)',
          keys: ['glucose', 'bun', 'creatinine', 'sodium', 'potassium', 'chloride', 'co2', 'calcium'],
        },
        { title: 'CBC', keys: PANELS.cbc },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0.1,
        want: { potassium: 'critHigh', hgb: 'critLow', plt: 'critLow', sodium: 'normal', glucose: 'high' },
        comments: {
          potassium:
            'Critical result called to and read back by RN J. Alder at 09:42 on the collection date.',
        },
      },
    }),
    plan({
      id: 'simple-critical-word',
      description:
        'CRITICAL written in the flag column; coagulation (seconds = duration) and cardiac markers',
      tags: ['simple', 'critical', 'duration'],
      style: STYLES.simple('sans', 9),
      panels: [
        { title: 'Chemistry', keys: ['glucose', 'sodium', 'potassium', 'creatinine'] },
        { title: 'Coagulation', keys: ['pt', 'inr'] },
        { title: 'Cardiac Markers', keys: ['troponin', 'crp'] },
      ],
      rows: {
        flags: 'word',
        names: 'name',
        abnormalRate: 0,
        want: { glucose: 'critHigh', troponin: 'critHigh', inr: 'critHigh', pt: 'high' },
      },
      header: { dateStyle: 'iso' },
    }),
    plan({
      id: 'two-column-chemistry',
      description: 'Two-column page: chemistry, lipids and thyroid side by side, flag after the value',
      tags: ['two-column', 'panels'],
      style: STYLES.twoColumn('sans', 7.5),
      panels: [
        { title: 'Comprehensive Metabolic Panel', keys: CMP },
        { title: 'Lipid Panel', keys: PANELS.lipid },
        { title: 'Thyroid', keys: PANELS.thyroid },
        { title: 'Iron Studies', keys: ['iron', 'ferritin'] },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.2 },
    }),
    plan({
      id: 'two-column-cbc-urinalysis',
      description: 'Two-column page, serif: CBC left, urinalysis (qualitative) right',
      tags: ['two-column', 'panels', 'qualitative'],
      style: STYLES.twoColumn('serif', 8),
      panels: [
        { title: 'Complete Blood Count', keys: CBC_DIFF },
        { title: 'Urinalysis', keys: PANELS.urinalysis },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.15 },
      header: { dateStyle: 'long', nameStyle: 'First Last' },
    }),
    plan({
      id: 'wrapped-names-sans',
      description: 'Long test names wrapped over two or three lines in a narrow column',
      tags: ['wrapped', 'panels'],
      style: STYLES.wrapped('sans', 9),
      panels: [
        {
          title: 'Metabolic',
          keys: ['glucose', 'bun', 'creatinine', 'egfr', 'co2', 'alp', 'ast', 'alt', 'protein'],
        },
        { title: 'Endocrinology', keys: ['a1c', 'tsh', 'ft4', 'vitD', 'b12'] },
      ],
      rows: { flags: 'letter', names: 'long', abnormalRate: 0.2 },
    }),
    plan({
      id: 'wrapped-names-serif',
      description: 'Wrapped long names, Times 10, no panels',
      tags: ['wrapped', 'no-panels'],
      style: STYLES.wrapped('serif', 10),
      panels: [{ title: null, keys: ['hdl', 'ldl', 'cholHdl', 'crp', 'ggt', 'ldh', 'rdw', 'mchc', 'psa'] }],
      rows: { flags: 'word', names: 'long', abnormalRate: 0.25 },
      header: { nameStyle: 'Last, First' },
      gender: 'male',
    }),
    plan({
      id: 'multipage-comprehensive',
      description: 'Three pages: table continues, header and "Page x of 3" repeated',
      tags: ['quest', 'multi-page', 'panels', 'qualitative'],
      style: STYLES.quest('sans', 11),
      panels: [
        { title: 'CBC (includes Diff/Plt)', keys: CBC_DIFF },
        { title: 'Comprehensive Metabolic Panel', keys: CMP },
        { title: 'Lipid Panel', keys: PANELS.lipid },
        { title: 'Thyroid Panel', keys: PANELS.thyroid },
        { title: 'Urinalysis, Complete', keys: PANELS.urinalysis },
        { title: 'Iron and Vitamins', keys: ['iron', 'ferritin', 'b12', 'vitD'] },
        { title: 'Coagulation', keys: ['pt', 'inr'] },
        { title: 'Additional Chemistry', keys: ['crp', 'ldh', 'ggt', 'uric', 'magnesium', 'phosphorus'] },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.12 },
    }),
    plan({
      id: 'multipage-labcorp',
      description: 'Labcorp-like report over two pages with repeated headers and footers',
      tags: ['labcorp', 'multi-page', 'panels'],
      style: STYLES.labcorp('serif', 10.5),
      panels: [
        { title: 'Comp. Metabolic Panel (14)', keys: CMP },
        { title: 'CBC With Differential/Platelet', keys: CBC_DIFF },
        { title: 'Lipid Panel', keys: PANELS.lipid },
      ],
      rows: { flags: 'word', names: 'name', abnormalRate: 0.15 },
      header: { dateStyle: 'iso' },
    }),
    plan({
      id: 'urinalysis-qualitative',
      description: 'Urinalysis: Yellow/Clear, Negative, Trace, 1+, sediment ranges 0-2',
      tags: ['simple', 'qualitative', 'panels'],
      style: STYLES.simple('sans', 9.5),
      panels: [
        { title: 'Urinalysis, Macroscopic', keys: PANELS.urinalysis.slice(0, 12) },
        { title: 'Urinalysis, Microscopic', keys: PANELS.urinalysis.slice(12) },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0,
        want: { uaProtein: 'abnormal', uaLeuk: 'abnormal', uaWbc: 'abnormal', uaAppearance: 'abnormal' },
        values: { uaProtein: 'Trace', uaLeuk: '1+', uaWbc: '6-10', uaAppearance: 'Hazy' },
      },
      gender: 'female',
    }),
    plan({
      id: 'qualitative-serology',
      description: 'Positive / Detected / Reactive / Not Detected results and an ANA titre (ratio)',
      tags: ['labcorp', 'qualitative', 'ratio', 'panels'],
      style: STYLES.labcorp('sans', 9),
      panels: [
        { title: 'Infectious Disease', keys: ['sarsCov2', 'hbsag', 'strep'] },
        { title: 'Autoimmune', keys: ['ana', 'anaTiter'] },
        { title: 'Pregnancy Test', keys: ['hcg'] },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0,
        want: { ana: 'abnormal', anaTiter: 'abnormal', strep: 'abnormal' },
        values: { ana: 'Positive', anaTiter: '1:160', strep: 'Positive' },
      },
      gender: 'female',
    }),
    plan({
      id: 'ranges-every-form',
      description: 'Reference ranges as a-b, a - b, <x, <=x, < OR = x, >x, >=x, > OR = x; values <x and >x',
      tags: ['simple', 'ranges'],
      style: STYLES.simple('sans', 9),
      panels: [
        {
          title: 'Chemistry Profile',
          keys: ['glucose', 'chol', 'hdl', 'trig', 'ldl', 'egfr', 'crp', 'troponin', 'a1c', 'bun', 'nonHdl'],
        },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0,
        ranges: {
          glucose: '65 - 99',
          chol: '< OR = 199',
          hdl: '> OR = 40',
          trig: '<=149',
          egfr: '>=60',
          crp: '<3.00',
          a1c: '<5.7',
          bun: '7-25',
          nonHdl: '<130',
        },
        values: { egfr: '>90', crp: '<0.20', troponin: '<0.01' },
      },
    }),
    plan({
      id: 'comments-and-notes',
      description: 'Row comments in italics and a trailing comments block (none of them are rows)',
      tags: ['labcorp', 'comments', 'panels'],
      style: STYLES.labcorp('sans', 9),
      panels: [
        { title: 'Lipid Panel', keys: PANELS.lipid },
        { title: 'Diabetes Screening', keys: ['glucose', 'a1c'] },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0.3,
        comments: {
          ldl: 'LDL cholesterol is calculated; reported only when triglycerides are below 400 mg/dL.',
          a1c: 'Prediabetes: 5.7 - 6.4. Diabetes: >6.4. Glycemic control for adults with diabetes: <7.0.',
        },
      },
      header: {
        notes: [
          'Patient reported fasting for 12 hours prior to collection.',
          'Results were reviewed by the laboratory director. For questions call client services.',
        ],
      },
    }),
    plan({
      id: 'iso-dates-no-flags',
      description:
        'No flag column at all: interpretation from comparing value and range; ISO dates; First Last',
      tags: ['simple', 'no-flags', 'panels'],
      style: STYLES.simple('serif', 10),
      panels: [
        { title: 'Basic Metabolic Panel', keys: PANELS.bmp },
        { title: 'Hepatic Function Panel', keys: PANELS.hepatic },
      ],
      rows: { flags: 'none', names: 'name', abnormalRate: 0.25 },
      header: { dateStyle: 'iso', nameStyle: 'First Last', sexStyle: 'word' },
    }),
    plan({
      id: 'lis-printout',
      description: 'Fixed-width Courier LIS printout, upper-case abbreviations, each row one padded string',
      tags: ['lis', 'panels'],
      style: STYLES.lis(8),
      panels: [
        {
          title: 'Chemistry',
          keys: ['glucose', 'bun', 'creatinine', 'sodium', 'potassium', 'chloride', 'co2', 'calcium'],
        },
        { title: 'Hematology', keys: PANELS.cbc },
      ],
      rows: { flags: 'letter', names: 'lis', abnormalRate: 0.2 },
    }),
    plan({
      id: 'lis-long-dates-no-sex',
      description: 'LIS printout with "Mar 4, 2024" dates and no sex printed (gender other)',
      tags: ['lis', 'panels'],
      style: STYLES.lis(8.5),
      panels: [
        { title: 'Lipids', keys: PANELS.lipid },
        { title: 'Special Chemistry', keys: ['tsh', 'ft4', 'ferritin', 'iron', 'b12'] },
      ],
      rows: { flags: 'letter', names: 'lis', abnormalRate: 0.2 },
      header: { dateStyle: 'long' },
      gender: 'other',
    }),
    plan({
      id: 'quest-iso-lipid',
      description: 'Quest-like, Times, ISO dates, lipid + hepatic panels',
      tags: ['quest', 'panels'],
      style: STYLES.quest('serif', 9.5),
      panels: [
        { title: 'Lipid Panel', keys: PANELS.lipid },
        { title: 'Hepatic Function Panel', keys: PANELS.hepatic },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.2 },
      header: { dateStyle: 'iso' },
    }),
    plan({
      id: 'labcorp-no-sex-printed',
      description: 'Labcorp-like without a sex cell (gender other), vitamins and iron',
      tags: ['labcorp', 'panels'],
      style: STYLES.labcorp('sans', 9),
      panels: [
        { title: 'Iron and TIBC', keys: ['iron', 'ferritin'] },
        { title: 'Vitamins', keys: ['vitD', 'b12'] },
        { title: 'Inflammation', keys: ['crp', 'uric', 'ldh'] },
      ],
      rows: { flags: 'word', names: 'name', abnormalRate: 0.3 },
      gender: 'other',
    }),
    plan({
      id: 'banner-header-thyroid-renal',
      description: 'Dark banner header, simple columns, flag in the last column',
      tags: ['simple', 'panels'],
      style: STYLES.simple('sans', 9, 'banner'),
      panels: [
        {
          title: 'Renal Function Panel',
          keys: ['bun', 'creatinine', 'egfr', 'bunCreat', 'phosphorus', 'albumin', 'calcium'],
        },
        { title: 'Thyroid Function', keys: PANELS.thyroid },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.3 },
      header: { dateStyle: 'us-short', nameStyle: 'Last, First' },
    }),
    plan({
      id: 'prenatal-mixed',
      description: 'CBC plus qualitative hCG, HBsAg, urinalysis dipstick in one simple table with panels',
      tags: ['simple', 'qualitative', 'panels'],
      style: STYLES.simple('serif', 9),
      panels: [
        { title: 'Hematology', keys: ['wbc', 'hgb', 'hct', 'plt'] },
        { title: 'Serology', keys: ['hbsag', 'hcg'] },
        { title: 'Urine Dipstick', keys: ['uaGlucose', 'uaProtein', 'uaKetones', 'uaNitrite'] },
      ],
      rows: {
        flags: 'letter',
        names: 'name',
        abnormalRate: 0.1,
        values: { hcg: 'Positive' },
        want: { hcg: 'abnormal' },
      },
      gender: 'female',
    }),
    // Scans
    plan({
      id: 'scan-pdf-quest-cmp',
      description: 'Image-only PDF of a Quest-like CMP (slight rotation, noise, blur, JPEG)',
      tags: ['quest', 'panels'],
      delivery: 'scan-pdf',
      style: STYLES.quest('sans', 10),
      panels: [{ title: 'Comprehensive Metabolic Panel', keys: CMP }],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.15 },
      scan: { rotation: 0.5 },
    }),
    plan({
      id: 'scan-pdf-labcorp-cbc',
      description: 'Image-only PDF of a Labcorp-like CBC, rotated the other way',
      tags: ['labcorp', 'panels'],
      delivery: 'scan-pdf',
      style: STYLES.labcorp('sans', 10),
      panels: [{ title: 'CBC With Differential/Platelet', keys: CBC_DIFF }],
      rows: { flags: 'word', names: 'name', abnormalRate: 0.15 },
      scan: { rotation: -0.6, noise: 28 },
    }),
    plan({
      id: 'scan-png-lipid',
      description: 'PNG photo-copy of a simple lipid report',
      tags: ['simple', 'panels', 'png'],
      delivery: 'png',
      style: STYLES.simple('sans', 11),
      panels: [{ title: 'Lipid Panel', keys: PANELS.lipid }],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.3 },
      // A clean photocopy: noise makes PNGs huge and slow to encode.
      scan: { dpi: 150, rotation: 0.3, noise: 0, specks: 0.0006, blur: 0.4 },
    }),
    plan({
      id: 'scan-jpeg-urinalysis',
      description: 'JPEG scan of a urinalysis with qualitative results',
      tags: ['simple', 'qualitative', 'panels', 'jpeg'],
      delivery: 'jpeg',
      style: STYLES.simple('serif', 11),
      panels: [{ title: 'Urinalysis', keys: PANELS.urinalysis }],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.1 },
      scan: { rotation: -0.3 },
    }),
    plan({
      id: 'scan-multi-image-report',
      description: 'One report photographed as two JPEG pages (multi-image upload, merged in order)',
      tags: ['quest', 'panels', 'multi-page', 'multi-image', 'jpeg'],
      delivery: 'images',
      style: STYLES.quest('sans', 12),
      panels: [
        { title: 'CBC (includes Diff/Plt)', keys: PANELS.cbc },
        { title: 'Comprehensive Metabolic Panel', keys: CMP },
        { title: 'Lipid Panel', keys: PANELS.lipid },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.15 },
      scan: { rotation: 0.7, noise: 18 },
    }),
    plan({
      id: 'scan-pdf-two-pages-simple',
      description: 'Two-page image-only PDF, simple layout with thyroid, iron and vitamin results',
      tags: ['simple', 'panels', 'multi-page'],
      delivery: 'scan-pdf',
      style: STYLES.simple('sans', 12),
      panels: [
        { title: 'Comprehensive Metabolic Panel', keys: CMP },
        { title: 'Thyroid Panel', keys: PANELS.thyroid },
        { title: 'Iron Studies', keys: ['iron', 'ferritin'] },
        { title: 'Vitamins', keys: ['vitD', 'b12'] },
        { title: 'Lipid Panel', keys: PANELS.lipid },
      ],
      rows: { flags: 'letter', names: 'name', abnormalRate: 0.2 },
      header: { dateStyle: 'iso' },
      scan: { rotation: -0.4 },
    }),
  ];
}

/** A scan nobody can read: tiny text at low resolution under heavy noise and blur. */
export function hopelessScanPlan(): ReportPlan {
  const p = plan({
    id: 'scan-hopeless',
    description: 'Tiny text, 100 dpi, heavy noise and blur: low_quality',
    tags: ['low-quality'],
    delivery: 'scan-pdf',
    style: STYLES.quest('sans', 4),
    panels: [{ title: 'Comprehensive Metabolic Panel', keys: CMP }],
    rows: { flags: 'letter', names: 'name', abnormalRate: 0.1 },
    scan: { dpi: 100, rotation: 2.5, noise: 200, specks: 0.08, blur: 1.6, ink: 90, paper: 200 },
  });
  return p;
}
