/**
 * Renders the Helm chart offline (`helm template`) and validates every object against the Kubernetes
 * schemas (helpers in ./render).
 */
import path from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, type IContainer, type IPodSpec, Secret, Service } from 'kubernetes-models/v1';
import { chartDir, nameOf, parseManifests, runHelm, validateAll, type Manifest, type Meta } from './render';

const ciValues = (name: string) => path.join(chartDir, 'ci', name);

const PROCESSES = [
  'data-api',
  'management-api',
  'lab-report-parser',
  'scheduler',
  'event-delivery',
  'lab-gateway',
];
const APIS = ['data-api', 'management-api'];
const WORKERS = PROCESSES.filter((p) => !APIS.includes(p));
/** The lab gateway's MLLP Service (labs deliver HL7 results to it), besides its process Services. */
const MLLP_SERVICE = 'rel-meridian-lab-gateway-mllp';
const LAB_GATEWAY_ENV = [
  { name: 'LAB_MLLP_PORT', value: '2575' },
  { name: 'LAB_ORDER_ENDPOINTS', value: '' },
  { name: 'LAB_TEST_CODING', value: 'lab' },
  { name: 'LAB_TIME_ZONE', value: 'UTC' },
  { name: 'LAB_HL7_APPLICATION', value: 'MERIDIAN' },
  { name: 'LAB_HL7_FACILITY', value: 'MERIDIAN' },
  { name: 'LAB_SIMULATOR', value: 'false' },
];

