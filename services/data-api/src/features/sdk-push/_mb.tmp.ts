import { createHash } from 'node:crypto';
import { healthKitWeek } from '../../testing/device-simulator';
import { batchFingerprint } from './push-batch';
const w = healthKitWeek({ end: new Date(), days: 1, seed: 1 });
const batch = { batch_id: 'b1', time_zone: 'Europe/Berlin', resources: [
  { resource: 'heartrate', anchor: 'a', more_history: true, records: w.records.heartrate.slice(0, 500) },
  { resource: 'steps', anchor: 'b', records: w.records.steps.slice(0, 500) } ] };
const text = JSON.stringify(batch); const buf = Buffer.from(text);
console.log('bytes', buf.length, 'records', batch.resources[0].records.length + batch.resources[1].records.length);
console.log(JSON.stringify(batch.resources[0].records[0]));
const time = (name: string, f: () => unknown) => { for (let i = 0; i < 20; i++) f(); const t = performance.now(); for (let i = 0; i < 100; i++) f(); console.log(name, ((performance.now() - t) / 100).toFixed(3), 'ms'); };
time('canonical', () => batchFingerprint('apple_health_kit', batch as never));
time('raw sha', () => createHash('sha256').update('apple_health_kit\n').update(buf).digest('hex'));
time('JSON.parse', () => JSON.parse(text));
import { fastFingerprint } from './_fast.tmp';
console.log(fastFingerprint('apple_health_kit', batch) === batchFingerprint('apple_health_kit', batch as never));
time('fast canonical', () => fastFingerprint('apple_health_kit', batch));
