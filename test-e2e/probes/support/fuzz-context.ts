/**
 * Everything a fuzz run needs: the two APIs started as processes, one seeded tenant (its first team is the
 * target; the second team and the spare resources are for the operations that delete), and the fuzz
 * context built from them.
 */
import type { FuzzContext } from './fuzz-cases';
import { loadApiDocument, type ApiDocument, type ApiName } from './openapi-operations';
import { startProbeStack, type ProbeStack } from './probe-stack';
import { createSensitive, labReportPdf, seedTenant, type OrgFixture, type Sensitive } from './tenants';

export interface FuzzSetup {
  stack: ProbeStack;
  org: OrgFixture;
  docs: Record<ApiName, ApiDocument>;
  ctx: FuzzContext;
  sensitive: Sensitive;
  urls: Record<ApiName, string>;
}

export async function setUpFuzz(): Promise<FuzzSetup> {
  const started = performance.now();
  // Response validation (every reply checked against its document; a mismatch becomes a 500) makes the
  // data API about six times slower per request: off in the bounded run (which checks every error body
  // itself), on with FUZZ_VALIDATE_RESPONSES=1 (`pnpm fuzz` sets it).
  const stack = await startProbeStack({
    extraEnv: { VALIDATE_RESPONSES: process.env.FUZZ_VALIDATE_RESPONSES === '1' ? 'true' : 'false' },
  });
  const ready = performance.now();
  try {
    const sensitive = createSensitive();
    for (const s of stack.configuredSecrets) sensitive.add('configured secret', s);
    const org = await seedTenant(
      { dataUrl: stack.dataUrl, managementUrl: stack.managementUrl },
      stack.db.knex,
      sensitive,
      { teamCount: 2 },
    );
    process.stdout.write(
      `fuzz setup: processes ready in ${((ready - started) / 1000).toFixed(1)} s, tenant seeded in ${((performance.now() - ready) / 1000).toFixed(1)} s\n`,
    );
    const [team, spareTeam] = [org.teams[0]!, org.teams[1]!];
    const env = team.env.sandbox;
    const docs = { data: loadApiDocument('data'), management: loadApiDocument('management') };
    const ctx: FuzzContext = {
      auth: { data: team.apiKeys.sandbox, link: env.linkToken, management: org.orgKey },
      known: {
        data: {
          user_id: env.userId,
          client_user_id: env.clientUserId,
          team_id: team.teamId,
          job_id: env.jobId,
          sleep_id: env.sleepId,
          workout_id: env.workoutId,
          token: env.linkToken,
          start_date: '2026-01-01',
          end_date: '2026-01-31',
          fallback_time_zone: 'Europe/Berlin',
          provider: 'oura',
        },
        management: {
          org_id: org.orgId,
          team_id: team.teamId,
          team_ids: team.teamId,
          env: 'sandbox',
          environment: 'sandbox',
          region: 'us',
          webhook_id: env.webhookId,
          message_id: env.messageId,
          member_id: org.memberId,
          invite_id: org.inviteId,
          key_id: team.teamKeyId,
          api_key_id: env.apiKeyId,
          credential_id: env.credentialId,
          query_id: env.queryId,
          // The lab report review operations name the environment's parsing job (and its first page).
          job_id: env.jobId,
          page_number: 1,
          url: 'http://127.0.0.1:9/fuzz',
          since: '2026-01-01T00:00:00Z',
          start: '2026-01-01T00:00:00Z',
          end: '2026-02-01T00:00:00Z',
          provider: 'oura',
          client_id: 'probe-fuzz-client',
          user_must_grant: ['daily'],
          user_may_grant: [],
          role: 'team_admin',
          team_role_bindings: [{ team_id: team.teamId }],
          preferences: { preferred: 'webhook', enabled: ['webhook'] },
          webhook: { regional: false },
        },
      },
      spare: {
        data: { user_id: env.spareUserId },
        management: {
          team_id: spareTeam.teamId,
          team_ids: spareTeam.teamId,
          webhook_id: env.spareWebhookId,
          member_id: org.spareMemberId,
          invite_id: org.spareInviteId,
          key_id: org.spareKeyId,
          api_key_id: spareTeam.env.sandbox.apiKeyId,
          credential_id: spareTeam.env.sandbox.credentialId,
        },
      },
      pdf: await labReportPdf({ name: 'FUZZ PATIENT', dob: '01/01/1970', glucose: '99' }),
      resolve: { data: docs.data.resolve, management: docs.management.resolve },
      sensitive: sensitive.values,
    };
    return {
      stack,
      org,
      docs,
      ctx,
      sensitive,
      urls: { data: stack.dataUrl, management: stack.managementUrl },
    };
  } catch (err) {
    process.stderr.write(`probe stack output:\n${stack.logLines().slice(-60).join('\n')}\n`);
    await stack.stop();
    throw err;
  }
}

/** The run's size and seed from the environment: FUZZ_COUNT, FUZZ_SEED, FUZZ_CASES (replay). */
export function fuzzSettings(defaultCount: number): { count: number; seed: number; only?: Set<number> } {
  const count = process.env.FUZZ_COUNT ? Number(process.env.FUZZ_COUNT) : defaultCount;
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`FUZZ_COUNT must be a positive integer`);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261110;
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`FUZZ_SEED must be a non-negative integer`);
  const only = process.env.FUZZ_CASES
    ? new Set(process.env.FUZZ_CASES.split(',').map((s) => Number(s.trim())))
    : undefined;
  return { count, seed, only };
}
