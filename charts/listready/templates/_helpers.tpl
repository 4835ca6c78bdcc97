{{/*
Shared building blocks. Every workload template ranges over "listready.components" and takes
its names, labels, image, env, probes and security context from here, so adding a component is one
values block and no template change.
*/}}

{{- define "listready.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "listready.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Object name of one component: (dict "root" $ "name" "auth") → <fullname>-auth */}}
{{- define "listready.componentName" -}}
{{- printf "%s-%s" (include "listready.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "listready.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "listready.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
Labels on every object. The version label is the chart's appVersion, never a component's image
tag: rolling one remote must change that remote's Deployment only.
(dict "root" $ "name" "auth")
*/}}
{{- define "listready.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "listready.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: listready
{{- end -}}

{{- define "listready.selectorLabels" -}}
app.kubernetes.io/name: {{ include "listready.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
The deployed components as a YAML map, name → values plus:
  kind: node (a Node process: gateway, services) or static (nginx: shell, remotes)
  tier: gateway | service | shell | remote
Disabled components are left out, so nothing renders for them.
*/}}
{{- define "listready.components" -}}
{{- $components := dict -}}
{{- if .Values.gateway.enabled -}}
{{- $_ := set $components "gateway" (merge (dict "kind" "node" "tier" "gateway") (deepCopy .Values.gateway)) -}}
{{- end -}}
{{- range $key, $service := .Values.services -}}
{{- if $service.enabled -}}
{{- $_ := set $components $key (merge (dict "kind" "node" "tier" "service") (deepCopy $service)) -}}
{{- end -}}
{{- end -}}
{{- if .Values.shell.enabled -}}
{{- $_ := set $components "shell" (merge (dict "kind" "static" "tier" "shell") (deepCopy .Values.shell)) -}}
{{- end -}}
{{- range $key, $remote := .Values.remotes -}}
{{- if $remote.enabled -}}
{{- $_ := set $components (printf "mfe-%s" $key) (merge (dict "kind" "static" "tier" "remote" "remote" $key) (deepCopy $remote)) -}}
{{- end -}}
{{- end -}}
{{- toYaml $components -}}
{{- end -}}

{{/* Image reference: (dict "root" $ "image" .image) */}}
{{- define "listready.image" -}}
{{- $global := .root.Values.global.image -}}
{{- $registry := default $global.registry .image.registry -}}
{{- $tag := .image.tag | default $global.tag | default .root.Chart.AppVersion -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" $registry .image.repository $tag -}}
{{- else -}}
{{- printf "%s:%s" .image.repository $tag -}}
{{- end -}}
{{- end -}}

{{/* The tag a component runs: (dict "root" $ "image" .image) */}}
{{- define "listready.imageTag" -}}
{{- .image.tag | default .root.Values.global.image.tag | default .root.Chart.AppVersion -}}
{{- end -}}

{{/*
The URL the browser loads a remote's manifest from (remotes.json): its own `url` when it is hosted
elsewhere, else its path behind the Ingress. `?v=<tag>` makes every release a new URL, so no cache
between the browser and the remote can serve an old manifest after a roll.
(dict "root" $ "key" "seller" "remote" .Values.remotes.seller)
*/}}
{{- define "listready.remoteUrl" -}}
{{- if .remote.url -}}
{{- .remote.url -}}
{{- else -}}
{{- printf "/remotes/mfe-%s/mf-manifest.json?v=%s" .key (include "listready.imageTag" (dict "root" .root "image" .remote.image)) -}}
{{- end -}}
{{- end -}}

{{/* Origins of remotes hosted elsewhere, space-separated, for the shell's Content-Security-Policy. */}}
{{- define "listready.remoteOrigins" -}}
{{- $origins := list -}}
{{- range $key, $remote := .Values.remotes -}}
{{- if and $remote.url (regexMatch "^https?://" $remote.url) -}}
{{- $origins = append $origins (regexFind "^https?://[^/]+" $remote.url) -}}
{{- end -}}
{{- end -}}
{{- $origins | uniq | sortAlpha | join " " -}}
{{- end -}}

{{/* One secret-backed env var: (dict "root" $ "name" "DATABASE_URL") */}}
{{- define "listready.secretEnvVar" -}}
{{- $ref := index .root.Values.secretEnv .name | required (printf "secretEnv.%s is not defined" .name) -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ tpl $ref.secretName .root | quote }}
      key: {{ default .name $ref.key | quote }}
      optional: {{ default false $ref.optional }}
{{- end -}}

{{/*
Environment of a Node component: the platform settings, the component's secret references and its
plain `env`. (dict "root" $ "name" "auth" "component" $component)
*/}}
{{- define "listready.nodeEnv" -}}
{{- $root := .root -}}
- name: NODE_ENV
  value: production
- name: HOST
  value: 0.0.0.0
- name: PORT
  value: {{ $root.Values.containerPort | quote }}
- name: LOG_LEVEL
  value: {{ default $root.Values.global.logLevel .component.logLevel | quote }}
- name: DATA_DIR
  value: /tmp/listready
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
{{- with $root.Values.global.otlpEndpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- with $root.Values.global.publicUrl }}
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
{{- if has "KAFKA_BROKERS" (default list .component.secretEnv) }}
{{- include "listready.kafkaEnv" $root | nindent 0 }}
{{- end }}
{{- range (default list .component.secretEnv) }}
{{ include "listready.secretEnvVar" (dict "root" $root "name" .) }}
{{- end }}
{{- range $name, $value := .component.env }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* Topic naming and sizing shared by the services and the topic Job (libs/events/src/config.ts). */}}
{{- define "listready.kafkaEnv" -}}
- name: KAFKA_CLIENT_ID
  value: {{ .Values.kafka.clientId | quote }}
- name: KAFKA_TOPIC_PREFIX
  value: {{ .Values.kafka.topicPrefix | quote }}
- name: KAFKA_TOPIC_PARTITIONS
  value: {{ .Values.kafka.partitions | quote }}
- name: KAFKA_REPLICATION_FACTOR
  value: {{ .Values.kafka.replicationFactor | quote }}
{{- end -}}

{{/* Liveness /healthz, readiness /readyz, and a startup window for slow first boots. */}}
{{- define "listready.probes" -}}
{{- $probes := .Values.probes -}}
startupProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: {{ $probes.startup.periodSeconds }}
  failureThreshold: {{ $probes.startup.failureThreshold }}
  timeoutSeconds: {{ $probes.startup.timeoutSeconds }}
livenessProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: {{ $probes.liveness.periodSeconds }}
  failureThreshold: {{ $probes.liveness.failureThreshold }}
  timeoutSeconds: {{ $probes.liveness.timeoutSeconds }}
readinessProbe:
  httpGet:
    path: /readyz
    port: http
  periodSeconds: {{ $probes.readiness.periodSeconds }}
  failureThreshold: {{ $probes.readiness.failureThreshold }}
  timeoutSeconds: {{ $probes.readiness.timeoutSeconds }}
{{- end -}}

{{/* Pod-level security: non-root with the image's user, default seccomp profile. (dict "root" $ "kind" "node") */}}
{{- define "listready.podSecurityContext" -}}
{{- $user := index .root.Values.security.runAsUser .kind -}}
runAsNonRoot: true
runAsUser: {{ $user }}
runAsGroup: {{ $user }}
fsGroup: {{ $user }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Container-level security: read-only root file system, no privilege escalation, no capabilities. */}}
{{- define "listready.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
privileged: false
capabilities:
  drop:
    - ALL
{{- end -}}

{{/* Pod spec parts every workload shares (pods and hook Jobs). */}}
{{- define "listready.podCommon" -}}
automountServiceAccountToken: false
{{- with .Values.global.image.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.global.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.global.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The only writable place: /tmp (scratch space that lives as long as the pod). */}}
{{- define "listready.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}

{{/* Where the gateway finds each enabled service (gateway/src/config.ts). */}}
{{- define "listready.gatewayEnv" -}}
# The shell's nginx serves the front end; the gateway answers /api behind the ingress (one hop).
- name: SERVE_FRONTEND
  value: "false"
- name: TRUST_PROXY
  value: "1"
{{- range $key, $service := .Values.services }}
{{- if $service.enabled }}
- name: {{ printf "%s_SERVICE_URL" (upper $key) }}
  value: {{ printf "http://%s" (include "listready.componentName" (dict "root" $ "name" $key)) | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
The shell's Content-Security-Policy (nginx include). Same directives as the gateway's
(gateway/src/frontend), plus the origins of remotes hosted elsewhere; the style nonce is nginx's
$request_id, which the shell's nginx also writes into the page (deploy/static/shell.nginx.conf); the
sha256 source is the visitor pages' inline loader (libs/contracts/src/visitor-pages.ts).
*/}}
{{- define "listready.shellCsp" -}}
{{- $federated := trim (printf "'self' %s" (include "listready.remoteOrigins" .)) -}}
add_header Content-Security-Policy "default-src 'self'; script-src {{ $federated }} 'sha256-HLf42OsfjvhC6110PHfwCTGwgJnvBBTnPO+XbczsVX0='; script-src-attr 'none'; style-src {{ $federated }} 'nonce-$request_id'; connect-src {{ $federated }}; img-src {{ $federated }} data:; font-src {{ $federated }}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;
{{- end -}}

{{/*
A one-shot Job that runs before the release's workloads roll (pre-install and pre-upgrade hook),
from the jobs image (deploy/node/Dockerfile with COMPONENT=libs/events).
(dict "root" $ "name" "migrate" "weight" -10 "command" (list ...) "job" .Values.migrations "env" "<yaml>")
Hook Jobs run before the chart's ServiceAccount exists, so they use the namespace's default one,
without its token.
*/}}
{{- define "listready.hookJob" -}}
{{- $root := .root -}}
{{- $context := dict "root" $root "name" .name -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "listready.componentName" $context }}
  labels:
    {{- include "listready.labels" $context | nindent 4 }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: {{ .weight | quote }}
    # Kept after success so its log can be read; replaced by the next release's run.
    helm.sh/hook-delete-policy: before-hook-creation
spec:
  backoffLimit: {{ .job.backoffLimit }}
  activeDeadlineSeconds: {{ .job.activeDeadlineSeconds }}
  template:
    metadata:
      labels:
        {{- include "listready.labels" $context | nindent 8 }}
    spec:
      restartPolicy: Never
      {{- include "listready.podCommon" $root | nindent 6 }}
      securityContext:
        {{- include "listready.podSecurityContext" (dict "root" $root "kind" "node") | nindent 8 }}
      containers:
        - name: {{ .name }}
          image: {{ include "listready.image" (dict "root" $root "image" $root.Values.jobs.image) | quote }}
          imagePullPolicy: {{ $root.Values.global.image.pullPolicy }}
          command:
            {{- toYaml .command | nindent 12 }}
          env:
            - name: NODE_ENV
              value: production
            - name: DATA_DIR
              value: /tmp/listready
            {{- .env | nindent 12 }}
          resources:
            {{- toYaml .job.resources | nindent 12 }}
          securityContext:
            {{- include "listready.containerSecurityContext" $root | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        {{- include "listready.tmpVolume" $root | nindent 8 }}
{{- end -}}
