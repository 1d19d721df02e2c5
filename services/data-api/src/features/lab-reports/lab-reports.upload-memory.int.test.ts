import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newId } from '@meridian/domain';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../../app';

/**
 * Issue 11: 16 concurrent 29 MB uploads naming a user that does not exist raised the data API's memory by
 * hundreds of MB (every file was buffered before the user was checked). Uploads are now staged on disk in a
 * bounded store and the user is checked before any file is read into memory.
 */

const MB = 1_000_000;
const UPLOADS = 16;
const FILE_BYTES = 29 * MB;
const BOUNDARY = 'memBOUNDARY';

interface Answer {
  status: number;
  retryAfter?: string;
  errorType?: string;
}

/** The store directories this process's data APIs made (under the system temporary directory). */
function storeFiles(): string[] {
  const prefix = `meridian-uploads-${process.pid}-`;
  return fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) => fs.readdirSync(path.join(os.tmpdir(), name)));
}

describe('lab report uploads under load: memory stays bounded and no temporary file is left', () => {
  let db: TestDatabase;
  let server: http.Server;
  let port: number;
  let apiKey: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const app = createDataApi({
      db: db.knex,
      logger: createLogger({ service: 'data-api', silent: true }),
      metrics: createMetricsRegistry('data-api'),
      region: 'us',
      readiness: {},
      audit: null,
    });
    const org = await seedOrg(db.knex);
    apiKey = (await seedTeam(db.knex, org.orgId)).apiKeys.sandbox;
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  });

  /** One upload of the shared payload (never copied), answered as soon as the server answers. */
  function upload(payload: Buffer, userId: string): Promise<Answer> {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${userId}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/lab_report/v1/parser/job',
        headers: {
          'x-service-api-key': apiKey,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + payload.length + tail.length,
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            detail?: { error_type?: string };
          };
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            errorType: body.detail?.error_type,
          });
          // A refused client stops sending (as a browser or an HTTP library does on an early answer).
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(head);
      req.write(payload);
      req.end(tail);
    });
  }

  it(`${UPLOADS} concurrent ${FILE_BYTES / MB} MB uploads for an unknown user: 404 or 503, RSS bounded, store empty`, async () => {
    // A PDF header, then filler: large, and of a type the checks would accept.
    const payload = Buffer.alloc(FILE_BYTES, 0x20);
    payload.write('%PDF-1.7\n', 0, 'latin1');
    const unknownUser = newId();
    // Warm up (code paths, connection pool, store directory) before the baseline.
    expect((await upload(payload.subarray(0, 1000), unknownUser)).status).toBe(404);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const answers = await Promise.all(Array.from({ length: UPLOADS }, () => upload(payload, unknownUser)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    for (const answer of answers) {
      if (answer.status === 503) {
        expect(answer).toMatchObject({
          errorType: 'upload_capacity_exhausted',
          retryAfter: expect.stringMatching(/^\d+$/),
        });
      } else {
        expect(answer).toMatchObject({ status: 404, errorType: 'not_found' });
      }
    }
    // The store holds a few full uploads at a time: some are checked, the rest told to come back.
    expect(answers.filter((a) => a.status === 404).length).toBeGreaterThan(0);
    // Buffered in memory, the files alone were 16 × 29 MB = 464 MB (and a copy each while joined). Loose
    // bound (measured: about 350 MB before, 30 MB after): the test client's own payload is shared, so what grows is the server's working set.
    expect((peak - baseline) / MB).toBeLessThan(150);

    const until = Date.now() + 5000;
    while (storeFiles().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(storeFiles()).toEqual([]);
  });
});
