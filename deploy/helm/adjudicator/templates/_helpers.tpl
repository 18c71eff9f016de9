{{/* Chart name, at most 63 characters (a DNS label). */}}
{{- define "adjudicator.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Full name of every resource: the release name, plus the chart name unless the release name holds it. */}}
{{- define "adjudicator.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "adjudicator.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels of every resource. */}}
{{- define "adjudicator.labels" -}}
helm.sh/chart: {{ include "adjudicator.chart" . }}
{{ include "adjudicator.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Labels that select the pods; never change them (a Deployment's selector is immutable). */}}
{{- define "adjudicator.selectorLabels" -}}
app.kubernetes.io/name: {{ include "adjudicator.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "adjudicator.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "adjudicator.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "adjudicator.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) }}
{{- end }}
{{- end }}

{{/* Whether Redis is configured: "true" or "". */}}
{{- define "adjudicator.redisEnabled" -}}
{{- if or .Values.redis.existingSecret .Values.redis.url }}true{{ end }}
{{- end }}

{{/* Name of the Secret holding the Redis URL (and password). */}}
{{- define "adjudicator.redisSecretName" -}}
{{- default (printf "%s-redis" (include "adjudicator.fullname" .)) .Values.redis.existingSecret }}
{{- end }}

{{/*
Seconds in a Go duration written in whole units ("15s", "1m30s", "500ms",
"0"), rounded up; the chart fails on any other form, such as "1.5s".
*/}}
{{- define "adjudicator.seconds" -}}
{{- $d := toString .value }}
{{- if eq $d "0" }}0
{{- else if not (regexMatch "^([0-9]+(h|m|s|ms))+$" $d) }}
{{- fail (printf "%s: %q is not a duration in whole units such as 15s, 1m30s or 500ms" .name $d) }}
{{- else }}
{{- $ms := 0 }}
{{- range regexFindAll "[0-9]+(h|ms|m|s)" $d -1 }}
{{- $n := regexFind "^[0-9]+" . | atoi }}
{{- $unit := trimPrefix (regexFind "^[0-9]+" .) . }}
{{- if eq $unit "h" }}{{ $ms = add $ms (mul $n 3600000) }}
{{- else if eq $unit "m" }}{{ $ms = add $ms (mul $n 60000) }}
{{- else if eq $unit "s" }}{{ $ms = add $ms (mul $n 1000) }}
{{- else }}{{ $ms = add $ms $n }}
{{- end }}
{{- end }}
{{- div (add $ms 999) 1000 }}
{{- end }}
{{- end }}

{{/* ADJUDICATOR_* variables of the ConfigMap, from .Values.config and, with Redis, .Values.redis. */}}
{{- define "adjudicator.settings" -}}
{{- $c := .Values.config }}
{{- $settings := dict
  "ADJUDICATOR_ADDR" (printf ":%v" .Values.containerPort)
  "ADJUDICATOR_LOG_LEVEL" $c.logLevel
  "ADJUDICATOR_REQUEST_TIMEOUT" $c.requestTimeout
  "ADJUDICATOR_SHUTDOWN_DELAY" $c.shutdownDelay
  "ADJUDICATOR_DRAIN_TIMEOUT" $c.drainTimeout
  "ADJUDICATOR_MAX_BODY_BYTES" $c.maxBodyBytes
  "ADJUDICATOR_MAX_MOVES" $c.maxMoves
  "ADJUDICATOR_MAX_PERFT_DEPTH" $c.maxPerftDepth
  "ADJUDICATOR_MAX_PERFT_NODES" $c.maxPerftNodes
  "ADJUDICATOR_INLINE_VARIANTS" $c.inlineVariants
  "ADJUDICATOR_CACHE_SIZE" $c.cacheSize
  "ADJUDICATOR_CACHE_MAX_VALUE" $c.cacheMaxValue
  "ADJUDICATOR_CACHE_TTL" $c.cacheTTL
}}
{{- if include "adjudicator.redisEnabled" . }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_MODE" .Values.redis.mode }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_PREFIX" .Values.redis.prefix }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_TIMEOUT" .Values.redis.timeout }}
{{- end }}
{{- range $name := keys $settings | sortAlpha }}
{{- $v := get $settings $name }}
{{- if and (not (kindIs "invalid" $v)) (ne (toString $v) "") }}
{{ $name }}: {{ include "adjudicator.plain" $v | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* A value as the service reads it: integers without exponent (YAML numbers arrive as float64). */}}
{{- define "adjudicator.plain" -}}
{{- if kindIs "float64" . }}{{ int64 . }}{{ else }}{{ . }}{{ end }}
{{- end }}
