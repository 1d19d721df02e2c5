import * as A from '../packages/provider-emulators/src/oura/_orig.tmp';
import * as B from '../packages/provider-emulators/src/oura/oura-data';
import { hashSeed } from '../packages/provider-emulators/src/core/prng';
import { hashSeed as hashOld } from '../packages/provider-emulators/src/oura/_prng.tmp';
for (const s of ['a', 'ü', '😀x', 'oura|𝄞|z', '\ud800', 'x\ud800']) if (hashSeed(s, 1) !== hashOld(s, 1)) throw new Error('hash ' + s);
let n = 0;
const accounts = Array.from({ length: 12 }, (_, i) => `acct-${i}-${'x'.repeat(i)}`);
for (const acc of accounts) {
  for (const [s, e] of [[Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 20)], [Date.UTC(2026, 9, 15, 3, 7), Date.UTC(2026, 10, 14)]]) {
    const a = JSON.stringify(A.ouraHeartRate(acc, s!, e!)); const b = JSON.stringify(B.ouraHeartRate(acc, s!, e!));
    if (a !== b) throw new Error(`differ ${acc}`); n += a.length;
    const a2 = JSON.stringify(A.ouraHeartRate(acc, s!, e!, 1001)); const b2 = JSON.stringify(B.ouraHeartRate(acc, s!, e!, 1001));
    if (a2 !== b2) throw new Error(`differ limit ${acc}`);
  }
}
let t = performance.now(); for (const acc of accounts) A.ouraHeartRate(acc, Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1)); const ta = performance.now() - t;
t = performance.now(); for (const acc of accounts) B.ouraHeartRate(acc, Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1)); const tb = performance.now() - t;
console.log('identical', n, 'old ms', ta.toFixed(0), 'new ms', tb.toFixed(0));
import * as ZA from '../packages/provider-emulators/src/oura/_zone.tmp';
import * as ZB from '../packages/provider-emulators/src/core/zone-time';
const zones = ['Europe/Helsinki', 'America/Los_Angeles', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/London', 'Australia/Sydney', 'UTC', 'Pacific/Chatham'];
let m = 0;
for (const z of zones) for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 300_000 * 7 + 13_000) {
  if (ZA.zoneOffsetSeconds(z, t) !== ZB.zoneOffsetSeconds(z, t) || ZA.localDate(z, t) !== ZB.localDate(z, t)) throw new Error(`zone ${z} ${new Date(t).toISOString()}`); m++;
}
for (const acc of accounts) { const rows = B.ouraHeartRate(acc, Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 9)); if (B.ouraHeartRateJson(rows) !== JSON.stringify(rows)) throw new Error('json'); if (B.ouraHeartRateJson([]) !== '[]') throw new Error('json0'); }
console.log('zones identical', m);
