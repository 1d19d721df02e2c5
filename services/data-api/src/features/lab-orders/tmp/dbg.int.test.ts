import request from 'supertest';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApi } from '../../../app';
it('dbg', async () => {
  const db = await createTestDatabase();
  const app = createDataApi({ db: db.knex, logger: createLogger({ service: 'data-api' }), metrics: createMetricsRegistry('data-api'), region: 'us', readiness: {} });
  const org = await seedOrg(db.knex);
  const team = await seedTeam(db.knex, org.orgId);
  const res = await request(app).post('/v2/user').set('x-service-api-key', team.apiKeys.sandbox).send({ client_user_id: 'x' });
  console.log(res.status, JSON.stringify(res.body));
  await db.destroy();
});
