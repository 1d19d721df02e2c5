/** The real data API (production settings: no response validation, warn-level logs) for the benchmark. */
import { createKnex } from '@meridian/db';
import { startDataApi } from '@meridian/data-api';
import { createLogger } from '@meridian/platform';

async function main() {
  const db = createKnex({ connectionString: process.env.DATABASE_URL!, poolMax: 10 });
  const logger = createLogger({ service: 'data-api', level: 'warn' });
  const service = await startDataApi({
    db,
    logger,
    region: 'us',
    host: '127.0.0.1',
    port: Number(process.env.PORT),
    brokerReady: () => true,
  });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void service
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}

void main();
