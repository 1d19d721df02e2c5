/**
 * Issue #10, "Probes the project keeps": the cross-tenant probe. Two orgs (A with teams A1 and A2, B with
 * team B1), every team with both environments and, in each, users with a connection and health data, a lab
 * report job, a link token, webhooks with a delivered message, API keys, custom credentials, preferences;
 * org A with members, invites and Team Management Keys. Every id-taking operation of both APIs is tried
 * against team A1's resources (each environment) with everyone else's credentials: the other
 * environment's key, another team's key, another org's keys, Team Management Keys of other teams, another
 * org's Org Management Key with its own org in the path, the owner's key with the other environment.
 *
 * Zero successes are allowed: every attempt answers 401, 403 or 404, and no row of the database changes.
 */
import { sendRaw } from './support/raw-http';
import {
  crossTenantAttempts,
  ownerControls,
  verdict,
  type Attempt,
  type Verdict,
} from './support/cross-tenant';
import { loadApiDocument } from './support/openapi-operations';
import { startProbeStack, type ProbeStack } from './support/probe-stack';
import {
  createSensitive,
  labReportPdf,
  seedTenant,
  type OrgFixture,
  type Sensitive,
} from './support/tenants';
import { excerptOf } from './support/response-checks';
import { formatLogFindings, scanForInternals, scanForValues } from './support/log-scan';
import type { Knex } from '@meridian/db';

jest.setTimeout(600_000);

interface Outcome {
  attempt: Attempt;
  status: number;
  verdict: Verdict;
  excerpt: string;
}

/**
 * Tables a refused attempt is expected to write to: the audit trail records refused calls too (it is
 * append-only, and what it records is checked by its own tests).
 */
const WRITTEN_BY_REFUSALS = /^audit_events/;

/** Every table's content as one hash per table (attempts must leave all of them as they were). */
async function snapshot(knex: Knex): Promise<Map<string, string>> {
  const tables = (
    (await knex('information_schema.tables')
      .where({ table_schema: 'public', table_type: 'BASE TABLE' })
      .whereNot('table_name', 'like', 'knex_%')
      .pluck('table_name')) as string[]
  ).filter((t) => !WRITTEN_BY_REFUSALS.test(t));
  const out = new Map<string, string>();
  for (const table of tables) {
    const { rows } = await knex.raw<{ rows: { h: string | null; n: string }[] }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*) as n from ?? t`,
      [table],
    );
    out.set(table, `${rows[0]!.n}:${rows[0]!.h}`);
  }
  return out;
}

const describeOutcome = (o: Outcome) =>
  `${o.attempt.attacker} → ${o.attempt.target}: ${o.attempt.request.method} ${o.attempt.op.path} (${o.attempt.request.path.slice(0, 140)}) → ${o.status} ${o.excerpt.slice(0, 160)}`;

describe('cross-tenant probe: no key reaches another tenant', () => {
  let stack: ProbeStack;
  let sensitive: Sensitive;
  let orgA: OrgFixture;
  let orgB: OrgFixture;
  const outcomes: Outcome[] = [];
  const controls: Outcome[] = [];
  let before: Map<string, string>;
  let after: Map<string, string>;

  beforeAll(async () => {
    // Every answer here is a refusal or a (checked) filtered list: replies need no document check.
    stack = await startProbeStack({ extraEnv: { VALIDATE_RESPONSES: 'false' } });
    sensitive = createSensitive();
    for (const s of stack.configuredSecrets) sensitive.add('configured secret', s);
    const api = { dataUrl: stack.dataUrl, managementUrl: stack.managementUrl };
    orgA = await seedTenant(api, stack.db.knex, sensitive, { teamCount: 2 });
    orgB = await seedTenant(api, stack.db.knex, sensitive, { teamCount: 1 });
    const docs = { data: loadApiDocument('data'), management: loadApiDocument('management') };
    const pdf = await labReportPdf({ name: 'CROSS TENANT', dob: '01/01/1970', glucose: '99' });
    const attempts = crossTenantAttempts({ docs, orgA, orgB, pdf });
    before = await snapshot(stack.db.knex);
    const urls = { data: stack.dataUrl, management: stack.managementUrl };
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < attempts.length; i = next++) {
        const attempt = attempts[i]!;
        const res = await sendRaw(urls[attempt.api], attempt.request);
        outcomes.push({
          attempt,
          status: res.status,
          verdict: verdict(attempt, res),
          excerpt: res.status > 0 ? excerptOf(res.body, 200) : (res.error ?? ''),
        });
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    after = await snapshot(stack.db.knex);
    for (const control of ownerControls({ docs, orgA, pdf })) {
      const res = await sendRaw(urls[control.api], control.request);
      controls.push({
        attempt: control,
        status: res.status,
        verdict: 'refused',
        excerpt: excerptOf(res.body, 200),
      });
    }

    const byStatus = new Map<number, number>();
    for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    const count = (key: (o: Outcome) => string) => {
      const m = new Map<string, number>();
      for (const o of outcomes) m.set(key(o), (m.get(key(o)) ?? 0) + 1);
      return [...m.entries()].sort();
    };
    const operations = new Set(
      outcomes.map((o) => `${o.attempt.api} ${o.attempt.op.method} ${o.attempt.op.path}`),
    );
    process.stdout.write(
      [
        '',
        `cross-tenant: ${outcomes.length} requests over ${operations.size} id-taking operations`,
        `  by status: ${[...byStatus.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')}`,
        `  owner's control reads: ${controls.length}, ${controls.filter((o) => o.status >= 200 && o.status < 300).length} answered 2xx`,
        `  by verdict: ${count((o) => o.verdict)
          .map(([v, n]) => `${v} ${n}`)
          .join(', ')}`,
        ...count((o) => o.attempt.attacker).map(([a, n]) => `  ${a}: ${n}`),
        ...outcomes
          .filter((o) => o.verdict === 'filtered')
          .slice(0, 20)
          .map((o) => `  filtered: ${describeOutcome(o)}`),
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('tries every id-taking operation of both APIs', () => {
    expect(outcomes.length).toBeGreaterThan(500);
    const apis = new Set(outcomes.map((o) => o.attempt.api));
    expect([...apis].sort()).toEqual(['data', 'management']);
  });

  it("reaches the victim's resources with the owner's own keys (the attempts name real things)", () => {
    const failed = controls.filter((o) => o.status < 200 || o.status >= 300).map(describeOutcome);
    expect(failed).toEqual([]);
    expect(controls.length).toBeGreaterThan(100);
  });

  it('has zero successes: every attempt answers 401, 403 or 404 (or a documented filtered answer)', () => {
    const breaches = outcomes.filter((o) => o.verdict === 'breach').map(describeOutcome);
    expect(breaches).toEqual([]);
  });

  it("changes no row of the victim's (or anyone's) data", () => {
    const changed = [...after.entries()].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
    expect(changed).toEqual([]);
  });

  it('logs no key, secret, client_user_id, name, date of birth or lab value, and no stack trace or SQL', () => {
    const lines = stack.logLines();
    const findings = [...scanForValues(lines, sensitive.kinds), ...scanForInternals(lines)];
    process.stdout.write(
      `log scan (cross-tenant): ${lines.length} lines, ${sensitive.kinds.size} values looked for, ${findings.length} findings\n`,
    );
    expect(formatLogFindings(findings)).toEqual([]);
  });
});
