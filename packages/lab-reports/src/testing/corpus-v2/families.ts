/**
 * Layout families and their template variants. Every family has at least two variants used only by the development
 * part and at least two used only by the evaluation part; label wordings, column titles, marker spellings and date
 * styles are drawn from pools where the evaluation part also uses entries the development part never does.
 */
import type { PrintedRow } from '../corpus/ground-truth';
import { createRandom, seedOf, type Random } from '../corpus/random';
import {
  addDaysV2,
  LABS_V2,
  makeDatesV2,
  makePatientIdV2,
  makePatientV2,
  makeSpecimenV2,
  pickPhysicianV2,
} from './people';
import {
  formatDateV2,
  makeRowV2,
  title,
  type DateStyle,
  type FlagStyle,
  type NameStyle,
  type RangeStyle,
} from './format';
import { markersFor, PANEL_TITLES, type Group, type Region } from './markers';
import type { ColumnKey, DocSpecV2, HeaderKind, Labels, Part, ResultLayout, SentenceKind } from './spec';
import { A4, landscape, LETTER, type FontFamily, type PageSize } from './surface';
import type { ScanProfile } from './scan-effects';

/**
 * `devExtra`: wordings added to the development part later (issue #15 generalisation work), drawn by the development
 * part only, so that the evaluation documents stay exactly as they were generated before.
 */
type Pool<T> = { dev: readonly T[]; eval: readonly T[]; devExtra?: readonly T[] };

/** The development part draws from `dev` only; the evaluation part from `eval` three times in four, else `dev`. */
function fromPool<T>(random: Random, pool: Pool<T>, part: Part): T {
  if (part === 'dev') return random.pick([...pool.dev, ...(pool.devExtra ?? [])]);
  if (pool.eval.length === 0) return random.pick(pool.dev);
  return random.chance(0.75) ? random.pick(pool.eval) : random.pick(pool.dev);
}

export const LABEL_POOLS = {
  name: {
    dev: ['Patient', 'Patient Name', 'Name'],
    devExtra: ["Patient's Name", 'Name of Patient'],
    eval: ['Pt Name', 'Patient name', 'Client Name', 'Name of Patient', 'PATIENT NAME'],
  },
  split: {
    dev: [
      ['Last Name', 'First Name'],
      ['Surname', 'Forename'],
    ],
    eval: [
      ['Surname', 'Given name(s)'],
      ['Family Name', 'Given Name'],
      ['Last', 'First'],
    ],
  },
  dob: { dev: ['DOB', 'Date of Birth', 'D.O.B.'], eval: ['Birth Date', 'DoB', 'Birthdate', 'Born'] },
  age: { dev: ['Age/Sex', 'Age / Gender'], eval: ['Age/Gender', 'Age & Sex'] },
  sex: { dev: ['Sex', 'Gender'], eval: ['Sex', 'Gender'] },
  collected: {
    dev: ['Collected', 'Collection Date', 'Date Collected', 'Sample Collected On'],
    devExtra: ['Date/Time Collected', 'Date Sampled', 'Specimen Drawn'],
    eval: [
      'Specimen Collected',
      'Coll. Date',
      'Date of Collection',
      'Drawn',
      'Sample Taken',
      'Collection Time',
    ],
  },
  reported: {
    dev: ['Reported', 'Report Date', 'Date Reported', 'Report Released On'],
    devExtra: ['Result Date', 'Date Resulted', 'Released'],
    eval: ['Reported On', 'Authorised', 'Date Authorised', 'Result Date', 'Verified On'],
  },
  received: { dev: ['Received', 'Date Received'], eval: ['Registered On', 'Received In Lab', 'Booked In'] },
  specimen: {
    dev: ['Specimen ID', 'Accession #', 'Lab No', 'Specimen #'],
    devExtra: ['Sample ID', 'Accession No.', 'Requisition #', 'Sample Barcode'],
    eval: ['Sample No', 'Episode No', 'Lab Ref', 'Accession No.', 'SIN No', 'Lab Number', 'Specimen Number'],
  },
  physician: {
    dev: ['Ordering Physician', 'Referring Doctor', 'Ref. By'],
    eval: ['Requested By', 'Consultant', 'Referred By', 'Doctor'],
  },
} satisfies Record<string, Pool<unknown>>;

