{{/*
Names, labels and the table of processes every per-process template ranges over.
*/}}

{{- define "meridian.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Capped at 40 so "<fullname>-lab-report-parser" stays within the 63-character name limit. */}}
{{- define "meridian.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "meridian.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "meridian.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: meridian
{{- end }}

{{/* Selector labels of one process. Call with (dict "root" $ "component" "data-api"). */}}
{{- define "meridian.selectorLabels" -}}
app.kubernetes.io/name: {{ include "meridian.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "meridian.componentLabels" -}}
{{ include "meridian.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/*
One row per process: the values key holding its settings, whether it is an HTTP API, and the
variable that sets the port its HTTP server (API or health/metrics) listens on.
*/}}
{{- define "meridian.processes" -}}
data-api: { values: dataApi, api: true, portEnv: DATA_API_PORT }
management-api: { values: managementApi, api: true, portEnv: MANAGEMENT_API_PORT }
lab-report-parser: { values: labReportParser, api: false, portEnv: HEALTH_PORT }
scheduler: { values: scheduler, api: false, portEnv: HEALTH_PORT }
event-delivery: { values: eventDelivery, api: false, portEnv: HEALTH_PORT }
lab-gateway: { values: labGateway, api: false, portEnv: HEALTH_PORT }
{{- end }}

{{/* Image of one process. Call with (dict "root" $ "image" .image). */}}
{{- define "meridian.image" -}}
{{- $tag := .image.tag | default .root.Values.imageTag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" .image.repository $tag }}
{{- end }}

{{- define "meridian.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "meridian.fullname" .)) }}
{{- end }}

{{- define "meridian.configMapName" -}}
{{- printf "%s-config" (include "meridian.fullname" .) }}
{{- end }}

{{/* The chart's own Secret needs all three values; an existingSecret is taken as is. */}}
{{- define "meridian.requiredSecret" -}}
{{- $msg := printf "set secrets.existingSecret, or give secrets.%s (a working set of values: deploy/helm/meridian/values.example.yaml)" .key -}}
{{- required $msg (index .root.Values.secrets .key) -}}
{{- end }}

{{- define "meridian.podSecurity" -}}
{{- with .Values.podSecurityContext }}
securityContext:
  {{- toYaml . | nindent 2 }}
{{- end }}
automountServiceAccountToken: false
{{- with .Values.serviceAccountName }}
serviceAccountName: {{ . }}
{{- end }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
External PostgreSQL / RabbitMQ (values database.* / rabbitmq.*): the connection variables of a process,
rendered as `env` entries, which take precedence over the Secret's DATABASE_URL / AMQP_URL (envFrom). The
database password goes in as PGPASSWORD (node-postgres reads it when the URL has none: no encoding issues);
the broker's is put into AMQP_URL by Kubernetes' $(VAR) expansion, so it must be URL-safe.
Call with (dict "root" $ "amqp" true); amqp false leaves the broker out (the migration Job).
*/}}
{{- define "meridian.connectionEnv" -}}
{{- $db := .root.Values.database }}
{{- if $db.host }}
{{- $query := list (printf "sslmode=%s" $db.sslmode) }}
{{- if $db.caSecret.name }}
{{- $query = append $query "sslrootcert=/etc/meridian/database-ca/ca.crt" }}
{{- end }}
- name: PGPASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ required "database.passwordSecret.name is required with database.host" $db.passwordSecret.name }}
      key: {{ $db.passwordSecret.key }}
- name: DATABASE_URL
  value: {{ printf "postgresql://%s@%s:%d/%s?%s" $db.user $db.host (int $db.port) $db.name (join "&" $query) | quote }}
{{- end }}
{{- if .amqp }}
{{- $mq := .root.Values.rabbitmq }}
{{- if $mq.host }}
- name: AMQP_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ required "rabbitmq.passwordSecret.name is required with rabbitmq.host" $mq.passwordSecret.name }}
      key: {{ $mq.passwordSecret.key }}
- name: AMQP_URL
  value: {{ printf "%s://%s:$(AMQP_PASSWORD)@%s:%d/%s" (ternary "amqps" "amqp" $mq.tls) $mq.user $mq.host (int $mq.port) (urlquery $mq.vhost) | quote }}
{{- if $mq.caSecret.name }}
- name: NODE_EXTRA_CA_CERTS
  value: /etc/meridian/rabbitmq-ca/ca.crt
{{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/* CA bundles of the external services: volumeMounts (call with "mounts" true) or volumes. */}}
{{- define "meridian.caVolumes" -}}
{{- $db := .root.Values.database }}
{{- $mq := .root.Values.rabbitmq }}
{{- if and $db.host $db.caSecret.name }}
{{- if .mounts }}
- name: database-ca
  mountPath: /etc/meridian/database-ca
  readOnly: true
{{- else }}
- name: database-ca
  secret:
    secretName: {{ $db.caSecret.name }}
    items:
      - key: {{ $db.caSecret.key }}
        path: ca.crt
{{- end }}
{{- end }}
{{- if and .amqp $mq.host $mq.caSecret.name }}
{{- if .mounts }}
- name: rabbitmq-ca
  mountPath: /etc/meridian/rabbitmq-ca
  readOnly: true
{{- else }}
- name: rabbitmq-ca
  secret:
    secretName: {{ $mq.caSecret.name }}
    items:
      - key: {{ $mq.caSecret.key }}
        path: ca.crt
{{- end }}
{{- end }}
{{- end }}
