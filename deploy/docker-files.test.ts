/**
 * The Dockerfiles and the compose file cannot be built or started in CI (no Docker engine), so this
 * checks them as text: the essentials of each image, that the five stay in step, and the stack wiring.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..');
const dockerDir = path.join(root, 'docker');
const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');

const SERVICES: Record<string, { port: number; portEnv: string; api: boolean; published?: number[] }> = {
  'data-api': { port: 8000, portEnv: 'DATA_API_PORT', api: true },
  'management-api': { port: 8001, portEnv: 'MANAGEMENT_API_PORT', api: true },
  'lab-report-parser': { port: 8080, portEnv: 'HEALTH_PORT', api: false },
  scheduler: { port: 8080, portEnv: 'HEALTH_PORT', api: false },
  'event-delivery': { port: 8080, portEnv: 'HEALTH_PORT', api: false },
  // Labs connect to its MLLP port (HL7 results) from outside.
  'lab-gateway': { port: 8080, portEnv: 'HEALTH_PORT', api: false, published: [2575] },
};
const names = Object.keys(SERVICES);

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions of a Dockerfile: comments dropped, backslash continuations joined. */
function instructions(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  return logical
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** Instructions per stage, keyed by the `AS` name; instructions before the first FROM go under ''. */
function stages(list: Instruction[]): Map<string, Instruction[]> {
  const result = new Map<string, Instruction[]>([['', []]]);
  let current = '';
  for (const i of list) {
    if (i.keyword === 'FROM') {
      current = /\bAS\s+(\S+)/i.exec(i.args)?.[1] ?? String(result.size);
      result.set(current, []);
    }
    result.get(current)!.push(i);
  }
  return result;
}

const runs = (stage: Instruction[]) =>
  stage
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)
    .join('\n');
const args = (stage: Instruction[], keyword: string) =>
  stage.filter((i) => i.keyword === keyword).map((i) => i.args);

