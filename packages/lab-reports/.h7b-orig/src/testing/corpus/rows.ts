/** Values, flags and printed rows for the corpus reports (seeded). */
import type { PrintedRow } from './ground-truth';
import { TESTS, type TestDef, type TestKey } from './catalog';
import type { Random } from './random';

export type Want = 'normal' | 'high' | 'low' | 'critHigh' | 'critLow' | 'abnormal';
export type FlagStyle = 'letter' | 'word' | 'none';
export type NameForm = 'name' | 'long' | 'lis';

export interface RowOptions {
  flags: FlagStyle;
  names: NameForm;
  /** Probability of an (available) high/low value for tests not listed in `want`. */
  abnormalRate: number;
  want?: Partial<Record<TestKey, Want>>;
  /** Overrides of the printed reference range (e.g. `< OR = 200`). */
  ranges?: Partial<Record<TestKey, string>>;
  /** Fixed printed values (e.g. `<0.20`). */
  values?: Partial<Record<TestKey, string>>;
  comments?: Partial<Record<TestKey, string>>;
  /** Names used in this document already (for unique test names within a document). */
  used: Set<string>;
}

function nameFor(def: TestDef, form: NameForm): string {
  if (form === 'lis') return def.lis;
  if (form === 'long') return def.longName ?? def.name;
  return def.name;
}

const FLAGS: Record<FlagStyle, Record<Exclude<Want, 'normal'>, string>> = {
  letter: { high: 'H', low: 'L', critHigh: 'HH', critLow: 'LL', abnormal: 'A' },
  word: { high: 'High', low: 'Low', critHigh: 'CRITICAL', critLow: 'CRITICAL', abnormal: 'Abnormal' },
  none: { high: '', low: '', critHigh: '', critLow: '', abnormal: '' },
};

export function makeRow(random: Random, key: TestKey, options: RowOptions): PrintedRow {
  const def: TestDef = TESTS[key];
  let want: Want = options.want?.[key] ?? 'normal';
  if (options.want?.[key] === undefined && random.chance(options.abnormalRate)) {
    const choices: Want[] = [];
    if (def.high) choices.push('high');
    if (def.low) choices.push('low');
    if (def.qualitative) choices.push('abnormal');
    if (choices.length > 0) want = random.pick(choices);
  }
  let value: string;
  if (def.qualitative) {
    value = want === 'normal' ? def.qualitative.normal : random.pick(def.qualitative.abnormal);
    if (want !== 'normal') want = 'abnormal';
  } else {
    const interval = want === 'normal' ? def.normal : want === 'abnormal' ? undefined : def[want];
    if (!interval) throw new Error(`test ${key} has no ${want} values`);
    value = random.between(interval[0], interval[1]).toFixed(def.decimals);
  }
  value = options.values?.[key] ?? value;
  let name = nameFor(def, options.names);
  if (options.used.has(name.toLowerCase())) name = def.longName ?? `${def.name} (${def.lis})`;
  const loinc = name === def.longName && def.longLoinc ? def.longLoinc : def.loinc;
  if (options.used.has(name.toLowerCase())) throw new Error(`duplicate test name ${name}`);
  options.used.add(name.toLowerCase());
  const comment = options.comments?.[key];
  return {
    name: options.names === 'lis' ? name.toUpperCase() : name,
    value,
    flag: want === 'normal' ? '' : FLAGS[options.flags][want],
    units: def.units,
    range: options.ranges?.[key] ?? def.range,
    loinc,
    ...(comment ? { comment } : {}),
  };
}

export function makeRows(random: Random, keys: readonly TestKey[], options: RowOptions): PrintedRow[] {
  return keys.map((k) => makeRow(random, k, options));
}
