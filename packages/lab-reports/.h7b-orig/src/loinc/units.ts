/**
 * Unit normalisation for LOINC matching: what a printed unit measures (a count per volume, a percentage, a mass
 * concentration...), so `mg/dL` vs `mmol/L` can pick between the mass and the molar LOINC term of the same analyte and
 * `%` vs `x10E3/uL` between the relative and absolute white cell differential.
 */
export type UnitClass =
  | 'count'
  | 'percent'
  | 'mass_conc'
  | 'molar_conc'
  | 'arb_units'
  | 'cell_volume'
  | 'cell_mass'
  | 'time'
  | 'pressure'
  | 'gfr'
  | 'flow'
  | 'sed_rate'
  | 'ratio'
  | 'mass_ratio'
  | 'per_field'
  | 'titer'
  | 'osmolality'
  | 'per_24h'
  | 'volume'
  | 'mmol_mol'
  | 'viral_load'
  | 'enzyme_rate';

/** Lower-case, `µ`→`u`, `mcg`→`ug`, no spaces, powers of ten as `10*n`. */
export function normaliseUnit(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[µμ]/g, 'u')
    .replace(/\s+/g, '')
    .replace(/^\((.*)\)$/, '$1')
    .replace(/mcg/g, 'ug')
    .replace(/^mc(?=i?u\/)/, 'u')
    .replace(/mcl/g, 'ul')
    .replace(/cumm|mm3|mm\^3/g, 'ul')
    .replace(/^x?10(\^|e|\*)(\d+)/, '10*$2')
    .replace(/^x(?=10)/, '');
}

const FIXED: Record<string, UnitClass> = {
  '%': 'percent',
  percent: 'percent',
  '%oftotalhgb': 'percent',
  '/100wbc': 'ratio',
  fl: 'cell_volume',
  pg: 'cell_mass',
  'mmol/mol': 'mmol_mol',
  s: 'time',
  sec: 'time',
  secs: 'time',
  seconds: 'time',
  mmhg: 'pressure',
  'mm/h': 'sed_rate',
  'mm/hr': 'sed_rate',
  'ml/min': 'flow',
  ratio: 'ratio',
  '(calc)': 'ratio',
  calc: 'ratio',
  inr: 'ratio',
  index: 'ratio',
  ai: 'ratio',
  's/co': 'ratio',
  tsiindex: 'ratio',
  titer: 'titer',
  'mosm/kg': 'osmolality',
  ml: 'volume',
  'copies/ml': 'viral_load',
  'ng/ml/h': 'enzyme_rate',
  'ng/ml/hr': 'enzyme_rate',
  'k/ul': 'count',
  'm/ul': 'count',
  'thou/ul': 'count',
  'thousand/ul': 'count',
  'million/ul': 'count',
  'mill/ul': 'count',
  'cells/ul': 'count',
  '/ul': 'count',
  units: 'arb_units',
};

/** What the unit measures, or null when it is not recognised. */
export function unitClass(raw: string | null | undefined): UnitClass | null {
  if (!raw) return null;
  const u = normaliseUnit(raw);
  if (u === '') return null;
  const fixed = FIXED[u];
  if (fixed) return fixed;
  if (/^1:\d+$/.test(u)) return 'titer';
  if (/1\.73/.test(u)) return 'gfr';
  if (/^10\*\d+\/(u?l|ml)$/.test(u)) return 'count';
  if (/\/(24h|24hr|24hours|d|day)$/.test(u)) return 'per_24h';
  if (/\/(hpf|lpf|\[hpf\]|\[lpf\])$/.test(u)) return 'per_field';
  if (/^(m|u|n|p)?g\/(m|u)?g(creat(inine)?)?$/.test(u)) return 'mass_ratio';
  if (/^(m|u|n|p|f)?(mol|eq)\/(d|m|u)?l$/.test(u)) return 'molar_conc';
  if (/^(k|m|u|n|p)?g\/(d|m|u)?l(feu|ddu)?$/.test(u)) return 'mass_conc';
  if (/^(k|m|u|n|p)?(iu|u|eu|e\.u\.|au|ku)\/(d|m|u)?l$/.test(u) || /^(m|u)?u\/ghb$/.test(u))
    return 'arb_units';
  return null;
}

/** True when `raw` looks like a unit (used to pull units printed inside test names). */
export function looksLikeUnit(raw: string): boolean {
  const c = unitClass(raw);
  return c !== null && c !== 'ratio' && c !== 'volume' && c !== 'time';
}
