/** `pnpm docs:providers`: writes docs/providers.md from the connectors (`--check`: exit 1 when stale). */
import { readFileSync, writeFileSync } from 'node:fs';
import { PROVIDER_DOCS_PATH, renderProviderDocs } from './provider-docs.lib';

const rendered = renderProviderDocs();
if (process.argv.includes('--check')) {
  const current = readFileSync(PROVIDER_DOCS_PATH, 'utf8');
  if (current !== rendered) {
    process.stderr.write('docs/providers.md is stale: run pnpm docs:providers\n');
    process.exit(1);
  }
} else {
  writeFileSync(PROVIDER_DOCS_PATH, rendered);
  process.stdout.write(`wrote ${PROVIDER_DOCS_PATH}\n`);
}
