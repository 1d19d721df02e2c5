/**
 * The README's Kubernetes install, as a reader would follow it: the values step is run as written (in a
 * scratch directory), the `helm install` line is rendered with `helm template` and the same arguments, and
 * the images the chart asks for are the ones the README's `docker build` lines tag.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Secret } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { chartDir, helm, parseManifests, runHelm, validateAll, type Manifest } from './render';

const root = path.resolve(__dirname, '..', '..');
const PROCESSES = [
  'data-api',
  'management-api',
  'lab-report-parser',
  'scheduler',
  'event-delivery',
  'lab-gateway',
];
const PLACEHOLDER_KEY = (
  parse(readFileSync(path.join(chartDir, 'values.example.yaml'), 'utf8')) as {
    secrets: { secretsEncryptionKey: string };
  }
).secrets.secretsEncryptionKey;

/** The shell commands of the README's Helm section: comments dropped, continuation lines joined. */
function readmeInstallCommands(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^### Kubernetes \(Helm\)$/m)[1];
  if (!section) throw new Error('README has no "### Kubernetes (Helm)" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the Helm section has no sh block');
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

const helmAvailable = existsSync(helm) && spawnSync(helm, ['version'], { timeout: 15_000 }).status === 0;

(helmAvailable ? describe : describe.skip)('README: install on Kubernetes with Helm', () => {
  const commands = readmeInstallCommands();
  const builds = commands
    .map((c) => /^docker build -t (\S+) -f (\S+) \.$/.exec(c))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, image, dockerfile]) => ({ image: image!, dockerfile: dockerfile! }));
  const valueSteps = commands.filter((c) => !c.startsWith('docker ') && !c.startsWith('helm '));
  const install = commands.filter((c) => c.startsWith('helm install '));

  let work: string;
  let manifests: Manifest[];
  let myValues: { secrets: Record<string, string> };

  beforeAll(() => {
    // A scratch directory that looks like the repository root to the commands (they use relative paths).
    work = mkdtempSync(path.join(os.tmpdir(), 'meridian-helm-'));
    symlinkSync(path.join(root, 'deploy'), path.join(work, 'deploy'));
    for (const step of valueSteps) {
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', step], { cwd: work, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`README step failed: ${step}\n${run.stderr}`);
    }
    myValues = parse(readFileSync(path.join(work, 'my-values.yaml'), 'utf8')) as typeof myValues;
    expect(install).toHaveLength(1);
    const [, , ...args] = install[0]!.split(/\s+/);
    const rendered = runHelm(['template', ...args, '--kube-version', '1.30.0'], work);
    if (rendered.status !== 0) throw new Error(`helm template failed: ${rendered.stderr}`);
    manifests = parseManifests(rendered.stdout);
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds each of the six images from its existing Dockerfile', () => {
    expect(builds.map((b) => b.dockerfile).sort()).toEqual(
      PROCESSES.map((p) => `docker/${p}.Dockerfile`).sort(),
    );
    for (const { image, dockerfile } of builds) {
      const service = /docker\/(.+)\.Dockerfile$/.exec(dockerfile)![1]!;
      expect(readFileSync(path.join(root, dockerfile), 'utf8')).toContain(`ARG SERVICE=${service}`);
      expect(image).toMatch(new RegExp(`/${service}:[\\w.-]+$`));
    }
  });

  it('renders objects that all validate against the Kubernetes schemas', () => {
    validateAll(manifests);
    expect(manifests.filter((m) => m.kind === 'Deployment')).toHaveLength(PROCESSES.length);
  });

  it('runs exactly the images the docker build lines tag, the migration Job included', () => {
    const deployments = manifests.filter((m): m is Deployment => Deployment.is(m));
    const images = deployments.map((d) => d.spec!.template.spec!.containers[0]!.image);
    expect(images.sort()).toEqual(builds.map((b) => b.image).sort());
    const job = manifests.find((m): m is Job => Job.is(m))!;
    expect(job.spec!.template.spec!.containers[0]!.image).toBe(
      builds.find((b) => b.dockerfile === 'docker/data-api.Dockerfile')!.image,
    );
  });

  it('puts a freshly generated key, not the placeholder, and the example connections into the Secret', () => {
    const secret = manifests.find(
      (m): m is Secret => Secret.is(m) && !m.metadata?.annotations?.['helm.sh/hook'],
    )!;
    const decode = (v?: string) => Buffer.from(v ?? '', 'base64').toString('utf8');
    const key = decode(secret.data?.SECRETS_ENCRYPTION_KEY);
    expect(key).toBe(myValues.secrets.secretsEncryptionKey);
    expect(key).not.toBe(PLACEHOLDER_KEY);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(decode(secret.data?.DATABASE_URL)).toMatch(/^postgres:\/\//);
    expect(decode(secret.data?.AMQP_URL)).toMatch(/^amqp:\/\//);
  });

  it('refuses the example as is (its placeholder key), and no values at all, naming the way out', () => {
    const asIs = runHelm([
      'template',
      'meridian',
      chartDir,
      '-f',
      path.join(chartDir, 'values.example.yaml'),
    ]);
    expect(asIs.status).not.toBe(0);
    expect(asIs.stderr).toContain('placeholder of values.example.yaml');
    const bare = runHelm(['template', 'meridian', chartDir]);
    expect(bare.status).not.toBe(0);
    expect(bare.stderr).toContain('deploy/helm/meridian/values.example.yaml');
  });
});
