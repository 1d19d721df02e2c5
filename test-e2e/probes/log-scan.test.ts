/**
 * Issue #10, "Probes the project keeps": the log scan of an end-to-end run. All five processes (data API,
 * management API, lab-report parser, scheduler, event delivery) run from their `main.ts` over RabbitMQ at
 * the most verbose log level, and do the work that handles personal data: users with a client_user_id and
 * a date of birth, the demo provider's 30-day pull ingested and delivered as signed webhooks, a lab report
 * with a patient's name, date of birth and results parsed by the worker (and one in German that it refuses),
 * keys and secrets of every kind in use. Then every line any process printed is searched for each of those values.
 */
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from '../support/broker';
import { isolatedVhost, type BrokerVhost } from '../support/broker-vhost';
import { formatLogFindings, scanForInternals, scanForValues } from './support/log-scan';
import { startProbeStack, type ProbeStack } from './support/probe-stack';
import {
  createSensitive,
  labReportPdf,
  multipart,
  seedTenant,
  type OrgFixture,
  type Sensitive,
} from './support/tenants';

jest.setTimeout(300_000);

describeWithBroker('log scan of an end-to-end run (all five processes)', () => {
  let vhost: BrokerVhost;
  let stack: ProbeStack;
  let sensitive: Sensitive;
  let org: OrgFixture;
  let receiver: WebhookReceiver;
  let signer: Webhook | undefined;

  beforeAll(async () => {
    vhost = await isolatedVhost(AMQP_URL);
    stack = await startProbeStack({ workersOver: vhost.url });
    sensitive = createSensitive();
    for (const s of stack.configuredSecrets) sensitive.add('configured secret', s);
    receiver = await startWebhookReceiver({
      verifier: { verify: (payload, headers) => signer!.verify(payload, headers) },
    });
    org = await seedTenant(
      { dataUrl: stack.dataUrl, managementUrl: stack.managementUrl },
      stack.db.knex,
      sensitive,
      {
        teamCount: 1,
      },
    );
    // A webhook that answers, so deliveries succeed (the seeded ones point at a closed port and retry).
    const team = org.teams[0]!;
    const hooks = `${stack.managementUrl}/v1/org/${org.orgId}/team/${team.teamId}/sandbox/webhook`;
    const headers = { 'x-management-key': org.orgKey, 'content-type': 'application/json' };
    const created = (await (
      await fetch(hooks, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) })
    ).json()) as {
      id: string;
    };
    const secret = (await (await fetch(`${hooks}/${created.id}/secret`, { headers })).json()) as {
      key: string;
    };
    sensitive.add('webhook secret', secret.key);
    signer = new Webhook(secret.key);
  });

  afterAll(async () => {
    await receiver?.close();
    await stack?.stop();
    await vhost?.drop();
  });

  it('runs the personal-data paths: a parsed lab report, an ingested demo pull, signed deliveries', async () => {
    const env = org.teams[0]!.env.sandbox;
    const key = org.teams[0]!.apiKeys.sandbox;
    const get = async (path: string) =>
      (await (
        await fetch(`${stack.dataUrl}${path}`, { headers: { 'x-service-api-key': key } })
      ).json()) as Record<string, unknown>;
    const job = await waitFor(
      async () => {
        const j = await get(`/lab_report/v1/parser/job/${env.jobId}`);
        return j.status === 'completed' || j.status === 'failed' ? j : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    expect(job?.status).toBe('completed');
    // A report the parser refuses (German): the failure path must not print the patient either.
    const refused = {
      name: `WOLFGANG PROBELMANN-${Date.now().toString(36).toUpperCase()}`,
      dob: '23.04.1958',
      glucose: '187.61',
    };
    sensitive.add('name', refused.name);
    sensitive.add('date of birth', refused.dob);
    sensitive.add('lab value', refused.glucose);
    const form = multipart({ user_id: env.userId }, await labReportPdf(refused, { german: true }));
    const upload = await fetch(`${stack.dataUrl}/lab_report/v1/parser/job`, {
      method: 'POST',
      headers: { 'x-service-api-key': key, 'content-type': form.type },
      body: form.body,
    });
    expect(upload.status).toBe(200);
    const refusedJob = (await upload.json()) as { job_id: string };
    const failed = await waitFor(
      async () => {
        const j = await get(`/lab_report/v1/parser/job/${refusedJob.job_id}`);
        return j.status === 'completed' || j.status === 'failed' ? j : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'not_english' });
    // Events written from now on reach the receiver's webhook: a second demo connection of the same user
    // (connection event, then a 30-day pull whose data events are signed and delivered).
    const connect = await fetch(`${stack.dataUrl}/v2/link/connect/demo`, {
      method: 'POST',
      headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: env.userId, provider: 'fitbit' }),
    });
    expect(connect.status).toBe(200);
    // The parsed results carry the values the scan looks for.
    expect(JSON.stringify(job?.data)).toContain(
      [...sensitive.kinds.entries()].find(([, k]) => k === 'lab value')![0],
    );
    await waitFor(async () => receiver.succeeded().length > 0, { timeoutMs: 120_000, intervalMs: 1_000 });
    const pulls = await get(`/v2/introspect/historical_pull?user_id=${env.userId}`);
    expect(JSON.stringify(pulls)).toContain('success');
  });

  it('prints no key, secret, client_user_id, name, date of birth or lab value in any log line', () => {
    const lines = stack.logLines();
    const findings = scanForValues(lines, sensitive.kinds);
    const perProcess = new Map<string, number>();
    for (const line of lines)
      perProcess.set(line.split(':')[0]!, (perProcess.get(line.split(':')[0]!) ?? 0) + 1);
    process.stdout.write(
      `\nlog scan (end to end): ${lines.length} lines (${[...perProcess].map(([p, n]) => `${p} ${n}`).join(', ')}), ` +
        `${sensitive.kinds.size} values looked for (${[...new Set(sensitive.kinds.values())].join(', ')}), ${findings.length} findings\n`,
    );
    expect(formatLogFindings(findings)).toEqual([]);
  });

  it('prints no stack trace or SQL text in any log line', () => {
    expect(formatLogFindings(scanForInternals(stack.logLines()))).toEqual([]);
  });
});
