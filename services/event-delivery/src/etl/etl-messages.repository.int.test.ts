import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createEtlMessagesRepository, pipelineKey } from './etl-messages.repository';

describe('ETL messages repository', () => {
  let db: TestDatabase;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
    otherTeamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.knex('etl_messages').del();
    await db.knex('etl_pipelines').del();
    await db.knex('outbox').del();
  });

  async function addPipeline(team: string): Promise<void> {
    await db.knex('etl_pipelines').insert({
      team_id: team,
      environment: 'sandbox',
      preferences: JSON.stringify({ enabled: ['azure_amqp'] }),
      azure_amqp: JSON.stringify({ default_event_hub: 'all', event_hub_matchers: null }),
      azure_connection_string_ciphertext: 'sealed',
      event_type_prefixes: ['daily.'],
    });
  }

  async function appendEvent(team = teamId): Promise<string> {
    const userId = newId();
    const [id] = await createOutboxRepository(db.knex).append([
      {
        teamId: team,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope('daily.data.steps.created', {}, { userId, clientUserId: 'c', teamId: team }),
      },
    ]);
    return id!;
  }

  async function insert(eventId: string, team = teamId): Promise<string> {
    const repository = createEtlMessagesRepository(db.knex);
    await repository.insertMessage({ eventId, teamId: team, environment: 'sandbox', eventHub: 'all' });
    const [id] = await repository.pendingMessageIds(eventId);
    return id!;
  }

  it('knows whether any pipeline exists, and finds an event with its pipeline', async () => {
    const repository = createEtlMessagesRepository(db.knex);
    const eventId = await appendEvent();
    expect(await repository.anyPipeline()).toBe(false);
    expect(await repository.findEventPipeline(eventId)).toBeUndefined();
    await addPipeline(teamId);
    expect(await repository.anyPipeline()).toBe(true);
    expect(await repository.findEventPipeline(eventId)).toEqual({
      eventType: 'daily.data.steps.created',
      pipeline: {
        teamId,
        environment: 'sandbox',
        preferences: { enabled: ['azure_amqp'] },
        azureAmqp: { default_event_hub: 'all', event_hub_matchers: null },
        azureConnectionStringCiphertext: 'sealed',
        eventTypePrefixes: ['daily.'],
      },
    });
    expect(await repository.findEventPipeline(await appendEvent(otherTeamId))).toBeUndefined();
  });

  it('inserts one message per event and pipeline, whatever the retries', async () => {
    const eventId = await appendEvent();
    const first = await insert(eventId);
    expect(await insert(eventId)).toBe(first);
    expect(await db.knex('etl_messages').select('id')).toEqual([{ id: first }]);
  });

  it('claims due rows oldest first, for the lease, only the given ids when asked', async () => {
    const repository = createEtlMessagesRepository(db.knex);
    const ids = [
      await insert(await appendEvent()),
      await insert(await appendEvent()),
      await insert(await appendEvent()),
    ];
    for (const [i, id] of ids.entries()) {
      await db
        .knex('etl_messages')
        .where({ id })
        .update({ next_attempt_at: db.knex.raw(`now() - interval '${i} minute'`) });
    }
    const leaseUntil = new Date(Date.now() + 60_000);
    expect((await repository.claimDue({ ids: [ids[0]!], limit: 10, leaseUntil })).map((m) => m.id)).toEqual([
      ids[0],
    ]);
    const claimed = await repository.claimDue({ limit: 10, leaseUntil });
    expect(claimed.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(claimed[0]).toMatchObject({ teamId, environment: 'sandbox', attempts: 0 });
    expect(await repository.claimDue({ limit: 10, leaseUntil })).toEqual([]);
  });

  it('loads the events and pipelines of claimed rows; a purged event or removed pipeline is absent', async () => {
    const repository = createEtlMessagesRepository(db.knex);
    await addPipeline(teamId);
    const kept = await appendEvent();
    const purged = await appendEvent();
    await db.knex('outbox').where({ id: purged }).del();
    const events = await repository.loadEvents([kept, purged, kept]);
    expect([...events.keys()]).toEqual([kept]);
    expect(events.get(kept)).toMatchObject({ eventType: 'daily.data.steps.created' });
    expect(JSON.parse(events.get(kept)!.body)).toMatchObject({ team_id: teamId });
    const pipelines = await repository.loadPipelines([
      { teamId, environment: 'sandbox' },
      { teamId, environment: 'sandbox' },
      { teamId: otherTeamId, environment: 'sandbox' },
    ]);
    expect([...pipelines.keys()]).toEqual([pipelineKey(teamId, 'sandbox')]);
  });

  it('records success, a retry with its next attempt, and a dead letter', async () => {
    const repository = createEtlMessagesRepository(db.knex);
    const [ok, retry, dead] = [
      await insert(await appendEvent()),
      await insert(await appendEvent()),
      await insert(await appendEvent()),
    ];
    await db.knex('etl_messages').update({ event_hub: 'old' });
    await repository.markSucceeded([ok], 'all');
    const next = new Date(Date.now() + 5_000);
    await repository.recordFailures(
      [
        { id: retry, attempts: 1, nextAttemptAt: next },
        { id: dead, attempts: 3, nextAttemptAt: null },
      ],
      'ServiceUnavailableError: busy',
      null,
    );
    const rows = await db
      .knex('etl_messages')
      .select('id', 'status', 'attempts', 'last_error', 'event_hub', 'next_attempt_at');
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(ok)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_error: null,
      event_hub: 'all',
    });
    expect(byId.get(retry)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'ServiceUnavailableError: busy',
      event_hub: 'old',
      next_attempt_at: next,
    });
    expect(byId.get(dead)).toMatchObject({ status: 'failed', attempts: 3, event_hub: 'old' });
  });
});
