/**
 * LOINC matching: printed test name (+ units, + panel header) → ranked catalog entries with a calibrated confidence.
 *
 * Scoring, per catalog entry (the best of its long name, display name, aliases and abbreviations):
 * - exact match of the normalised, order-free token set → 1.0;
 * - otherwise 0.55 × soft token Dice (tokens equal, or within 1–2 edits, or an abbreviation prefix) + 0.45 × trigram
 *   Dice; a name that n earlier (more common) entries also use scores 0.06 + 0.01·(n−1) less, so ties go to the
 *   common code; a printed name with a parenthesis is also scored without it (−0.04) and as the parenthesis alone
 *   (−0.15); unknown tokens go through OCR repair (normalise.ts) and an anagram index catches transposed letters;
 * - units: +0.06 when the printed unit measures what the entry reports, −0.25 when it measures something else
 *   (`%` vs `x10E3/uL`, `mg/dL` vs `mmol/L`), −0.1 when a qualitative test is given a unit, +0.02 when a qualitative
 *   test is printed without one;
 * - panel context: +0.05 when the panel header matches the entry's panel hints; urine vs blood panels move urine and
 *   blood variants ±0.05; arterial / venous blood gas panels move BldA / BldV ±0.06.
 * The raw confidence feature is the best score minus half of any shortfall of its lead over the runner-up below 0.1;
 * calibration.ts maps it to the precision observed on the labelled set (isotonic fit) and holds the status thresholds.
 */
import type { LoincMatch, LoincMatchStatus } from '@meridian/domain';
import { CALIBRATION_POINTS, AUTO_MATCH_THRESHOLD, REVIEW_THRESHOLD } from './calibration';
import { LOINC_CATALOG } from './catalog';
import { splitUnitsFromName, tokenise } from './normalise';
import type { LoincEntry, MatchLoincInput, MatchLoincResult } from './types';
import { unitClass, type UnitClass } from './units';

interface Variant {
  entry: number;
  tokens: string[];
  trigramCount: number;
  /** How many earlier entries use the same name (0 = none). */
  shadowedBy: number;
}

export interface ScoredEntry {
  entry: LoincEntry;
  score: number;
}

export interface MatchExplanation {
  tokens: string[];
  unitClass: UnitClass | null;
  panelTags: string[];
  ranked: ScoredEntry[];
  /** The raw confidence feature (before calibration). */
  raw: number;
}

const SHADOW_PENALTY = 0.06;
const SHADOW_STEP = 0.01;
const CANDIDATES = 50;
const MIN_DICE = 0.15;
const PAREN_OUTSIDE_PENALTY = 0.04;
const PAREN_INSIDE_PENALTY = 0.15;
const MAX_NAME_LENGTH = 200;

function trigrams(tokens: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const token of tokens) {
    const padded = `^${token}$`;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Optimal string alignment distance, giving up (returning max + 1) once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return d[rows * cols - 1]!;
}

function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  if (shorter.length >= 4) {
    const allowed = longer.length >= 9 && shorter.length >= 7 ? 2 : 1;
    if (editDistance(a, b, allowed) <= allowed) return 0.85;
  }
  if (shorter.length >= 4 && longer.startsWith(shorter)) return 0.7;
  return 0;
}

function softDice(q: readonly string[], v: readonly string[]): number {
  let total = 0;
  for (const a of q) {
    let best = 0;
    for (const b of v) best = Math.max(best, tokenSimilarity(a, b));
    total += best;
  }
  for (const b of v) {
    let best = 0;
    for (const a of q) best = Math.max(best, tokenSimilarity(a, b));
    total += best;
  }
  return total / (q.length + v.length);
}

