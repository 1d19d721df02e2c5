import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_DOCUMENTS } from './openapi-documents';

// openapi-typescript is ESM inside; run the generator as its own process, as `pnpm openapi:types` does.
function runCheck() {
  return spawnSync(
    process.execPath,
    ['--conditions=meridian-src', '--import', 'tsx', 'tools/openapi-types.ts', '--check'],
    {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
    },
  );
}

describe('generated OpenAPI types', () => {
  it('match each openapi.yaml (run `pnpm openapi:types` after editing a document)', () => {
    const result = runCheck();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the check fails when a committed file drifts', () => {
    const target = API_DOCUMENTS[0]!.output;
    const backup = path.join(mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.ts');
    copyFileSync(target, backup);
    try {
      writeFileSync(target, `${readFileSync(target, 'utf8')}\n// drift\n`);
      const result = runCheck();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('out of date');
    } finally {
      copyFileSync(backup, target);
    }
  });
});
