/**
 * The chart against an external PostgreSQL/Citus and an external RabbitMQ (values `database.*` and
 * `rabbitmq.*`, docs/decisions/0011-scale-out.md), rendered offline next to the default install whose
 * connections come from the Secret.
 */
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, type IContainer, type IEnvVar, type IPodSpec, Secret } from 'kubernetes-models/v1';
import { chartDir, parseManifests, runHelm, validateAll, type Manifest } from './render';

const defaults = ['-f', path.join(chartDir, 'ci', 'default-values.yaml')];

const EXTERNAL = [
  'database.host=citus-coordinator.db.svc',
  'database.port=6432',
  'database.name=meridian_prod',
  'database.user=meridian_app',
  'database.sslmode=verify-full',
  'database.passwordSecret.name=meridian-db',
  'database.passwordSecret.key=pg-password',
  'database.caSecret.name=db-ca',
  'rabbitmq.host=rabbitmq.mq.svc',
  'rabbitmq.port=5671',
  'rabbitmq.tls=true',
  'rabbitmq.vhost=/meridian',
  'rabbitmq.user=meridian_mq',
  'rabbitmq.passwordSecret.name=meridian-mq',
  'rabbitmq.caSecret.name=mq-ca',
  'rabbitmq.caSecret.key=ca.pem',
  'rabbitmq.queueType=quorum',
];

function render(args: string[]): Manifest[] {
  const { status, stdout, stderr } = runHelm([
    'template',
    'rel',
    chartDir,
    '--kube-version',
    '1.30.0',
    ...args,
  ]);
  if (status !== 0) throw new Error(`helm template failed: ${stderr}`);
  return parseManifests(stdout);
}

function renderFailure(args: string[]): string {
  const { status, stderr } = runHelm(['template', 'rel', chartDir, ...args]);
  expect(status).not.toBe(0);
  return stderr;
}

const ofKind = <T>(manifests: Manifest[], model: { is(x: unknown): boolean }) =>
  manifests.filter((m) => model.is(m)) as unknown as T[];
const container = (spec: IPodSpec): IContainer => spec.containers[0]!;
const envOf = (c: IContainer) => new Map((c.env ?? []).map((e: IEnvVar) => [e.name, e]));
const isHook = (m: Manifest) => m.metadata?.annotations?.['helm.sh/hook'] !== undefined;

