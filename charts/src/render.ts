import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { chartDir, helm } from './helm.ts';

export const RELEASE = 'listready';
export const NAMESPACE = 'listready';
/** The cluster version the chart is rendered for (Chart.yaml kubeVersion is the floor). */
export const KUBE_VERSION = '1.33.0';
export const PRODUCTION_VALUES = path.join(chartDir, 'values-production.yaml');

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

export interface RenderOptions {
  valuesFiles?: readonly string[];
  /** `--set key=value` pairs. */
  set?: Readonly<Record<string, string>>;
}

function renderArgs(options: RenderOptions): string[] {
  return [
    ...(options.valuesFiles ?? []).flatMap((file) => ['--values', file]),
    ...Object.entries(options.set ?? {}).flatMap(([key, value]) => ['--set', `${key}=${value}`]),
  ];
}

/** `helm template` of charts/listready (hooks and tests included), parsed into objects. */
export function renderChart(options: RenderOptions = {}): KubernetesObject[] {
  const output = helm([
    'template',
    RELEASE,
    chartDir,
    '--namespace',
    NAMESPACE,
    '--kube-version',
    KUBE_VERSION,
    ...renderArgs(options),
  ]);
  return parseAllDocuments(output)
    .map((document) => {
      if (document.errors.length > 0)
        throw new Error(`helm rendered invalid YAML: ${document.errors[0]?.message}`);
      return document.toJS() as KubernetesObject | null;
    })
    .filter((object): object is KubernetesObject => object !== null);
}

/** The chart's values.yaml as data (what a default install uses). */
export function defaultValues(): Record<string, unknown> {
  return parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Record<string, unknown>;
}

/** The component a workload belongs to (label app.kubernetes.io/component). */
export function componentOf(object: KubernetesObject): string {
  const component = object.metadata.labels?.['app.kubernetes.io/component'];
  if (!component) throw new Error(`${object.kind}/${object.metadata.name} has no component label`);
  return component;
}

/** Names of the components the chart deploys as Deployments, sorted. */
export function deployedComponents(objects: readonly KubernetesObject[]): string[] {
  return objects
    .filter((object) => object.kind === 'Deployment')
    .map(componentOf)
    .sort();
}

/** Names of the one-shot hook Jobs (migrations, Kafka topics), sorted. */
export function hookJobComponents(objects: readonly KubernetesObject[]): string[] {
  return objects
    .filter((object) => object.kind === 'Job')
    .map(componentOf)
    .sort();
}
