import { readFileSync } from 'node:fs';
import { CONNECTORS } from '@meridian/connectors';
import { PROVIDER_DOCS_PATH, renderProviderDocs } from './provider-docs.lib';

describe('docs/providers.md', () => {
  it('is the capability matrix rendered from the connectors (run pnpm docs:providers)', () => {
    expect(readFileSync(PROVIDER_DOCS_PATH, 'utf8')).toBe(renderProviderDocs());
  });

  it('lists every connector with its resources', () => {
    const doc = renderProviderDocs();
    for (const c of CONNECTORS) {
      expect(doc).toContain(`(\`${c.slug}\`)`);
      for (const stream of c.streams) for (const r of stream.resources) expect(doc).toContain(`| \`${r}\` |`);
    }
  });
});
