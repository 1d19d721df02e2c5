import path from 'node:path';
import { capabilityMatrix, type ConnectorCapabilities } from '@meridian/connectors';
import { providerBySlug } from '@meridian/domain';

/** `docs/providers.md`: the connector capability matrix, rendered from the connectors themselves. */
export const PROVIDER_DOCS_PATH = path.join(__dirname, '..', 'docs', 'providers.md');

function days(n: number): string {
  return n >= 365 && n % 365 === 0 ? `${n / 365} y` : `${n} d`;
}

function row(c: ConnectorCapabilities): string {
  const name = providerBySlug(c.slug)?.name ?? c.slug;
  const auth = c.auth_type === 'oauth' ? `OAuth 2.0${c.pkce ? ' + PKCE' : ''}` : c.auth_type;
  const mode = { pull: 'pull', push: 'push (webhooks carry data)', push_and_pull: 'pull on webhook + poll' }[
    c.mode
  ];
  const limit = `${c.rate_limit.requests} / ${c.rate_limit.window_seconds} s per ${c.rate_limit.scope}`;
  return `| ${name} (\`${c.slug}\`) | ${auth} | ${mode} | every ${c.poll_minutes} min | ${c.webhooks ? 'yes' : 'no'} | ${limit} |`;
}

function resources(c: ConnectorCapabilities): string {
  const lines = c.resources.map(
    (r) =>
      `| \`${r.resource}\` | ${days(r.backfill_days)} | ${r.scopes.length ? r.scopes.map((s) => `\`${s}\``).join(', ') : '–'} |`,
  );
  return [
    `### ${providerBySlug(c.slug)?.name ?? c.slug}`,
    '',
    '| resource | backfill | scopes |',
    '|---|---|---|',
    ...lines,
  ].join('\n');
}

export function renderProviderDocs(): string {
  const matrix = capabilityMatrix();
  return `${[
    '# Provider connectors',
    '',
    'Generated from `packages/connectors` by `pnpm docs:providers` (a test fails when this file is stale).',
    'The same matrix is served by the data API at `GET /v2/providers/capabilities`.',
    '',
    '| provider | authorization | data flow | incremental poll | webhooks | rate limit |',
    '|---|---|---|---|---|---|',
    ...matrix.map(row),
    '',
    '## Resources, backfill windows and scopes',
    '',
    ...matrix.map((c) => `${resources(c)}\n`),
  ]
    .join('\n')
    .trimEnd()}\n`;
}