const PANEL_WORDS: [RegExp, string[]][] = [
  [/\b(urinalysis|urine|ua|dipstick|microscopic|macroscopic|sediment|urin)\b/, ['urine']],
  [/\b(cbc|hemogram|complete blood count|differential|diff|hematology|haematology|platelet)\b/, ['cbc']],
  [/\b(lipid|lipids|cholesterol|lipoprotein|cardiovascular risk)\b/, ['lipid']],
  [/\b(blood gas|abg)\b/, ['blood_gas']],
  [/\b(abg|arterial|art)\b/, ['blood_gas', 'arterial']],
  [/\b(vbg|venous)\b/, ['blood_gas', 'venous']],
  [/\b(gas|gases|co oximetry|oximetry)\b/, ['blood_gas']],
  [
    /\b(metabolic|cmp|bmp|chemistry|chem|electrolyte|electrolytes|renal|kidney|hepatic|liver)\b/,
    ['chemistry'],
  ],
  [/\b(renal|kidney)\b/, ['kidney']],
  [/\b(coag|coagulation|prothrombin|pt inr|protime)\b/, ['coag']],
  [/\b(thyroid)\b/, ['thyroid']],
  [/\b(diabetes|diabetic|a1c|glucose tolerance|gtt)\b/, ['diabetes']],
  [/\b(iron|anemia|anaemia)\b/, ['iron']],
  [/\b(hepatitis)\b/, ['hepatitis', 'infectious']],
  [/\b(drug|drugs|toxicology|tox)\b/, ['drug_screen']],
  [/\b(hormone|hormones|fertility|endocrine|reproductive)\b/, ['hormones']],
  [/\b(tumor|tumour|cancer|oncology)\b/, ['tumor_markers']],
  [/\b(cardiac|heart)\b/, ['cardiac']],
  [/\b(vitamin|vitamins|nutrition|nutritional)\b/, ['vitamins']],
  [/\b(infectious|serology|std|sti|immunity|titers)\b/, ['infectious']],
  [/\b(stool|fecal|faecal)\b/, ['stool']],
  [/\b(inflammation|inflammatory|autoimmune|rheumatoid|rheumatology)\b/, ['inflammation']],
];

const BLOOD_TAGS = [
  'cbc',
  'chemistry',
  'lipid',
  'blood_gas',
  'coag',
  'thyroid',
  'iron',
  'hormones',
  'cardiac',
  'diabetes',
  'vitamins',
];