/** `helm template` output as plain objects; fails the test on a helm error or a YAML error. */
function render(args: string[], release = 'rel'): Manifest[] {
  const { status, stdout, stderr } = runHelm([
    'template',
    release,
    chartDir,
    '--namespace',
    'meridian',
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

function ofKind<T extends Meta>(manifests: Manifest[], model: { is(x: unknown): boolean }): T[] {
  return manifests.filter((m) => model.is(m)) as unknown as T[];
}

const component = (m: Meta) => m.metadata?.labels?.['app.kubernetes.io/component'];
const byComponent = <T extends Meta>(items: T[], name: string): T => {
  const found = items.find((i) => component(i) === name);
  if (!found) throw new Error(`no object for ${name}`);
  return found;
};
const podSpec = (d: Deployment | Job): IPodSpec => d.spec!.template.spec!;
const onlyContainer = (spec: IPodSpec): IContainer => {
  expect(spec.containers).toHaveLength(1);
  return spec.containers[0]!;
};
const isHook = (m: Meta) => m.metadata?.annotations?.['helm.sh/hook'] !== undefined;

function expectHardenedPod(spec: IPodSpec): void {
  expect(spec.securityContext?.runAsNonRoot).toBe(true);
  expect(spec.securityContext?.runAsUser).toBeGreaterThan(0);
  expect(spec.automountServiceAccountToken).toBe(false);
  const c = onlyContainer(spec);
  expect(c.securityContext).toMatchObject({
    readOnlyRootFilesystem: true,
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
  });
  expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
}

describe('helm chart deploy/helm/meridian', () => {
  it('passes helm lint --strict with the CI values files', () => {
    for (const file of ['default-values.yaml', 'existing-secret-eu-values.yaml']) {
      const { status, stdout, stderr } = runHelm(['lint', '--strict', chartDir, '-f', ciValues(file)]);
      expect({ file, status, out: stdout + stderr }).toMatchObject({ file, status: 0 });
    }
  });

  describe('with default values and chart-managed secrets', () => {
    let manifests: Manifest[];
    let deployments: Deployment[];
    beforeAll(() => {
      manifests = render(['-f', ciValues('default-values.yaml')]);
      deployments = ofKind<Deployment>(manifests, Deployment);
    });

    it('renders only objects that validate against the Kubernetes schemas', () => {
      validateAll(manifests);
      const counts = manifests.reduce<Record<string, number>>((acc, m) => {
        acc[m.kind] = (acc[m.kind] ?? 0) + 1;
        return acc;
      }, {});
      expect(counts).toEqual({
        ConfigMap: 1,
        Secret: 2, // the release's, and the migration hook's own
        Deployment: 6,
        Service: 3, // the two APIs and the lab gateway's MLLP port
        Job: 1,
        HorizontalPodAutoscaler: 2,
        PodDisruptionBudget: 2,
      });
    });

    it('names every object within the DNS label limits', () => {
      const long = render(['-f', ciValues('default-values.yaml')], 'a'.repeat(53));
      for (const m of [...manifests, ...long]) {
        expect(nameOf(m)).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
        expect(nameOf(m).length).toBeLessThanOrEqual(63);
      }
    });

    it('has one hardened Deployment per process with /healthz liveness and /readyz readiness probes', () => {
      expect(deployments.map(component).sort()).toEqual([...PROCESSES].sort());
      for (const d of deployments) {
        const spec = podSpec(d);
        const c = onlyContainer(spec);
        expect(c.name).toBe(component(d));
        expect(c.image).toBe(`meridian/${component(d)}:0.1.0`);
        expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
        expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
        expect(c.ports?.map((p) => p.name)).toEqual(
          component(d) === 'lab-gateway' ? ['http', 'mllp'] : ['http'],
        );
        expect(c.resources?.requests).toBeDefined();
        expectHardenedPod(spec);
        // Selector must select the pod template, or the API server rejects the Deployment.
        expect(d.spec!.template.metadata!.labels).toMatchObject(d.spec!.selector.matchLabels!);
      }
    });

    it('gives each process its port variable and the shared ConfigMap and Secret', () => {
      const configMap = ofKind<ConfigMap>(manifests, ConfigMap)[0]!;
      const secret = ofKind<Secret>(manifests, Secret).find((s) => !isHook(s))!;
      expect(configMap.data).toEqual({ HOST: '0.0.0.0', LOG_LEVEL: 'info', REGION: 'us' });
      expect(Object.keys(secret.data ?? {}).sort()).toEqual([
        'AMQP_URL',
        'DATABASE_URL',
        'SECRETS_ENCRYPTION_KEY',
      ]);
      const portEnv: Record<string, [string, number]> = {
        'data-api': ['DATA_API_PORT', 8000],
        'management-api': ['MANAGEMENT_API_PORT', 8001],
        'lab-report-parser': ['HEALTH_PORT', 8080],
        scheduler: ['HEALTH_PORT', 8080],
        'event-delivery': ['HEALTH_PORT', 8080],
        'lab-gateway': ['HEALTH_PORT', 8080],
      };
      for (const d of deployments) {
        const c = onlyContainer(podSpec(d));
        const [name, port] = portEnv[component(d)!]!;
        // The APIs also trust in-cluster proxies for the client address (rate limits per address).
        const trustProxy = APIS.includes(component(d)!)
          ? [{ name: 'TRUST_PROXY', value: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16' }]
          : [];
        const lab = component(d) === 'lab-gateway' ? LAB_GATEWAY_ENV : [];
        // The data API's mobile-SDK push limits, at the service's defaults (the env in name order).
        const sdkPush =
          component(d) === 'data-api'
            ? [
                { name: 'SDK_PUSH_DEVICE_RATE_PER_MINUTE', value: '120' },
                { name: 'SDK_PUSH_MAX_BODY_BYTES', value: '8388608' },
                { name: 'SDK_PUSH_MAX_RECORDS', value: '10000' },
              ]
            : [];
        expect(c.env).toEqual([{ name, value: String(port) }, ...lab, ...sdkPush, ...trustProxy]);
        expect(c.ports?.[0]?.containerPort).toBe(port);
        expect(c.envFrom).toEqual([
          { configMapRef: { name: configMap.metadata!.name } },
          { secretRef: { name: secret.metadata!.name } },
        ]);
      }
    });

    it("exposes the lab gateway's MLLP port to labs through a Service that selects its pods", () => {
      const mllp = ofKind<Service>(manifests, Service).find((s) => nameOf(s) === MLLP_SERVICE)!;
      const d = byComponent(deployments, 'lab-gateway');
      expect(d.spec!.template.metadata!.labels).toMatchObject(mllp.spec!.selector!);
      expect(mllp.spec!.type).toBe('ClusterIP');
      expect(mllp.spec!.ports).toEqual([{ name: 'mllp', port: 2575, targetPort: 'mllp', protocol: 'TCP' }]);
      expect(onlyContainer(podSpec(d)).ports).toContainEqual({
        name: 'mllp',
        containerPort: 2575,
        protocol: 'TCP',
      });
    });

    it('exposes the two APIs through Services that select their pods', () => {
      const services = ofKind<Service>(manifests, Service).filter((s) => nameOf(s) !== MLLP_SERVICE);
      expect(services.map(component).sort()).toEqual([...APIS].sort());
      for (const s of services) {
        const d = byComponent(deployments, component(s)!);
        expect(d.spec!.template.metadata!.labels).toMatchObject(s.spec!.selector!);
        expect(s.spec!.ports).toEqual([
          {
            name: 'http',
            port: component(s) === 'data-api' ? 8000 : 8001,
            targetPort: 'http',
            protocol: 'TCP',
          },
        ]);
      }
    });

    it('autoscales and protects the APIs, leaving their replica count to the HPA', () => {
      const hpas = ofKind<HorizontalPodAutoscaler>(manifests, HorizontalPodAutoscaler);
      const pdbs = ofKind<PodDisruptionBudget>(manifests, PodDisruptionBudget);
      expect(hpas.map(component).sort()).toEqual([...APIS].sort());
      expect(pdbs.map(component).sort()).toEqual([...APIS].sort());
      for (const hpa of hpas) {
        const d = byComponent(deployments, component(hpa)!);
        expect(hpa.spec!.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: d.metadata!.name,
        });
        expect(d.spec!.replicas).toBeUndefined();
      }
      for (const pdb of pdbs) {
        const d = byComponent(deployments, component(pdb)!);
        expect(pdb.spec!.selector!.matchLabels).toEqual(d.spec!.selector.matchLabels);
      }
      for (const worker of WORKERS)
        expect(byComponent(deployments, worker).spec!.replicas).toBeGreaterThan(0);
    });

    it('migrates in a pre-install/pre-upgrade hook Job fed by a hook Secret created before it', () => {
      const job = ofKind<Job>(manifests, Job)[0]!;
      const hookSecret = ofKind<Secret>(manifests, Secret).find(isHook)!;
      expect(job.metadata!.annotations).toEqual({
        'helm.sh/hook': 'pre-install,pre-upgrade',
        'helm.sh/hook-weight': '0',
        'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
      });
      expect(hookSecret.metadata!.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      expect(Number(hookSecret.metadata!.annotations!['helm.sh/hook-weight'])).toBeLessThan(0);
      expect(Object.keys(hookSecret.data!)).toEqual(['DATABASE_URL']);
      const spec = podSpec(job);
      const c = onlyContainer(spec);
      expect(spec.restartPolicy).toBe('Never');
      expect(c.image).toBe('meridian/data-api:0.1.0');
      expect(c.command).toEqual(['node', 'dist/migrate.js']);
      expect(c.env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: hookSecret.metadata!.name, key: 'DATABASE_URL' } },
      });
      expectHardenedPod(spec);
    });
  });

  describe('with an existing Secret, no autoscaling, the eu region, worker Services and an Ingress', () => {
    let manifests: Manifest[];
    let deployments: Deployment[];
    beforeAll(() => {
      manifests = render(['-f', ciValues('existing-secret-eu-values.yaml')]);
      deployments = ofKind<Deployment>(manifests, Deployment);
    });

    it('renders only objects that validate against the Kubernetes schemas', () => {
      validateAll(manifests);
      expect(ofKind(manifests, Secret)).toEqual([]);
      expect(ofKind(manifests, HorizontalPodAutoscaler)).toEqual([]);
      expect(deployments).toHaveLength(6);
      expect(ofKind(manifests, PodDisruptionBudget)).toHaveLength(2);
    });

    it('reads secrets from the existing Secret, in the processes and in the migration Job', () => {
      for (const d of deployments) {
        expect(onlyContainer(podSpec(d)).envFrom).toContainEqual({
          secretRef: { name: 'meridian-credentials' },
        });
      }
      const job = onlyContainer(podSpec(ofKind<Job>(manifests, Job)[0]!));
      expect(job.env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'meridian-credentials', key: 'DATABASE_URL' } },
      });
    });

    it('sets fixed replica counts and the region', () => {
      expect(byComponent(deployments, 'data-api').spec!.replicas).toBe(3);
      expect(byComponent(deployments, 'management-api').spec!.replicas).toBe(2);
      expect(ofKind<ConfigMap>(manifests, ConfigMap)[0]!.data).toMatchObject({
        REGION: 'eu',
        WEBHOOK_ALLOWED_TARGETS: 'receiver.internal.svc',
      });
    });

    it('gives a process its own extra environment, and only that process', () => {
      const env = onlyContainer(podSpec(byComponent(deployments, 'event-delivery'))).env ?? [];
      expect(env).toEqual(
        expect.arrayContaining([
          { name: 'DELIVERY_CONCURRENCY', value: '50' },
          { name: 'WEBHOOK_TIMEOUT_MS', value: '10000' },
        ]),
      );
      for (const other of PROCESSES.filter((p) => p !== 'event-delivery')) {
        const names = (onlyContainer(podSpec(byComponent(deployments, other))).env ?? []).map((e) => e.name);
        expect(names).not.toContain('DELIVERY_CONCURRENCY');
      }
    });

    it('adds headless metrics Services for the workers and routes the Ingress hosts to the API Services', () => {
      const services = ofKind<Service>(manifests, Service).filter((s) => nameOf(s) !== MLLP_SERVICE);
      expect(services.map(component).sort()).toEqual([...PROCESSES].sort());
      for (const worker of WORKERS) expect(byComponent(services, worker).spec!.clusterIP).toBe('None');
      const ingress = ofKind<Ingress>(manifests, Ingress)[0]!;
      const routes = ingress.spec!.rules!.map((r) => [r.host, r.http!.paths[0]!.backend.service]);
      expect(routes).toEqual([
        ['api.meridian.example.com', { name: 'rel-meridian-data-api', port: { number: 8000 } }],
        ['manage.meridian.example.com', { name: 'rel-meridian-management-api', port: { number: 8001 } }],
      ]);
    });
  });

  describe('values.schema.json', () => {
    it('rejects a process env entry whose name is not an environment variable name', () => {
      const { status, stderr } = runHelm([
        'template',
        'rel',
        chartDir,
        '-f',
        ciValues('default-values.yaml'),
        '--set',
        'scheduler.env.bad-name=1',
      ]);
      expect(status).not.toBe(0);
      expect(stderr).toMatch(/bad-name|propertyNames|does not match pattern/i);
    });

    const base = ['-f', ciValues('default-values.yaml')];

    it('rejects a replica count that is not an integer', () => {
      expect(renderFailure([...base, '--set-string', 'dataApi.replicas=three'])).toContain(
        'dataApi.replicas: Invalid type. Expected: integer, given: string',
      );
    });

    it('rejects unknown keys, so a typo cannot silently fall back to a default', () => {
      expect(renderFailure([...base, '--set', 'scheduler.replica=2'])).toContain(
        'Additional property replica is not allowed',
      );
    });

    it('rejects an encryption key that is not base64 of 32 bytes, and an unknown region', () => {
      expect(renderFailure([...base, '--set', 'secrets.secretsEncryptionKey=c2hvcnQ='])).toContain(
        'secrets.secretsEncryptionKey',
      );
      expect(renderFailure([...base, '--set', 'config.region=apac'])).toContain('config.region');
    });
  });

  it('renders provider OAuth apps into the Secret and the public URLs into the ConfigMap', () => {
    const manifests = render([
      '-f',
      ciValues('default-values.yaml'),
      '--set',
      'secrets.providerCredentials.oura.clientId=oura-app',
      '--set',
      'secrets.providerCredentials.oura.clientSecret=oura-secret',
      '--set',
      'config.dataApiPublicUrl=https://api.example.com',
      '--set',
      'config.providerAllowedTargets=10.0.0.0/8',
    ]);
    validateAll(manifests);
    const secret = ofKind<Secret>(manifests, Secret).find((x) => !isHook(x))!;
    const decode = (v?: string) => Buffer.from(v ?? '', 'base64').toString('utf8');
    expect(decode(secret.data?.PROVIDER_OURA_CLIENT_ID)).toBe('oura-app');
    expect(decode(secret.data?.PROVIDER_OURA_CLIENT_SECRET)).toBe('oura-secret');
    const config = ofKind<ConfigMap>(manifests, ConfigMap)[0]!;
    expect(config.data).toMatchObject({
      DATA_API_PUBLIC_URL: 'https://api.example.com',
      PROVIDER_ALLOWED_TARGETS: '10.0.0.0/8',
    });
    expect(
      renderFailure([
        '-f',
        ciValues('default-values.yaml'),
        '--set',
        'secrets.providerCredentials.oura.clientId=x',
      ]),
    ).toContain('clientSecret');
  });

  it('refuses to render without secrets, naming the way out', () => {
    expect(renderFailure([])).toContain('set secrets.existingSecret, or give secrets.databaseUrl');
  });
});