describe.each(names)('docker/%s.Dockerfile', (service) => {
  const { port, portEnv, published = [] } = SERVICES[service]!;
  const list = instructions(read('docker', `${service}.Dockerfile`));
  const byStage = stages(list);
  const build = byStage.get('build') ?? [];
  const runtime = byStage.get('runtime') ?? [];

  it('builds the workspace package of that service, which has a main.ts entry point', () => {
    expect(args(byStage.get('')!, 'ARG')).toEqual([`SERVICE=${service}`]);
    const pkg = JSON.parse(read('services', service, 'package.json')) as { name: string };
    expect(pkg.name).toBe(`@meridian/${service}`);
    expect(existsSync(path.join(root, 'services', service, 'src', 'main.ts'))).toBe(true);
  });

  it('is multi-stage on node:22-slim, with a build and a runtime stage', () => {
    const froms = args(list, 'FROM');
    expect(froms).toEqual(['node:22-slim AS build', 'node:22-slim AS runtime']);
  });

  it('installs the pinned pnpm, from the frozen lockfile, and deploys the production dependencies', () => {
    const rootPkg = JSON.parse(read('package.json')) as { packageManager: string };
    const script = runs(build);
    expect(script).toContain(`npm install -g ${rootPkg.packageManager}`);
    expect(script).toMatch(/pnpm install --frozen-lockfile/);
    expect(script).toContain('pnpm --fail-if-no-match --filter "@meridian/${SERVICE}..." run build');
    expect(script).toMatch(/pnpm --filter "@meridian\/\$\{SERVICE\}" deploy --prod .*\/out$/m);
    for (const copy of args(build, 'COPY').filter((a) => a !== '. .')) {
      for (const file of copy.split(/\s+/).slice(0, -1)) expect(existsSync(path.join(root, file))).toBe(true);
    }
  });

  it('runs the deployed service as the node user under tini', () => {
    expect(args(runtime, 'COPY')).toEqual(['--from=build /out ./']);
    expect(runs(runtime)).toMatch(/apt-get install -y --no-install-recommends tini/);
    expect(args(runtime, 'USER')).toEqual(['node']);
    expect(args(runtime, 'ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
    expect(args(runtime, 'CMD')).toEqual(['["node", "dist/main.js"]']);
    expect(args(runtime, 'ENV').join(' ')).toContain('HOST=0.0.0.0');
  });

  it('exposes its port and health-checks /healthz on it', () => {
    expect(args(runtime, 'EXPOSE')).toEqual([[port, ...published].join(' ')]);
    const [healthcheck] = args(runtime, 'HEALTHCHECK');
    expect(healthcheck).toContain(`process.env.${portEnv}||${port}`);
    expect(healthcheck).toContain('/healthz');
  });

  it('has a Dockerfile-specific .dockerignore that keeps local builds and installs out of the context', () => {
    const ignore = read('docker', `${service}.Dockerfile.dockerignore`).split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
  });
});

it('keeps the five Dockerfiles identical apart from SERVICE, EXPOSE and HEALTHCHECK', () => {
  const shared = (service: string) =>
    instructions(read('docker', `${service}.Dockerfile`))
      .filter((i) => !['EXPOSE', 'HEALTHCHECK'].includes(i.keyword) && !i.args.startsWith('SERVICE='))
      .map((i) => `${i.keyword} ${i.args}`);
  const reference = shared('data-api');
  for (const service of names)
    expect({ service, body: shared(service) }).toEqual({ service, body: reference });
});

describe('docker/compose.yaml', () => {
  interface ComposeService {
    image?: string;
    build?: { context: string; dockerfile: string };
    command?: string[];
    environment?: Record<string, string>;
    ports?: string[];
    depends_on?: Record<string, { condition: string }>;
    healthcheck?: { test: string[] };
  }
  const compose = parse(readFileSync(path.join(dockerDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;

  it('names the five services, the migration, PostgreSQL and RabbitMQ', () => {
    expect(Object.keys(services).sort()).toEqual([...names, 'migrate', 'postgres', 'rabbitmq'].sort());
  });

  it('runs PostgreSQL 16 and RabbitMQ with health checks', () => {
    expect(services.postgres!.image).toBe('postgres:16');
    expect(services.rabbitmq!.image).toBe('rabbitmq:3-management');
    expect(services.postgres!.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(services.rabbitmq!.healthcheck?.test.join(' ')).toContain('rabbitmq-diagnostics');
  });

  it('migrates once with the data-api image before anything else starts', () => {
    const migrate = services.migrate!;
    expect(migrate.image).toBe(services['data-api']!.image);
    expect(migrate.build?.dockerfile).toBe('docker/data-api.Dockerfile');
    expect(migrate.command).toEqual(['node', 'dist/migrate.js']);
    expect(migrate.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(migrate.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(existsSync(path.join(root, 'services', 'data-api', 'src', 'migrate.ts'))).toBe(true);
  });

  it.each(names)('starts %s from its Dockerfile with its configuration, after the migration', (name) => {
    const { port, portEnv, api, published } = SERVICES[name]!;
    const s = services[name]!;
    expect(s.build).toEqual({ context: '..', dockerfile: `docker/${name}.Dockerfile` });
    expect(existsSync(path.join(dockerDir, '..', s.build!.dockerfile))).toBe(true);
    expect(s.environment).toMatchObject({ HOST: '0.0.0.0', [portEnv]: String(port) });
    for (const key of ['DATABASE_URL', 'AMQP_URL', 'SECRETS_ENCRYPTION_KEY', 'LOG_LEVEL', 'REGION']) {
      expect(s.environment?.[key]).toBeTruthy();
    }
    expect(s.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
      postgres: { condition: 'service_healthy' },
      rabbitmq: { condition: 'service_healthy' },
    });
    expect(s.ports).toEqual(api ? [`${port}:${port}`] : published?.map((p) => `${p}:${p}`));
  });
});
