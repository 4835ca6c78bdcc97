import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Pod, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { KubernetesObject } from './render.ts';

/**
 * Validation of rendered objects against the Kubernetes OpenAPI schemas (kubernetes-models' compiled
 * validators): types, required fields, enums and formats. A kind the chart starts to render must
 * be added here, so nothing goes out unchecked.
 */
type Validatable = new (data: never) => { validate(): void };

const MODELS: Readonly<Record<string, Validatable>> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Pod': Pod,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

export class SchemaViolation extends Error {
  readonly code = 'KUBERNETES_SCHEMA_VIOLATION';
}

/** Throws a SchemaViolation naming the object when it does not match its kind's schema. */
export function validateKubernetesObject(object: KubernetesObject): void {
  const label = `${object.kind}/${object.metadata.name}`;
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new SchemaViolation(`${label}: no schema known for ${object.apiVersion} ${object.kind}`);
  try {
    new Model(object as never).validate();
  } catch (error) {
    throw new SchemaViolation(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