describe('helm chart with external PostgreSQL/Citus and RabbitMQ', () => {
  describe('with database.host and rabbitmq.host set', () => {
    let manifests: Manifest[];
    beforeAll(() => {
      manifests = render([...defaults, '--set', EXTERNAL.join(',')]);
    });

    it('renders only valid objects and leaves the URLs out of the chart Secret and the hook Secret', () => {
      validateAll(manifests);
      const secrets = ofKind<Secret>(manifests, Secret);
      expect(secrets.filter(isHook)).toEqual([]);
      expect(secrets).toHaveLength(1);
      expect(Object.keys(secrets[0]!.data ?? {})).toEqual(['SECRETS_ENCRYPTION_KEY']);
    });

    it('builds the connection of every process from the values, passwords from the existing Secrets', () => {
      const deployments = ofKind<Deployment>(manifests, Deployment);
      expect(deployments).toHaveLength(6);
      for (const d of deployments) {
        const spec = d.spec!.template.spec!;
        const env = envOf(container(spec));
        expect(env.get('DATABASE_URL')).toEqual({
          name: 'DATABASE_URL',
          value:
            'postgresql://meridian_app@citus-coordinator.db.svc:6432/meridian_prod' +
            '?sslmode=verify-full&sslrootcert=/etc/meridian/database-ca/ca.crt',
        });
        expect(env.get('PGPASSWORD')).toEqual({
          name: 'PGPASSWORD',
          valueFrom: { secretKeyRef: { name: 'meridian-db', key: 'pg-password' } },
        });
        // Kubernetes expands $(AMQP_PASSWORD) because it is defined earlier in the list.
        const names = [...env.keys()];
        expect(names.indexOf('AMQP_PASSWORD')).toBeLessThan(names.indexOf('AMQP_URL'));
        expect(env.get('AMQP_PASSWORD')).toEqual({
          name: 'AMQP_PASSWORD',
          valueFrom: { secretKeyRef: { name: 'meridian-mq', key: 'password' } },
        });
        expect(env.get('AMQP_URL')?.value).toBe(
          'amqps://meridian_mq:$(AMQP_PASSWORD)@rabbitmq.mq.svc:5671/%2Fmeridian',
        );
        expect(env.get('NODE_EXTRA_CA_CERTS')?.value).toBe('/etc/meridian/rabbitmq-ca/ca.crt');
        expect(container(spec).volumeMounts).toEqual(
          expect.arrayContaining([
            { name: 'database-ca', mountPath: '/etc/meridian/database-ca', readOnly: true },
            { name: 'rabbitmq-ca', mountPath: '/etc/meridian/rabbitmq-ca', readOnly: true },
          ]),
        );
        expect(spec.volumes).toEqual(
          expect.arrayContaining([
            {
              name: 'database-ca',
              secret: { secretName: 'db-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
            },
            {
              name: 'rabbitmq-ca',
              secret: { secretName: 'mq-ca', items: [{ key: 'ca.pem', path: 'ca.crt' }] },
            },
          ]),
        );
      }
    });

    it('gives the migration Job the database connection only', () => {
      const job = ofKind<Job>(manifests, Job)[0]!;
      const spec = job.spec!.template.spec!;
      const env = envOf(container(spec));
      expect(env.get('DATABASE_URL')?.value).toContain('@citus-coordinator.db.svc:6432/meridian_prod?');
      expect(env.get('PGPASSWORD')?.valueFrom).toEqual({
        secretKeyRef: { name: 'meridian-db', key: 'pg-password' },
      });
      expect(env.has('AMQP_URL')).toBe(false);
      expect(spec.volumes?.map((v) => v.name)).toEqual(['tmp', 'database-ca']);
    });

    it('selects quorum queues for every process through the shared ConfigMap', () => {
      expect(ofKind<ConfigMap>(manifests, ConfigMap)[0]!.data).toMatchObject({ AMQP_QUEUE_TYPE: 'quorum' });
    });
  });

  it('without external services keeps the URLs in the Secret, classic queues and no CA volumes', () => {
    const manifests = render(defaults);
    const secret = ofKind<Secret>(manifests, Secret).find((s) => !isHook(s))!;
    expect(Object.keys(secret.data ?? {})).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'AMQP_URL', 'SECRETS_ENCRYPTION_KEY']),
    );
    expect(ofKind<ConfigMap>(manifests, ConfigMap)[0]!.data).not.toHaveProperty('AMQP_QUEUE_TYPE');
    for (const d of ofKind<Deployment>(manifests, Deployment)) {
      const spec = d.spec!.template.spec!;
      const env = envOf(container(spec));
      for (const name of ['DATABASE_URL', 'PGPASSWORD', 'AMQP_URL', 'AMQP_PASSWORD', 'NODE_EXTRA_CA_CERTS'])
        expect(env.has(name)).toBe(false);
      expect(spec.volumes?.map((v) => v.name)).toEqual(['tmp']);
    }
  });

  it('takes an external database alone, the broker URL still from the Secret, without TLS extras', () => {
    const manifests = render([
      ...defaults,
      '--set',
      'database.host=pg.internal,database.sslmode=require,database.passwordSecret.name=pg',
    ]);
    validateAll(manifests);
    const secret = ofKind<Secret>(manifests, Secret).find((s) => !isHook(s))!;
    expect(Object.keys(secret.data ?? {}).sort()).toEqual(['AMQP_URL', 'SECRETS_ENCRYPTION_KEY']);
    const env = envOf(container(ofKind<Deployment>(manifests, Deployment)[0]!.spec!.template.spec!));
    expect(env.get('DATABASE_URL')?.value).toBe(
      'postgresql://meridian@pg.internal:5432/meridian?sslmode=require',
    );
    expect(env.has('AMQP_URL')).toBe(false);
  });

  it('refuses an external service without its password Secret, and unknown sslmode or queue type', () => {
    expect(renderFailure([...defaults, '--set', 'database.host=pg.internal'])).toContain(
      'database.passwordSecret.name is required',
    );
    expect(renderFailure([...defaults, '--set', 'rabbitmq.host=mq.internal'])).toContain(
      'rabbitmq.passwordSecret.name is required',
    );
    expect(renderFailure([...defaults, '--set', 'database.sslmode=allow-anything'])).toContain('sslmode');
    expect(renderFailure([...defaults, '--set', 'rabbitmq.queueType=stream'])).toContain('queueType');
  });
});