export const COLUMN_TITLES: Record<'name' | 'value' | 'flag' | 'units' | 'range', Pool<string>> = {
  name: {
    dev: ['Test', 'Test Name', 'Tests'],
    devExtra: ['Test Description', 'Determination'],
    eval: ['Analyte', 'Component', 'Investigation', 'Examination'],
  },
  value: {
    dev: ['Result', 'Results'],
    devExtra: ['Result Value', 'Measured'],
    eval: ['Value', 'Your Value', 'Observed Value'],
  },
  flag: { dev: ['Flag'], devExtra: ['Abn Flag', 'Indicator'], eval: ['Abnormal', 'Alert', 'H/L'] },
  units: { dev: ['Units'], devExtra: ['Unit of Measure'], eval: ['Unit', 'UOM'] },
  range: {
    dev: ['Reference Range', 'Reference Interval'],
    devExtra: ['Reference Limits', 'Normal Values', 'Reference Values'],
    eval: ['Ref. Range', 'Normal Range', 'Bio. Ref. Interval', 'Standard Range', 'Expected Values'],
  },
};

const DATE_STYLES: Record<Region, Pool<DateStyle>> = {
  us: { dev: ['us', 'us-short'], eval: ['mon-d-y', 'iso', 'us'] },
  uk: { dev: ['dmy', 'd-mon-y'], eval: ['d-month-y', 'd-mon-y-dash', 'dmy'] },
  au: { dev: ['dmy'], eval: ['d-mon-y', 'dmy-dot', 'dmy'] },
  ca: { dev: ['iso'], eval: ['y-mon-d', 'iso'] },
  in: { dev: ['dmy-dash', 'd-mon-y-dash'], eval: ['dmy', 'd-mon-y', 'dmy-dash'] },
};

const NAME_STYLES: Pool<NameStyle> = {
  dev: ['First Last', 'LAST, FIRST', 'Last, First', 'split'],
  eval: ['FIRST LAST', 'Title First Last', 'TITLE FIRST LAST', 'LAST, First', 'SPLIT'],
};

const RANGE_STYLES: Pool<RangeStyle> = {
  dev: ['dash', 'spaced'],
  devExtra: ['spaced-paren', 'upto'],
  eval: ['endash', 'to', 'paren', 'bracket', 'words'],
};

export type Delivery = 'scan-pdf' | 'png' | 'jpeg' | 'images';

export interface Variant {
  id: string;
  part: Part;
  regions?: readonly Region[];
  headers: readonly HeaderKind[];
  results: (random: Random, part: Part) => ResultLayout;
  page?: (region: Region) => PageSize;
  fonts?: readonly FontFamily[];
  size?: [number, number];
  panels?: [number, number];
  rows?: [number, number];
  repeat?: 'full' | 'compact';
  nameStyles?: readonly NameStyle[];
  flags?: readonly FlagStyle[];
  history?: boolean;
  noPanelTitles?: boolean;
  showDob?: number;
  scan?: (random: Random) => { profile: ScanProfile; dpi: number; delivery: Delivery };
  upperLab?: boolean;
}

export interface Family {
  id: string;
  description: string;
  /** Documents per part. */
  count: Record<Part, number>;
  expect: 'completed' | 'low_quality' | 'invalid_input';
  variants: readonly Variant[];
}

const regionPage = (r: Region): PageSize => (r === 'us' || r === 'ca' ? LETTER : A4);
const land = (r: Region): PageSize => landscape(regionPage(r));

function table(
  columns: ColumnKey[],
  frames: 1 | 2 | 3 = 1,
  opts: { rules?: boolean; band?: boolean; valueTitle?: 'date' } = {},
) {
  return (random: Random, part: Part): ResultLayout => {
    const titles: Partial<Record<ColumnKey, string>> = {};
    const t = (k: keyof typeof COLUMN_TITLES) => fromPool(random, COLUMN_TITLES[k], part);
    titles.name = t('name');
    titles.value = opts.valueTitle === 'date' ? undefined : t('value');
    titles.valueFlag = t('value');
    titles.valueUnits = t('value');
    titles.flag = t('flag');
    titles.units = t('units');
    titles.range = t('range');
    titles.rangeUnits = t('range');
    titles.status = 'Status';
    if (opts.valueTitle === 'date') delete titles.value;
    return { kind: 'table', columns, titles, frames, rules: opts.rules ?? false, band: opts.band ?? false };
  };
}
const STD: ColumnKey[] = ['name', 'value', 'flag', 'units', 'range'];

/** One of several table layouts, drawn per document (column orders and merged columns vary between labs). */
const oneOf =
  (...layouts: ((random: Random, part: Part) => ResultLayout)[]) =>
  (random: Random, part: Part): ResultLayout =>
    random.pick(layouts)(random, part);

