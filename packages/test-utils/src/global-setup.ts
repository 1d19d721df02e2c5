import { ensureTemplateDatabase } from './template-database';

export default async function globalSetup(): Promise<void> {
  await ensureTemplateDatabase();
}
