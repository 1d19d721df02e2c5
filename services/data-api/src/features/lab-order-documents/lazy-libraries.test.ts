import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Issue #16: the data API's heavy lab libraries (PDF drawing, barcodes, HL7, partner HTTP, booking-page JWTs)
 * load at their first use, not at start, so a process that only serves reads never holds them. A child process
 * loads the whole data API (as `main.ts` and the benchmarks do, under tsx), lists the packages in its module
 * cache, then uses each library once the way the features do and lists them again.
 */
const HEAVY = ['pdf-lib', '@pdf-lib/fontkit', 'bwip-js', '@medplum/core', 'axios', 'jose'] as const;

const src = path.join(__dirname, '..', '..');
const labPartners = path.join(src, '..', '..', '..', 'packages', 'lab-partners', 'src');

const script = `
const heavy = ${JSON.stringify(HEAVY)};
const loaded = () => heavy.filter((p) => Object.keys(require.cache).some((f) => f.includes('/node_modules/' + p + '/')));
require(${JSON.stringify(path.join(src, 'index.ts'))});
const atStart = loaded();
(async () => {
  const docs = require(${JSON.stringify(path.join(__dirname, 'lab-order-documents.service.ts'))}).labDocuments();
  if (typeof docs.labelsPdf !== 'function' || docs.LABEL_COUNT.default < 1) throw new Error('lab documents');
  const hl7 = require(${JSON.stringify(path.join(labPartners, 'lab', 'hl7', 'medplum.ts'))});
  if (hl7.parseHl7('MSH|^~\\\\&|A|B').getSegment('MSH') === undefined) throw new Error('hl7');
  require(${JSON.stringify(path.join(labPartners, 'lazy-axios.ts'))}).lazyAxios();
  const tokens = require(${JSON.stringify(path.join(__dirname, '..', 'lab-booking-page', 'booking-token.ts'))})
    .createBookingTokens(Buffer.alloc(32, 7), () => new Date());
  const scope = { teamId: '00000000-0000-4000-8000-000000000001', environment: 'sandbox' };
  const { token } = await tokens.issue(scope, '00000000-0000-4000-8000-000000000002', 600);
  await tokens.verify(token);
  process.stdout.write(JSON.stringify({ atStart, afterUse: loaded() }));
})().catch((e) => { process.stderr.write(String(e && e.stack)); process.exit(1); });
`;

describe('heavy lab libraries (issue #16)', () => {
  it('are not loaded when the data API starts, and load at their first use', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=meridian-src', '--import', 'tsx', '-e', script],
      { timeout: 60_000, cwd: path.join(src, '..', '..', '..'), env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const { atStart, afterUse } = JSON.parse(stdout) as { atStart: string[]; afterUse: string[] };
    expect(atStart).toEqual([]);
    expect(afterUse).toEqual([...HEAVY]);
  }, 90_000);
});