const clean = (random: Random) => ({
  profile: {
    skew: random.between(-0.6, 0.6),
    quarterTurns: 0,
    perspective: 0,
    shadow: 0,
    noise: 10,
    specks: 0.0003,
    blur: 0.4,
    fax: false,
    fade: 0.05,
  },
  dpi: random.pick([200, 220]),
  delivery: random.pick(['scan-pdf', 'png'] as const),
});
const fax = (random: Random) => ({
  profile: {
    skew: random.between(-1.8, 1.8),
    quarterTurns: 0,
    perspective: 0,
    shadow: 0,
    noise: 35,
    specks: 0.002,
    blur: 0,
    fax: true,
    fade: 0,
  },
  dpi: 200,
  delivery: random.pick(['scan-pdf', 'scan-pdf', 'png'] as const),
});
const photo = (random: Random) => ({
  profile: {
    skew: random.between(-2.5, 2.5),
    quarterTurns: 0,
    perspective: random.between(0.02, 0.05),
    shadow: random.between(0.2, 0.45),
    noise: random.between(10, 22),
    specks: 0,
    blur: 0.7,
    fax: false,
    fade: random.between(0.05, 0.15),
  },
  dpi: random.pick([150, 170]),
  delivery: 'jpeg' as const,
});
const rotated = (random: Random) => ({
  profile: {
    skew: random.between(-0.8, 0.8),
    quarterTurns: random.pick([1, 2, 3]),
    perspective: 0,
    shadow: 0,
    noise: 12,
    specks: 0.0005,
    blur: 0.4,
    fax: false,
    fade: 0.05,
  },
  dpi: 200,
  delivery: random.pick(['scan-pdf', 'png', 'jpeg'] as const),
});
const lowDpi = (random: Random) => ({
  profile: {
    skew: random.between(-1, 1),
    quarterTurns: 0,
    perspective: 0,
    shadow: 0,
    noise: 14,
    specks: 0.0008,
    blur: 0.5,
    fax: false,
    fade: 0.08,
  },
  dpi: random.pick([110, 120]),
  delivery: random.pick(['scan-pdf', 'jpeg'] as const),
});
const hopeless = (random: Random) => ({
  profile: {
    skew: random.between(-3, 3),
    quarterTurns: 0,
    perspective: 0,
    shadow: 0.3,
    noise: 150,
    specks: 0.05,
    blur: 2.2,
    fax: false,
    fade: 0.55,
  },
  dpi: random.pick([60, 72]),
  delivery: random.pick(['scan-pdf', 'jpeg'] as const),
});

const v = (id: string, part: Part, rest: Omit<Variant, 'id' | 'part'>): Variant => ({ id, part, ...rest });
const ALL: Region[] = ['us', 'uk', 'au', 'ca', 'in'];

