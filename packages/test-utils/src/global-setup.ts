import { recordBrokerProbe } from './broker';
import { ensureTemplateDatabase } from './template-database';

export default async function globalSetup(): Promise<void> {
  // Before any test file is loaded: broker suites decide at declaration time whether they run or skip.
  await recordBrokerProbe();
  await ensureTemplateDatabase();
}