export function panelTags(panelName: string | null | undefined): Set<string> {
  const tags = new Set<string>();
  if (!panelName) return tags;
  const text = ` ${panelName.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  for (const [pattern, add] of PANEL_WORDS) if (pattern.test(text)) for (const t of add) tags.add(t);
  return tags;
}

const COMPATIBLE: [UnitClass, UnitClass][] = [
  ['percent', 'ratio'],
  ['mass_ratio', 'ratio'],
  ['arb_units', 'ratio'],
  ['count', 'ratio'],
];

function compatible(a: UnitClass, classes: ReadonlySet<UnitClass>): boolean {
  return COMPATIBLE.some(([x, y]) => (a === x && classes.has(y)) || (a === y && classes.has(x)));
}

/** Piecewise-linear map of the raw feature through the calibration points. */
export function calibrate(raw: number): number {
  const points = CALIBRATION_POINTS;
  if (raw <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i += 1) {
    const [x1, y1] = points[i]!;
    if (raw <= x1) {
      const [x0, y0] = points[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return points[points.length - 1]![1];
}

export function statusFor(confidence: number): LoincMatchStatus {
  if (confidence >= AUTO_MATCH_THRESHOLD) return 'auto_match';
  if (confidence >= REVIEW_THRESHOLD) return 'needs_review';
  return 'no_match';
}

/** A matcher over a catalog; the index is built once in the constructor. */
export class LoincMatcher {
  private readonly variants: Variant[] = [];
  private readonly byKey = new Map<string, number[]>();
  private readonly postings = new Map<string, number[]>();
  /** Tokens of ≥ 4 letters by their sorted letters, so transposed letters still find their name. */
  private readonly anagrams = new Map<string, number[]>();
  private readonly vocabulary = new Set<string>();
  private readonly unitClasses: Set<UnitClass>[];
  private readonly overlap: Int32Array;

  constructor(private readonly catalog: readonly LoincEntry[]) {
    const seenKeys = new Map<string, number>();
    this.unitClasses = catalog.map((entry) => {
      const classes = new Set<UnitClass>();
      for (const u of entry.units) {
        const c = unitClass(u);
        if (c) classes.add(c);
      }
      return classes;
    });
    catalog.forEach((entry, index) => {
      const names = [entry.long_common_name, entry.display_name, ...entry.aliases, ...entry.abbreviations];
      const ownKeys = new Set<string>();
      // The long name's bracketed LOINC property ([Mass/volume]...) says nothing a lab prints.
      const tokenLists = names.map((name) =>
        tokenise(splitUnitsFromName(name.replace(/\[[^\]]*\]/g, ' ')).name),
      );
      // Urine tests are printed both bare inside a urinalysis ("Ketones") and qualified ("Urine Ketones", "UA KET").
      if (entry.sample_type === 'urine') {
        for (const list of [...tokenLists])
          if (list.length > 0 && !list.includes('urine')) tokenLists.push(['urine', ...list]);
      }
      for (const tokens of tokenLists) {
        if (tokens.length === 0) continue;
        const key = [...tokens].sort().join(' ');
        if (ownKeys.has(key)) continue;
        ownKeys.add(key);
        const id = this.variants.length;
        const grams = trigrams(tokens);
        this.variants.push({
          entry: index,
          tokens,
          trigramCount: grams.size,
          shadowedBy: seenKeys.get(key) ?? 0,
        });
        for (const t of tokens) {
          this.vocabulary.add(t);
          if (t.length >= 4) push(this.anagrams, sortLetters(t), id);
        }
        const list = this.byKey.get(key);
        if (list) list.push(id);
        else this.byKey.set(key, [id]);
        for (const g of grams) {
          const posting = this.postings.get(g);
          if (posting) posting.push(id);
          else this.postings.set(g, [id]);
        }
      }
      for (const key of ownKeys) seenKeys.set(key, (seenKeys.get(key) ?? 0) + 1);
    });
    this.overlap = new Int32Array(this.variants.length);
  }

  /** Scores every plausible entry; exposed for calibration and tests. */
  explain(input: MatchLoincInput): MatchExplanation {
    const name = (input.testName ?? '').slice(0, MAX_NAME_LENGTH);
    const split = splitUnitsFromName(name);
    const tokens = tokenise(split.name, this.vocabulary);
    const printedUnit = input.units?.trim() ? input.units : split.unit;
    const cls = unitClass(printedUnit);
    const tags = panelTags(input.panelName);
    const base = { tokens, unitClass: cls, panelTags: [...tags] };
    if (tokens.length === 0) return { ...base, ranked: [], raw: 0 };

    // A parenthesis often holds a synonym ("Platelet Count (Thrombocytes)"): score the name without it, and it
    // alone, as slightly discounted alternatives.
    const best = new Map<number, number>();
    this.scoreTokens(tokens, 0, best);
    if (/\([^()]+\)/.test(split.name)) {
      const outside = tokenise(split.name.replace(/\([^()]*\)/g, ' '), this.vocabulary);
      if (outside.length > 0) this.scoreTokens(outside, PAREN_OUTSIDE_PENALTY, best);
      for (const m of split.name.matchAll(/\(([^()]+)\)/g)) {
        const inside = tokenise(m[1]!, this.vocabulary);
        if (inside.length > 0) this.scoreTokens(inside, PAREN_INSIDE_PENALTY, best);
      }
    }

    const ranked: { index: number; score: number }[] = [];
    for (const [index, sim] of best) {
      const score = sim + this.unitAdjustment(index, cls, printedUnit) + this.panelAdjustment(index, tags);
      ranked.push({ index, score });
    }
    ranked.sort((a, b) => b.score - a.score || a.index - b.index);
    const s1 = ranked[0]?.score ?? 0;
    const s2 = ranked[1]?.score ?? 0;
    const raw = Math.max(0, Math.min(1.2, s1 - 0.5 * Math.max(0, 0.1 - (s1 - s2))));
    return { ...base, ranked: ranked.map((r) => ({ entry: this.catalog[r.index]!, score: r.score })), raw };
  }

  /** Name similarity of every plausible entry to `tokens`, minus `penalty`, kept in `best` when higher. */
  private scoreTokens(tokens: readonly string[], penalty: number, best: Map<number, number>): void {
    const key = [...tokens].sort().join(' ');
    const grams = trigrams(tokens);
    const touched: number[] = [];
    for (const g of grams) {
      const posting = this.postings.get(g);
      if (!posting) continue;
      for (const id of posting) {
        const seen = this.overlap[id]!;
        if (seen === 0) touched.push(id);
        this.overlap[id] = seen + 1;
      }
    }
    const dice = new Map<number, number>();
    for (const id of touched) {
      dice.set(id, (2 * this.overlap[id]!) / (grams.size + this.variants[id]!.trigramCount));
      this.overlap[id] = 0;
    }
    const ranked: [number, number][] = [];
    for (const [id, d] of dice) if (d >= MIN_DICE) ranked.push([id, d]);
    ranked.sort((a, b) => b[1] - a[1]);
    const candidates = new Set(ranked.slice(0, CANDIDATES).map(([id]) => id));
    const exact = new Set(this.byKey.get(key) ?? []);
    for (const id of exact) candidates.add(id);
    for (const t of tokens) {
      if (t.length < 4 || this.vocabulary.has(t)) continue;
      for (const id of this.anagrams.get(sortLetters(t)) ?? []) candidates.add(id);
    }
    for (const id of candidates) {
      const variant = this.variants[id]!;
      let sim = exact.has(id) ? 1 : 0.55 * softDice(tokens, variant.tokens) + 0.45 * (dice.get(id) ?? 0);
      if (variant.shadowedBy > 0) sim -= SHADOW_PENALTY + SHADOW_STEP * (variant.shadowedBy - 1);
      sim -= penalty;
      if (sim > (best.get(variant.entry) ?? -Infinity)) best.set(variant.entry, sim);
    }
  }

  match(input: MatchLoincInput): MatchLoincResult {
    const limit = Math.max(1, Math.min(10, Math.floor(input.limit ?? 3)));
    const { ranked, raw } = this.explain(input);
    const top = ranked[0];
    if (!top) return { matches: [], status: 'no_match', best: null };
    const confidence = round3(calibrate(raw));
    const status = statusFor(confidence);
    if (status === 'no_match') return { matches: [], status, best: null };
    const matches: LoincMatch[] = [toMatch(top.entry, confidence)];
    // The runners-up share what the best match leaves: their scores never add up to more than 1 − confidence.
    let rest = Math.max(0, 1 - confidence);
    for (const other of ranked.slice(1, limit)) {
      const c =
        Math.floor(Math.min(rest, calibrate(other.score - 0.5 * (top.score - other.score))) * 1000) / 1000;
      if (c <= 0) break;
      rest -= c;
      matches.push(toMatch(other.entry, c));
    }
    return { matches, status, best: top.entry };
  }

  private unitAdjustment(index: number, cls: UnitClass | null, printed: string | null | undefined): number {
    const classes = this.unitClasses[index]!;
    if (!printed) return classes.size === 0 ? 0.02 : 0;
    if (cls === null) return 0;
    if (classes.size === 0) return -0.1;
    if (classes.has(cls)) return 0.06;
    if (compatible(cls, classes)) return -0.03;
    return -0.25;
  }

  private panelAdjustment(index: number, tags: ReadonlySet<string>): number {
    if (tags.size === 0) return 0;
    const entry = this.catalog[index]!;
    let adjustment = 0;
    if ((entry.panel_hints ?? []).some((h) => tags.has(h))) adjustment += 0.05;
    const urinePanel = tags.has('urine');
    const bloodPanel = BLOOD_TAGS.some((t) => tags.has(t));
    if (urinePanel && !bloodPanel) adjustment += entry.sample_type === 'urine' ? 0.05 : -0.05;
    else if (bloodPanel && !urinePanel && entry.sample_type === 'urine') adjustment -= 0.05;
    if (tags.has('arterial'))
      adjustment += entry.system === 'BldA' ? 0.06 : entry.system === 'BldV' ? -0.06 : 0;
    if (tags.has('venous'))
      adjustment += entry.system === 'BldV' ? 0.06 : entry.system === 'BldA' ? -0.06 : 0;
    return adjustment;
  }
}

function sortLetters(token: string): string {
  return [...token].sort().join('');
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== id) list.push(id);
  } else map.set(key, [id]);
}

function round3(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}

function toMatch(entry: LoincEntry, confidence: number): LoincMatch {
  return {
    loinc_code: entry.code,
    loinc_name: entry.long_common_name,
    display_name: entry.display_name,
    aliases: [...entry.aliases],
    confidence_score: confidence,
  };
}

let defaultMatcher: LoincMatcher | undefined;

/** The matcher over the shipped catalog (its index is built on first use, then reused). */
export function defaultLoincMatcher(): LoincMatcher {
  defaultMatcher ??= new LoincMatcher(LOINC_CATALOG);
  return defaultMatcher;
}

/** Ranked LOINC matches for a printed test name; see the module comment for the scoring. */
export function matchLoinc(input: MatchLoincInput): MatchLoincResult {
  return defaultLoincMatcher().match(input);
}