export const FAMILIES: readonly Family[] = [
  {
    id: 'us-table',
    description: 'US lab, classic result table, conventional units',
    count: { dev: 6, eval: 6 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ['us'],
        headers: ['kv2'],
        results: oneOf(
          table(STD, 1, { band: true }),
          table(['name', 'valueUnits', 'range'], 1, { band: true }),
          table(['name', 'value', 'units', 'range', 'flag'], 1, { rules: true }),
        ),
        nameStyles: ['LAST, FIRST', 'First Last'],
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ['us'],
        headers: ['grid'],
        results: oneOf(
          table(['name', 'valueFlag', 'units', 'range']),
          table(['name', 'valueFlag', 'rangeUnits']),
          table(['name', 'range', 'value', 'flag', 'units']),
        ),
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ['us'],
        headers: ['sidebar'],
        results: table(['name', 'value', 'units', 'range', 'flag'], 1, { rules: true }),
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ['us'],
        headers: ['strip'],
        results: table(['name', 'valueUnits', 'rangeUnits', 'status']),
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'uk-nhs',
    description: 'UK hospital pathology, SI units, DD/MM dates, NHS number',
    count: { dev: 6, eval: 6 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ['uk'],
        headers: ['kv2'],
        results: table(STD),
        nameStyles: ['split', 'LAST, FIRST'],
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ['uk'],
        headers: ['boxed'],
        results: table(['name', 'value', 'units', 'range', 'flag'], 1, { rules: true }),
        flags: ['letter', 'none'],
      }),
      v('C', 'eval', {
        regions: ['uk'],
        headers: ['sidebar'],
        results: table(['name', 'valueFlag', 'units', 'range'], 1, { band: true }),
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ['uk'],
        headers: ['strip'],
        results: table(['name', 'value', 'flag', 'rangeUnits']),
        flags: ['word'],
      }),
    ],
  },
  {
    id: 'au-path',
    description: 'Australian pathology, SI units, A4, DD/MM dates, UR number',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ['au'],
        headers: ['kv2'],
        results: table(['name', 'value', 'flag', 'units', 'range'], 1, { band: true }),
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ['au'],
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'units', 'range'], 1, { rules: true }),
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ['au'],
        headers: ['boxed'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        flags: ['word', 'letter'],
      }),
      v('D', 'eval', {
        regions: ['au'],
        headers: ['sidebar'],
        results: table(['name', 'valueUnits', 'range']),
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'in-diag',
    description: 'Indian diagnostic centre: aligned-colon header, age/sex instead of DOB, Bio. Ref. Interval',
    count: { dev: 6, eval: 6 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ['in'],
        headers: ['colon'],
        results: table(['name', 'value', 'units', 'range'], 1, { rules: true }),
        showDob: 0,
        upperLab: true,
        flags: ['none'],
      }),
      v('B', 'dev', {
        regions: ['in'],
        headers: ['colon'],
        results: table(['name', 'value', 'flag', 'units', 'range']),
        showDob: 1,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ['in'],
        headers: ['kv2'],
        results: table(['name', 'valueFlag', 'units', 'range'], 1, { band: true }),
        showDob: 0.5,
        upperLab: true,
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ['in'],
        headers: ['boxed'],
        results: table(['name', 'value', 'units', 'range', 'flag'], 1, { rules: true }),
        showDob: 0,
        flags: ['letter', 'none'],
      }),
    ],
  },
  {
    id: 'ca-lab',
    description: 'Canadian community lab, SI units, ISO dates, health card number',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', { regions: ['ca'], headers: ['kv2'], results: table(STD), flags: ['letter'] }),
      v('B', 'dev', {
        regions: ['ca'],
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'range', 'units'], 1, { band: true }),
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ['ca'],
        headers: ['strip'],
        results: table(['name', 'value', 'flag', 'rangeUnits'], 1, { rules: true }),
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ['ca'],
        headers: ['sidebar'],
        results: table(['name', 'value', 'units', 'range']),
        flags: ['none', 'letter'],
      }),
    ],
  },
  {
    id: 'multi-column',
    description: 'Results across two or three side-by-side columns',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2', 'grid'],
        results: table(['name', 'valueFlag', 'units', 'range'], 2),
        size: [7, 7.5],
        rows: [5, 9],
        panels: [3, 5],
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: table(['name', 'value', 'units', 'range'], 2, { rules: true }),
        size: [7, 7.5],
        rows: [5, 9],
        panels: [3, 5],
        flags: ['none'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['sidebar', 'boxed'],
        results: table(['name', 'valueUnits', 'range'], 2),
        size: [7, 7.5],
        rows: [5, 9],
        panels: [3, 5],
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['kv2'],
        page: land,
        results: table(['name', 'valueFlag', 'rangeUnits'], 3),
        size: [6.5, 7],
        rows: [5, 9],
        panels: [4, 6],
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'portal-cards',
    description: 'Patient-portal page: each result a card (value, units, range, status badge)',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: () => ({
          kind: 'cards',
          perRow: 3,
          rangeLabel: 'Standard range',
          badge: true,
          valueLabel: null,
        }),
        flags: ['word'],
        rows: [3, 6],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: () => ({
          kind: 'cards',
          perRow: 2,
          rangeLabel: 'Reference range',
          badge: false,
          valueLabel: null,
        }),
        flags: ['word'],
        rows: [3, 6],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        results: () => ({
          kind: 'cards',
          perRow: 2,
          rangeLabel: 'Normal range',
          badge: true,
          valueLabel: 'Your value',
        }),
        flags: ['word'],
        rows: [3, 6],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['bottom'],
        results: () => ({
          kind: 'cards',
          perRow: 3,
          rangeLabel: 'Range',
          badge: false,
          valueLabel: 'Result',
        }),
        flags: ['word', 'letter'],
        rows: [3, 6],
      }),
    ],
  },
  {
    id: 'portal-blocks',
    description: 'Results as stacked blocks: name line, then value and range lines',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: (random) => ({
          kind: 'blocks',
          valueLabel: random.pick(['Result', 'Your result', 'Measured', 'Level']),
          rangeLabel: random.pick(['Reference range', 'Ref. interval', 'Typical range', 'Reference']),
          unitsInline: true,
        }),
        flags: ['word', 'letter'],
        rows: [3, 6],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: (random) => ({
          kind: 'blocks',
          valueLabel: random.pick(['Value', 'Result value', 'Reading']),
          rangeLabel: random.pick(['Normal range', 'Healthy range', 'Lab range', 'Expected']),
          unitsInline: false,
        }),
        flags: ['word', 'letter'],
        rows: [3, 6],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        results: () => ({
          kind: 'blocks',
          valueLabel: 'Your result',
          rangeLabel: 'Expected',
          unitsInline: true,
        }),
        flags: ['word'],
        rows: [3, 6],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['grid'],
        results: () => ({
          kind: 'blocks',
          valueLabel: 'Measured',
          rangeLabel: 'Ref. interval',
          unitsInline: false,
        }),
        flags: ['letter'],
        rows: [3, 6],
      }),
    ],
  },
  {
    id: 'narrative',
    description: 'Results in running text ("Hemoglobin A1c was 5.4 % (reference 4.0-5.6)")',
    count: { dev: 5, eval: 5 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['letter'],
        results: (random) => ({
          kind: 'inline',
          sentences: random.pick([
            ['was', 'your'],
            ['showed', 'found', 'was'],
          ]),
        }),
        flags: ['none'],
        noPanelTitles: true,
        rows: [3, 5],
        panels: [1, 2],
        nameStyles: ['Title First Last'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: (random) => ({
          kind: 'inline',
          sentences: random.pick([
            ['colon', 'was'],
            ['comma', 'showed'],
          ]),
        }),
        flags: ['none'],
        rows: [3, 5],
        panels: [1, 3],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['letter'],
        results: () => ({ kind: 'inline', sentences: ['came', 'measured'] as SentenceKind[] }),
        flags: ['none'],
        noPanelTitles: true,
        rows: [3, 5],
        panels: [1, 2],
        nameStyles: ['Title First Last', 'First Last'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['strip'],
        results: () => ({ kind: 'inline', sentences: ['your', 'came', 'measured'] as SentenceKind[] }),
        flags: ['none'],
        rows: [3, 5],
        panels: [1, 3],
      }),
    ],
  },
  {
    id: 'landscape-cumulative',
    description: 'Landscape cumulative report: current result beside two earlier visits',
    count: { dev: 4, eval: 4 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        page: land,
        history: true,
        results: table(['name', 'value', 'flag', 'prev1', 'prev2', 'units', 'range'], 1, { band: true }),
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        page: land,
        history: true,
        results: table(['name', 'valueFlag', 'prev1', 'prev2', 'rangeUnits'], 1, { rules: true }),
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['grid'],
        page: land,
        history: true,
        results: table(['name', 'prev2', 'prev1', 'value', 'flag', 'units', 'range'], 1, {
          valueTitle: 'date',
        }),
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        page: land,
        history: true,
        results: table(['name', 'units', 'range', 'value', 'prev1', 'prev2'], 1, {
          band: true,
          valueTitle: 'date',
        }),
        flags: ['none'],
      }),
    ],
  },
  {
    id: 'landscape-wide',
    description: 'Landscape page with a wide single table',
    count: { dev: 4, eval: 4 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        page: land,
        results: table(['name', 'value', 'flag', 'units', 'range', 'status'], 1, { band: true }),
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['grid'],
        page: land,
        results: table(['name', 'value', 'units', 'range'], 2),
        size: [8, 8.5],
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['boxed'],
        page: land,
        results: table(['status', 'name', 'value', 'units', 'flag', 'range'], 1, { rules: true }),
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['strip'],
        page: land,
        results: table(['name', 'valueUnits', 'range'], 2),
        size: [8, 8.5],
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'header-places',
    description:
      'Patient / specimen block in unusual places: after the results, in a side box, in a ruled table',
    count: { dev: 6, eval: 6 },
    expect: 'completed',
    variants: [
      v('A', 'dev', { regions: ALL, headers: ['bottom'], results: table(STD), flags: ['letter'] }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['sidebar'],
        results: table(['name', 'valueFlag', 'units', 'range'], 1, { rules: true }),
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['bottom'],
        results: table(['name', 'value', 'units', 'range', 'flag'], 1, { band: true }),
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['boxed', 'colon'],
        results: table(['name', 'value', 'flag', 'rangeUnits']),
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'lis-printout',
    description: 'Fixed-width LIS printout (monospaced, upper-case labels)',
    count: { dev: 4, eval: 4 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['lis'],
        results: () => ({ kind: 'lis' }),
        fonts: ['mono'],
        size: [8, 8.5],
        upperLab: true,
        nameStyles: ['LAST, FIRST'],
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['lis'],
        results: () => ({ kind: 'lis' }),
        fonts: ['mono'],
        size: [8, 8.5],
        upperLab: true,
        nameStyles: ['FIRST LAST', 'LAST, FIRST'],
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['lis'],
        results: () => ({ kind: 'lis' }),
        fonts: ['mono'],
        size: [7.5, 8],
        upperLab: true,
        nameStyles: ['LAST, FIRST', 'FIRST LAST'],
        flags: ['letter'],
        repeat: 'full',
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['lis'],
        results: () => ({ kind: 'lis' }),
        fonts: ['mono'],
        size: [8, 8.5],
        upperLab: false,
        nameStyles: ['LAST, FIRST'],
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'multi-page',
    description: 'Long reports over two to four pages with repeated (full or compact) headers',
    count: { dev: 4, eval: 4 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ['us', 'uk', 'au'],
        headers: ['kv2'],
        results: table(STD, 1, { band: true }),
        panels: [8, 11],
        rows: [14, 20],
        size: [12.5, 14],
        repeat: 'full',
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ['us', 'uk', 'au'],
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'units', 'range'], 1, { rules: true }),
        panels: [8, 11],
        rows: [14, 20],
        size: [12.5, 14],
        repeat: 'compact',
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ['us', 'uk', 'au'],
        headers: ['strip'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        panels: [8, 11],
        rows: [14, 20],
        size: [12.5, 14],
        repeat: 'compact',
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ['us', 'uk', 'au'],
        headers: ['colon', 'sidebar'],
        results: table(['name', 'value', 'flag', 'rangeUnits'], 1, { band: true }),
        panels: [8, 11],
        rows: [14, 20],
        size: [12.5, 14],
        repeat: 'full',
        flags: ['letter'],
      }),
    ],
  },
  // The OCR families hold more development documents than evaluation ones (README: "The split"); each document
  // has its own seed, so adding development documents leaves the evaluation part byte-identical.
  {
    id: 'clean-scan',
    description: 'A clean scan of a printed report (OCR)',
    count: { dev: 4, eval: 2 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 3],
        scan: clean,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'units', 'range']),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 3],
        scan: clean,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 3],
        scan: clean,
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['strip'],
        results: () => ({ kind: 'blocks', valueLabel: 'Result', rangeLabel: 'Reference', unitsInline: true }),
        size: [10, 10.5],
        rows: [3, 5],
        panels: [1, 2],
        scan: clean,
        flags: ['word'],
      }),
    ],
  },
  {
    id: 'fax',
    description: 'Faxed report: binarised, half vertical resolution, skewed, fax banner with its own date',
    count: { dev: 8, eval: 3 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 3],
        scan: fax,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: table(['name', 'valueFlag', 'units', 'range']),
        size: [10.5, 11],
        rows: [4, 7],
        panels: [1, 2],
        scan: fax,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['boxed'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 3],
        scan: fax,
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['colon'],
        results: table(['name', 'value', 'flag', 'rangeUnits']),
        size: [10.5, 11],
        rows: [4, 7],
        panels: [1, 2],
        scan: fax,
        flags: ['word'],
      }),
    ],
  },
  {
    id: 'photo',
    description: 'Phone photo of a printed page: perspective, shadow, uneven light, JPEG',
    count: { dev: 6, eval: 3 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [11, 11.5],
        rows: [3, 6],
        panels: [1, 2],
        scan: photo,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: () => ({
          kind: 'cards',
          perRow: 2,
          rangeLabel: 'Reference range',
          badge: false,
          valueLabel: null,
        }),
        size: [11, 11.5],
        rows: [3, 4],
        panels: [1, 2],
        scan: photo,
        flags: ['word'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'units', 'range']),
        size: [11, 11.5],
        rows: [3, 6],
        panels: [1, 2],
        scan: photo,
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        results: table(['name', 'value', 'units', 'range']),
        size: [11, 11.5],
        rows: [3, 6],
        panels: [1, 2],
        scan: photo,
        flags: ['none'],
      }),
    ],
  },
  {
    id: 'rotated-scan',
    description: 'Scanned sideways or upside down (rotation 90/180/270) plus small skew',
    count: { dev: 5, eval: 3 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 2],
        scan: rotated,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['grid'],
        results: table(['name', 'valueFlag', 'units', 'range']),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 2],
        scan: rotated,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['strip'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        size: [10, 10.5],
        rows: [4, 7],
        panels: [1, 2],
        scan: rotated,
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['boxed'],
        page: land,
        results: table(['name', 'value', 'flag', 'units', 'range']),
        size: [10, 10.5],
        rows: [4, 6],
        panels: [1, 2],
        scan: rotated,
        flags: ['letter'],
      }),
    ],
  },
  {
    id: 'low-dpi',
    description: 'Low-resolution scans (110–120 dpi) of normal-size print',
    count: { dev: 7, eval: 2 },
    expect: 'completed',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [10.5, 11],
        rows: [4, 6],
        panels: [1, 2],
        scan: lowDpi,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['strip'],
        results: table(['name', 'valueFlag', 'units', 'range']),
        size: [10.5, 11],
        rows: [4, 6],
        panels: [1, 2],
        scan: lowDpi,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['grid'],
        results: table(['name', 'value', 'units', 'range', 'flag']),
        size: [10.5, 11],
        rows: [4, 6],
        panels: [1, 2],
        scan: lowDpi,
        flags: ['word'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['colon'],
        results: table(['name', 'value', 'units', 'range']),
        size: [10.5, 11],
        rows: [4, 6],
        panels: [1, 2],
        scan: lowDpi,
        flags: ['none'],
      }),
    ],
  },
  {
    id: 'unreadable',
    description: 'Hopeless scans (tiny, blurred, faded, heavy noise): low_quality',
    count: { dev: 3, eval: 2 },
    expect: 'low_quality',
    variants: [
      v('A', 'dev', {
        regions: ALL,
        headers: ['kv2'],
        results: table(STD),
        size: [6, 6.5],
        scan: hopeless,
        flags: ['letter'],
      }),
      v('B', 'dev', {
        regions: ALL,
        headers: ['grid'],
        results: table(STD),
        size: [5.5, 6],
        scan: hopeless,
        flags: ['letter'],
      }),
      v('C', 'eval', {
        regions: ALL,
        headers: ['strip'],
        results: table(STD),
        size: [6, 6.5],
        scan: hopeless,
        flags: ['letter'],
      }),
      v('D', 'eval', {
        regions: ALL,
        headers: ['sidebar'],
        results: table(STD),
        size: [5.5, 6],
        scan: hopeless,
        flags: ['letter'],
      }),
    ],
  },
];

