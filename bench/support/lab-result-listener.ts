/**
 * The lab gateway's MLLP result listener (the production composition: `startResultListener` with
 * `applyLabResultMessage` in one transaction per message) in a process of its own, for `pnpm bench:orders`.
 */
import { createKnex } from '@meridian/db';
import { startResultListener } from '@meridian/lab-gateway';
import { createLogger } from '@meridian/platform';

async function main() {
  const db = createKnex({
    connectionString: process.env.DATABASE_URL!,
    poolMax: Number(process.env.BENCH_POOL ?? 10),
  });
  const listener = await startResultListener({
    db,
    logger: createLogger({ service: 'lab-gateway', level: 'warn' }),
    host: '127.0.0.1',
    port: Number(process.env.PORT),
    maxFrameBytes: 4 * 1024 * 1024,
    labTimeZone: 'UTC',
    application: 'MERIDIAN',
    facility: 'MERIDIAN',
  });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void listener
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}

void main();
