/**
 * Micro benchmark of the time code on the ingestion and demo-data hot paths (issue 10, one time module):
 * ISO 8601 parsing of sample timestamps, per-sample zone offsets through a per-batch memo, local dates,
 * and local wall times to instants. Prints ns per call, best of a few rounds.
 *
 *   node --conditions=meridian-src --import tsx bench/time-module.bench.ts [--samples 200000]
 */
import { zonedInstant } from '../packages/demo-data/src/zoned-time';
import { localDate } from '../packages/ingestion/src/time/local-date';
import { parseDateTime } from '../packages/ingestion/src/time/parse-date-time';
import { createZoneOffsets } from '../packages/ingestion/src/time/zone-offset';

const args = process.argv.slice(2);
const at = args.indexOf('--samples');
const SAMPLES = at >= 0 ? Number(args[at + 1]) : 200_000;
const ROUNDS = 5;
const START = Date.parse('2026-03-20T00:00:00Z');
const MINUTE = 60_000;

const instants = Array.from({ length: SAMPLES }, (_, i) => START + i * MINUTE);
const texts = instants.map((ms, i) => {
  const iso = new Date(ms).toISOString();
  return i % 3 === 0 ? iso : i % 3 === 1 ? `${iso.slice(0, 19)}+01:00` : `${iso.slice(0, 19)}.250-05:00`;
});
const dates = instants.map((ms) => new Date(ms).toISOString().slice(0, 10));

function measure(name: string, run: () => number): void {
  let best = Infinity;
  let check = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const t = process.hrtime.bigint();
    check = run();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / SAMPLES);
  }
  process.stdout.write(`${name.padEnd(46)} ${best.toFixed(1).padStart(8)} ns/call  (check ${check})\n`);
}

measure('parseDateTime (ingestion)', () => {
  let sum = 0;
  for (const text of texts) sum += (parseDateTime(text) ?? 0) % 7;
  return sum;
});

measure('zone offsets, fresh memo per batch of 5,000', () => {
  let sum = 0;
  let offsets = createZoneOffsets();
  for (let i = 0; i < instants.length; i++) {
    if (i % 5000 === 0) offsets = createZoneOffsets();
    sum += offsets(i % 2 ? 'Europe/Berlin' : 'America/New_York', instants[i]!) % 7;
  }
  return sum;
});

measure('localDate (ingestion)', () => {
  let sum = 0;
  for (const ms of instants) sum += localDate(ms, 3600).length;
  return sum;
});

measure('zonedInstant (demo data)', () => {
  let sum = 0;
  for (let i = 0; i < dates.length; i++) sum += zonedInstant(dates[i]!, i % 1440, 'Europe/Berlin') % 7;
  return sum;
});