const NOTES: Pool<string> = {
  dev: [
    'Specimen slightly haemolysed; potassium may be falsely raised.',
    'Fasting status not stated on the request form.',
    'Results have been reviewed by the duty biochemist.',
  ],
  eval: [
    "Please interpret lipid results in the light of the patient's overall cardiovascular risk.",
    'Sample received outside the recommended stability window; interpret with caution.',
    'Method change for creatinine: enzymatic assay in use.',
  ],
};

/** Picks one printed spelling of a marker: even indices only in dev, any (odd preferred) in eval. */
function spelling(random: Random, names: readonly string[], part: Part, used: Set<string>): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const even = names.filter((_, i) => i % 2 === 0);
  const odd = names.filter((_, i) => i % 2 === 1);
  const order = part === 'dev' ? even : random.chance(0.6) ? [...odd, ...even] : [...names];
  const start =
    part === 'dev'
      ? random.int(0, Math.max(0, order.length - 1))
      : random.chance(0.5)
        ? 0
        : random.int(0, order.length - 1);
  for (let k = 0; k < order.length; k++) {
    const n = order[(start + k) % order.length] as string;
    if (!used.has(norm(n))) {
      used.add(norm(n));
      return n;
    }
  }
  return null;
}

function groupsOf(region: Region): Group[] {
  const seen = new Set<Group>();
  for (const mk of markersFor(region)) seen.add(mk.group);
  return [...seen];
}

