/**
 * The emulated provider for `pnpm bench:sync`, in a process of its own so generating the provider's data
 * is not charged to the sync engine's process. Tells the parent its URLs and app over IPC.
 */
import { startEmulator } from '@meridian/provider-emulators';

const slug = process.env.BENCH_PROVIDER ?? 'oura';
const historyDays = Number(process.env.BENCH_HISTORY_DAYS ?? 90);
const frozen = new Date(Number(process.env.BENCH_NOW_MS ?? Date.now()));

startEmulator(slug, { now: () => frozen, historyDays }).then(
  (running) => {
    process.send?.({ apiUrl: running.apiUrl, authUrl: running.authUrl, client: running.emulator.client });
    process.on('SIGTERM', () => void running.server.close().then(() => process.exit(0)));
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
