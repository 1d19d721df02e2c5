/** One generated document before drawing: who, which lab, what is printed where, and the rows. */
import type { PrintedRow } from '../corpus/ground-truth';
import type { DateStyle, FlagStyle, NameStyle, RangeStyle } from './format';
import type { Region } from './markers';
import type { LabV2, PatientV2 } from './people';
import type { FontFamily, PageSize } from './surface';

export type Part = 'dev' | 'eval';

export type HeaderKind =
  /** Brand line, then two columns of `Label: value`. */
  | 'kv2'
  /** Brand line, then grey bands of cells with the label above the value. */
  | 'grid'
  /** Brand line left, a boxed patient block on the right, specimen block under the brand. */
  | 'sidebar'
  /** One or two compact lines `Label: value | Label: value`. */
  | 'strip'
  /** Only the brand at the top; the patient / specimen block is printed after the results. */
  | 'bottom'
  /** A letter: address block without labels, date line, salutation. */
  | 'letter'
  /** Indian style: `Label   :  value` with aligned colons, two columns. */
  | 'colon'
  /** A ruled table of label cells and value cells. */
  | 'boxed'
  /** Fixed-width LIS printout. */
  | 'lis';

export type ResultLayout =
  | {
      kind: 'table';
      columns: ColumnKey[];
      titles: Partial<Record<ColumnKey, string>>;
      frames: 1 | 2 | 3;
      rules: boolean;
      band: boolean;
    }
  | { kind: 'cards'; perRow: 2 | 3; rangeLabel: string; badge: boolean; valueLabel: string | null }
  | { kind: 'blocks'; valueLabel: string; rangeLabel: string; unitsInline: boolean }
  | { kind: 'inline'; sentences: SentenceKind[] }
  | { kind: 'lis' };

export type ColumnKey =
  | 'name'
  | 'value'
  | 'flag'
  | 'units'
  | 'range'
  | 'valueFlag'
  | 'valueUnits'
  | 'rangeUnits'
  | 'prev1'
  | 'prev2'
  | 'status';

export type SentenceKind =
  | 'was'
  | 'your'
  | 'colon'
  | 'came'
  | 'measured'
  /** Development part only: "Your X showed V U (normal range R)." */
  | 'showed'
  /** Development part only: "We found a X of V U; the reference range is R." */
  | 'found'
  /** Development part only: "X, V U (ref R)." */
  | 'comma';

export interface Labels {
  name: string;
  /** Surname / given-name labels for split names. */
  split: [string, string];
  dob: string;
  age: string;
  sex: string;
  collected: string;
  reported: string;
  received: string;
  specimen: string;
  physician: string;
}

export interface DocSpecV2 {
  id: string;
  family: string;
  variant: string;
  part: Part;
  seed: string;
  region: Region;
  lab: LabV2;
  /** The brand line as printed (ground truth lab_name). */
  labName: string;
  patient: PatientV2;
  nameStyle: NameStyle;
  labels: Labels;
  /** Date of birth printed (false: age only; the ground truth dob is null). */
  showDob: boolean;
  sexStyle: 'letter' | 'word' | 'none';
  collected: string;
  reported: string;
  /** A distractor date (received / registered). */
  received: string | null;
  /** A distractor "printed on" date in the footer. */
  printed: string | null;
  dateStyle: DateStyle;
  withTimes: boolean;
  specimen: string;
  patientId: { label: string; value: string } | null;
  physician: string;
  panels: { title: string | null; rows: PrintedRow[] }[];
  rangeStyle: RangeStyle;
  flagStyle: FlagStyle;
  page: PageSize;
  font: FontFamily;
  size: number;
  header: HeaderKind;
  /** Continuation pages repeat the full header or a compact one. */
  repeat: 'full' | 'compact';
  results: ResultLayout;
  notes: string[];
  /** Free text above the results (clinical notes, disclaimers). */
  preamble: string[];
  /** Previous results (cumulative columns): printed value per row name, two visits back. */
  history: Map<string, [string, string]>;
  historyDates: [string, string];
  /** Fax banner at the top of each page (fax family). */
  faxBanner: string | null;
}