function makePanels(
  random: Random,
  region: Region,
  part: Part,
  variant: Variant,
  flags: FlagStyle,
  micro: boolean,
): { title: string | null; rows: PrintedRow[] }[] {
  const pool = groupsOf(region);
  const [pmin, pmax] = variant.panels ?? [1, 4];
  const want = Math.min(pool.length, random.int(pmin, pmax));
  const used = new Set<string>();
  const [rmin, rmax] = variant.rows ?? [3, 8];
  const panels: { title: string | null; rows: PrintedRow[] }[] = [];
  let total = 0;
  // Panels until `want` are drawn and the report holds at least three results.
  while (pool.length > 0 && (panels.length < want || total < 3)) {
    const g = pool.splice(random.int(0, pool.length - 1), 1)[0] as Group;
    const markers = markersFor(region).filter((mk) => mk.group === g);
    const n = Math.min(markers.length, random.int(rmin, rmax));
    // Keep the lab's order: drop random markers until n remain.
    const keep = [...markers];
    while (keep.length > n) keep.splice(random.int(0, keep.length - 1), 1);
    const rows: PrintedRow[] = [];
    for (const mk of keep) {
      const name = spelling(random, mk.names, part, used);
      if (name === null) continue;
      rows.push(
        makeRowV2(random, mk, name, {
          flags,
          abnormalRate: 0.22,
          micro,
          emptyQualRange: random.chance(0.15),
        }),
      );
    }
    if (rows.length === 0) continue;
    const titles = PANEL_TITLES[region][g] ?? ['Other tests'];
    panels.push({ title: variant.noPanelTitles ? null : random.pick(titles), rows });
    total += rows.length;
  }
  return panels;
}

