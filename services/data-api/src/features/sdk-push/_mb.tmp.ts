import { healthKitWeek } from '../../testing/device-simulator';
import { mapNativeResource } from '@meridian/sdk-push';
const w = healthKitWeek({ end: new Date(), days: 2, seed: 1 });
const hr = { resource: 'heartrate', anchor: 'a', records: w.records.heartrate.slice(0, 2000) };
const st = { resource: 'steps', anchor: 'b', records: w.records.steps.slice(0, 190) };
const run = () => { for (const [i, e] of [hr, st].entries()) { const r = mapNativeResource('apple_health_kit', e as never, { resourceIndex: i, deviceId: '7d2f6a4e-0c1b-4e8e-9a55-2b1f3c4d5e6f', fallbackTimeZone: 'Europe/Berlin', perDeviceActivity: false }); if (!r.ok) throw new Error('x'); } };
for (let i = 0; i < 30; i++) run();
const c = process.cpuUsage(); for (let i = 0; i < 400; i++) run(); const u = process.cpuUsage(c); console.log("map 2190 records cpu", ((u.user + u.system) / 1000 / 400).toFixed(2), "ms");
