/**
 * `pnpm openapi:types`: regenerates the committed TypeScript types of each API from its openapi.yaml
 * (the source of truth). `--check` writes nothing and exits 1 when a committed file has drifted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_DOCUMENTS, renderOpenApiTypes } from './openapi-types.lib';

async function main(check: boolean): Promise<number> {
  let drifted = 0;
  for (const api of API_DOCUMENTS) {
    const rendered = await renderOpenApiTypes(api.document);
    if (check) {
      if (readFileSync(api.output, 'utf8') !== rendered) {
        process.stderr.write(`${api.output} is out of date with ${api.document}: run pnpm openapi:types\n`);
        drifted += 1;
      }
    } else {
      writeFileSync(api.output, rendered);
      process.stdout.write(`wrote ${api.output}\n`);
    }
  }
  return drifted === 0 ? 0 : 1;
}

main(process.argv.includes('--check')).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