function history(random: Random, panels: { rows: PrintedRow[] }[]): Map<string, [string, string]> {
  const h = new Map<string, [string, string]>();
  for (const p of panels) {
    for (const r of p.rows) {
      const n = Number(r.value);
      if (!Number.isFinite(n) || !/^\d+(\.\d+)?$/.test(r.value)) {
        h.set(r.name, [r.value, r.value]);
        continue;
      }
      const decimals = r.value.includes('.') ? (r.value.split('.')[1] as string).length : 0;
      const f = () => (n * random.between(0.85, 1.15)).toFixed(decimals);
      h.set(r.name, [f(), f()]);
    }
  }
  return h;
}

export function makeSpec(family: Family, variant: Variant, part: Part, index: number): DocSpecV2 {
  const seed = `${part}:${family.id}:${variant.id}:${index}`;
  const random = createRandom(seedOf(seed));
  const region = random.pick(variant.regions ?? ALL);
  const lab = random.pick(LABS_V2[region]);
  const patient = makePatientV2(random, region);
  const dateStyle = fromPool(random, DATE_STYLES[region], part);
  const { collected, reported } = makeDatesV2(random, region !== 'us');
  const flags: FlagStyle = random.pick(variant.flags ?? (['letter'] as const));
  const micro = region !== 'us' && random.chance(0.35);
  const panels = makePanels(random, region, part, variant, flags, micro);
  const labelPick = <K extends keyof typeof LABEL_POOLS>(k: K) =>
    fromPool(random, LABEL_POOLS[k] as Pool<unknown>, part);
  const labels: Labels = {
    name: labelPick('name') as string,
    split: labelPick('split') as [string, string],
    dob: labelPick('dob') as string,
    age: labelPick('age') as string,
    sex: labelPick('sex') as string,
    collected: labelPick('collected') as string,
    reported: labelPick('reported') as string,
    received: labelPick('received') as string,
    specimen: labelPick('specimen') as string,
    physician: labelPick('physician') as string,
  };
  const nameStyle = variant.nameStyles
    ? random.pick(variant.nameStyles)
    : fromPool(random, NAME_STYLES, part);
  const header = random.pick(variant.headers);
  const showDob = random.chance(variant.showDob ?? 1);
  const [smin, smax] = variant.size ?? [8.5, 9.5];
  const spec: DocSpecV2 = {
    id: `${part}-${family.id}-${String(index + 1).padStart(2, '0')}`,
    family: family.id,
    variant: variant.id,
    part,
    seed,
    region,
    lab,
    labName: variant.upperLab ? lab.name.toUpperCase() : lab.name,
    patient,
    nameStyle:
      header === 'letter' && (nameStyle === 'split' || nameStyle === 'SPLIT') ? 'First Last' : nameStyle,
    labels,
    showDob,
    sexStyle: random.pick(['letter', 'word', 'word', 'none'] as const),
    collected,
    reported,
    received: random.chance(0.5) ? addDaysV2(collected, random.int(0, 1)) : null,
    printed: random.chance(0.5) ? addDaysV2(reported, random.int(1, 20)) : null,
    dateStyle,
    withTimes: random.chance(0.5),
    specimen: makeSpecimenV2(random, region, lab, collected),
    patientId: random.chance(0.7) ? makePatientIdV2(random, region) : null,
    physician: pickPhysicianV2(random, region),
    panels,
    rangeStyle: fromPool(random, RANGE_STYLES, part),
    flagStyle: flags,
    page: (variant.page ?? regionPage)(region),
    font: variant.fonts ? random.pick(variant.fonts) : random.pick(['sans', 'sans', 'serif'] as const),
    size: Math.round(random.between(smin, smax) * 2) / 2,
    header,
    repeat: variant.repeat ?? random.pick(['full', 'compact'] as const),
    results: variant.results(random, part),
    notes: random.chance(0.4) ? [fromPool(random, NOTES, part)] : [],
    preamble: [],
    history: new Map(),
    historyDates: [addDaysV2(collected, -random.int(60, 120)), addDaysV2(collected, -random.int(180, 400))],
    faxBanner: null,
  };
  if (variant.history) spec.history = history(random, panels);
  if (header === 'letter') {
    spec.preamble = [
      `Dear ${title(patient, region)} ${patient.last},`,
      `Here are the results of the blood tests taken on ${formatDateV2(collected, dateStyle)}. Your doctor has been sent a copy.`,
    ];
  }
  if (family.id === 'fax') {
    spec.faxBanner = `FROM: ${lab.phone}  TO: ${random.pick(['GP SURGERY', 'CLINIC FAX', 'FAMILY PRACTICE'])}  ${formatDateV2(addDaysV2(reported, random.int(0, 2)), dateStyle)} ${String(random.int(7, 18)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`;
  }
  return spec;
}
