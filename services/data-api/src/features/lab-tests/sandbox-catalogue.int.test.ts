import { seedOrg, seedTeam, createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { COLLECTION_METHODS } from '@meridian/domain';
// The parser's LOINC catalogue, by relative path: the data API does not depend on the parser package (pdf.js,
// OCR), and this check only needs its data.
import { LOINC_CATALOG } from '../../../../../packages/lab-reports/src/loinc/catalog';
import { ensureSandboxCatalogue, SANDBOX_LAB_TESTS } from './sandbox-catalogue';

const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('the sandbox starter catalogue and the marker compendium', () => {
  let db: TestDatabase;
  let orgId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    orgId = (await seedOrg(db.knex)).orgId;
  });
  afterAll(() => db.destroy());

  const testsOf = (teamId: string, environment = 'sandbox') =>
    db
      .knex('lab_tests')
      .where({ team_id: teamId, environment })
      .orderBy('created_at')
      .select('id', 'name', 'status');

  it('every compendium marker is named and coded as the lab-report parser’s LOINC catalogue', async () => {
    const markers = await db.knex('lab_markers').select<{ name: string; loinc: string }[]>('name', 'loinc');
    expect(markers.length).toBeGreaterThan(100);
    const mismatched = markers.filter((m) => {
      const entry = LOINC_CATALOG.find((e) => e.code === m.loinc);
      return !entry || entry.display_name !== m.name;
    });
    expect(mismatched).toEqual([]);
  });

  it('covers every collection method with real markers', () => {
    expect(new Set(SANDBOX_LAB_TESTS.map((t) => t.method))).toEqual(new Set(COLLECTION_METHODS));
    for (const t of SANDBOX_LAB_TESTS) {
      for (const code of t.loincs) expect(LOINC_CATALOG.some((e) => e.code === code)).toBe(true);
    }
  });

  it('seeds a sandbox environment once, even when first calls race', async () => {
    const { teamId } = await seedTeam(db.knex, orgId);
    const scope = { teamId, environment: 'sandbox' as const };
    await Promise.all([1, 2, 3, 4].map(() => ensureSandboxCatalogue(db.knex, scope, NOW)));
    const seeded = await testsOf(teamId);
    expect(seeded.map((t) => t.name)).toEqual(SANDBOX_LAB_TESTS.map((t) => t.name));
    const markers = await db
      .knex('lab_test_markers')
      .whereIn(
        'lab_test_id',
        seeded.map((t) => t.id),
      )
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(markers[0]!.n)).toBe(SANDBOX_LAB_TESTS.reduce((n, t) => n + t.loincs.length, 0));
  });

  it('never re-creates a seeded test the team removed or deactivated, and leaves production empty', async () => {
    const { teamId } = await seedTeam(db.knex, orgId);
    const scope = { teamId, environment: 'sandbox' as const };
    await ensureSandboxCatalogue(db.knex, scope, NOW);
    const [first] = await testsOf(teamId);
    await db.knex('lab_tests').where({ id: first!.id }).update({ status: 'inactive' });
    await db.knex('lab_tests').where({ team_id: teamId, name: 'Thyroid Panel' }).del();
    await ensureSandboxCatalogue(db.knex, scope, NOW);
    const after = await testsOf(teamId);
    expect(after).toHaveLength(SANDBOX_LAB_TESTS.length - 1);
    expect(after[0]).toMatchObject({ id: first!.id, status: 'inactive' });

    await ensureSandboxCatalogue(db.knex, { teamId, environment: 'production' }, NOW);
    expect(await testsOf(teamId, 'production')).toEqual([]);
    expect(await db.knex('lab_test_catalogue_seeds').where({ team_id: teamId }).pluck('environment')).toEqual(
      ['sandbox'],
    );
  });

  it('goes with the team', async () => {
    const { teamId } = await seedTeam(db.knex, orgId);
    await ensureSandboxCatalogue(db.knex, { teamId, environment: 'sandbox' }, NOW);
    await db.knex('teams').where({ id: teamId }).del();
    expect(await testsOf(teamId)).toEqual([]);
    expect(await db.knex('lab_test_catalogue_seeds').where({ team_id: teamId })).toEqual([]);
  });
});
