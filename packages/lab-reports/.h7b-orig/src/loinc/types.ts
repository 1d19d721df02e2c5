import type {
  LoincMatch,
  LoincMatchStatus,
  MeasurementKind,
  SampleType,
  Sensitivity,
} from '@meridian/domain';

/** One curated LOINC term (see catalog.ts). */
export interface LoincEntry {
  /** LOINC number with its check digit, e.g. `2345-7`. */
  code: string;
  /** LOINC Long Common Name. */
  long_common_name: string;
  /** LOINC Short Name. */
  short_name: string;
  /** A short human display name, e.g. `Glucose`. */
  display_name: string;
  /** Names US labs print for this test (Quest / Labcorp style). */
  aliases: string[];
  /** Abbreviations printed on reports (WBC, ALT, eGFR...). */
  abbreviations: string[];
  /** Expected units as printed (UCUM-ish), most common first; empty for qualitative tests. */
  units: string[];
  /** LOINC System axis: `Ser/Plas`, `Bld`, `Urine`, `BldA`... */
  system: string;
  sample_type: SampleType;
  measurement_kind: MeasurementKind;
  sensitivity: Sensitivity;
  /** Panel context tags this test is reported under (`urine`, `cbc`, `lipid`, `blood_gas`...). */
  panel_hints?: string[];
}

export interface MatchLoincInput {
  /** The test name as printed. */
  testName: string;
  /** The units as printed, if any. */
  units?: string | null;
  /** The panel header the row was printed under, if any. */
  panelName?: string | null;
  /** How many ranked matches to return (default 3, at most 10). */
  limit?: number;
}

export interface MatchLoincResult {
  /** Ranked best first; empty when `status` is `no_match`. */
  matches: LoincMatch[];
  status: LoincMatchStatus;
  /** The catalog entry of the best match; null when `status` is `no_match`. */
  best: LoincEntry | null;
}
