/**
 * Both APIs in one process, as `pnpm start` runs them: each /docs page, rendered by Swagger UI in headless
 * Chromium, shows its own document (two Swagger UI instances once shared one document through module
 * state), and each served document's `servers` follows the configuration, not a fixed 8000/8001.
 */
import { randomBytes } from 'node:crypto';
import { startDataApi } from '@meridian/data-api';
import { startManagementApi } from '@meridian/management-api';
import { createLogger, type RunningService } from '@meridian/platform';
import {
  createTestDatabase,
  describeWithChromium,
  launchChromium,
  type LaunchedChromium,
  type TestDatabase,
} from '@meridian/test-utils';

const DATA_API_PUBLIC_URL = 'https://data-api.example.test/meridian';

describeWithChromium('API docs pages of both APIs in one process', () => {
  let db: TestDatabase;
  let dataApi: RunningService;
  let managementApi: RunningService;
  let chromium: LaunchedChromium;

  beforeAll(async () => {
    db = await createTestDatabase();
    const logger = createLogger({ service: 'docs-test', silent: true });
    const common = { db: db.knex, logger, region: 'us' as const, host: '127.0.0.1', port: 0 };
    // Built in the same order as tools/start.ts: the data API first, then the management API.
    dataApi = await startDataApi({
      ...common,
      brokerReady: () => true,
      providerLinks: { publicUrl: DATA_API_PUBLIC_URL },
    });
    managementApi = await startManagementApi({
      ...common,
      brokerReady: () => true,
      secretsKey: randomBytes(32),
      webhookAllowedTargets: [],
    });
    chromium = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await dataApi?.close();
    await managementApi?.close();
    await db?.destroy();
  });

  async function renderedDocs(baseUrl: string): Promise<{ pageTitle: string; infoTitle: string }> {
    const page = await chromium.browser.newPage();
    try {
      await page.goto(`${baseUrl}/docs`, { waitUntil: 'load' });
      await page.waitForSelector('.information-container .info .title', { timeout: 30_000 });
      const infoTitle = await page.$eval('.information-container .info .title', (el) => el.textContent ?? '');
      return { pageTitle: await page.title(), infoTitle };
    } finally {
      await page.close();
    }
  }

  it("renders the data API's document on the data API's page and the management API's on its own", async () => {
    const data = await renderedDocs(dataApi.url);
    const management = await renderedDocs(managementApi.url);
    expect(data.infoTitle).toContain('Meridian data API');
    expect(data.infoTitle).not.toContain('management');
    expect(data.pageTitle).toBe('Meridian data-api');
    expect(management.infoTitle).toContain('Meridian management API');
    expect(management.pageTitle).toBe('Meridian management-api');
  }, 90_000);

  it('serves documents whose servers follow the configuration, not fixed ports', async () => {
    const dataDoc = (await (await fetch(`${dataApi.url}/docs/openapi.json`)).json()) as {
      info: { title: string };
      servers: Array<{ url: string }>;
    };
    expect(dataDoc.info.title).toBe('Meridian data API');
    expect(dataDoc.servers).toEqual([{ url: DATA_API_PUBLIC_URL }]);
    // No public URL configured: the server the document is fetched from (OpenAPI resolves `/` against it).
    const managementDoc = (await (await fetch(`${managementApi.url}/openapi.json`)).json()) as {
      info: { title: string };
      servers: Array<{ url: string }>;
    };
    expect(managementDoc.info.title).toBe('Meridian management API');
    expect(managementDoc.servers).toEqual([{ url: '/' }]);
  });
});
