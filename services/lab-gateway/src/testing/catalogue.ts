import { ensureSandboxCatalogue } from '@meridian/data-api/lab-fulfilment';
import type { Knex } from '@meridian/db';

/** Seeds a team's sandbox catalogue and returns its Lipid Panel (an at-home test the simulator knows). */
export async function ensureSandboxCatalogueForTests(db: Knex, teamId: string): Promise<string> {
  await ensureSandboxCatalogue(db, { teamId, environment: 'sandbox' }, new Date());
  const lipid = await db('lab_tests')
    .where({ team_id: teamId, environment: 'sandbox', name: 'Lipid Panel' })
    .first<{ id: string }>('id');
  if (!lipid) throw new Error('sandbox catalogue has no Lipid Panel');
  return lipid.id;
}
