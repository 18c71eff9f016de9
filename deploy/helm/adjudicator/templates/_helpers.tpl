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
{{- default (include "adjudicator.chartSecretName" .) .Values.redis.existingSecret }}
{{- end }}

{{/* Name of the Secret the chart makes from values (URL, password, cache secret). */}}
{{- define "adjudicator.chartSecretName" -}}
{{- printf "%s-redis" (include "adjudicator.fullname" .) }}
{{- end }}

{{/* Whether the chart makes its own Secret: "true" or "". */}}
{{- define "adjudicator.chartSecret" -}}
{{- $r := .Values.redis }}
{{- if and (include "adjudicator.redisEnabled" .) (or (and $r.url (not $r.existingSecret)) (and $r.cacheSecret.value (not $r.cacheSecret.existingSecret))) }}true{{ end }}
{{- end }}

{{/*
The ADJUDICATOR_CACHE_SECRET variable, from an existing Secret or the
chart's; with Redis and neither, the chart fails, as the binary would.
*/}}
{{- define "adjudicator.cacheSecretEnv" -}}
{{- $cs := .Values.redis.cacheSecret }}
{{- if $cs.existingSecret }}
- name: ADJUDICATOR_CACHE_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $cs.existingSecret }}
      key: {{ $cs.key }}
{{- else if $cs.value }}
{{- if lt (len $cs.value) 32 }}
{{- fail (printf "redis.cacheSecret.value is %d characters; it must be at least 32 random bytes, e.g. `openssl rand -base64 48`" (len $cs.value)) }}
{{- end }}
- name: ADJUDICATOR_CACHE_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "adjudicator.chartSecretName" . }}
      key: cache-secret
{{- else }}
{{- fail "redis is configured without a cache secret: set redis.cacheSecret.existingSecret (and redis.cacheSecret.key) to a Secret holding at least 32 random bytes, the same for every replica (e.g. `openssl rand -base64 48`), or redis.cacheSecret.value; it signs every value in Redis so that nobody who can write to Redis can forge answers" }}
{{- end }}
{{- end }}

{{/*
GOMEMLIMIT from resources.limits.memory: goMemLimitPercent of it, in MiB,
when the limit is a whole number with a binary (Ki Mi Gi Ti), decimal
(k M G T) or no suffix; otherwise the limit itself through resourceFieldRef.
Empty without a limit, with a percentage of 0, or with GOMEMLIMIT in extraEnv.
*/}}
{{- define "adjudicator.goMemLimitEnv" -}}
{{- $limit := "" }}
{{- with .Values.resources }}{{ with .limits }}{{ with .memory }}{{ $limit = toString . }}{{ end }}{{ end }}{{ end }}
{{- $pct := int (.Values.goMemLimitPercent | default 0) }}
{{- $user := false }}
{{- range .Values.extraEnv }}{{ if eq .name "GOMEMLIMIT" }}{{ $user = true }}{{ end }}{{ end }}
{{- if and $limit (gt $pct 0) (not $user) }}
{{- $m := regexFind "^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$" $limit }}
{{- if $m }}
{{- $n := regexFind "^[0-9]+" $limit | int64 }}
{{- $unit := trimPrefix (regexFind "^[0-9]+" $limit) $limit }}
{{- $scale := get (dict "" 1 "Ki" 1024 "Mi" 1048576 "Gi" 1073741824 "Ti" 1099511627776 "k" 1000 "M" 1000000 "G" 1000000000 "T" 1000000000000) $unit | int64 }}
- name: GOMEMLIMIT
  value: {{ printf "%dMiB" (div (div (mul $n $scale $pct) 100) 1048576) | quote }}
{{- else }}
- name: GOMEMLIMIT
  valueFrom:
    resourceFieldRef:
      containerName: adjudicator
      resource: limits.memory
      divisor: "1"
{{- end }}
{{- end }}
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
  "ADJUDICATOR_MAX_BULK_BYTES" $c.maxBulkBytes
  "ADJUDICATOR_MAX_BULK_GAMES" $c.maxBulkGames
  "ADJUDICATOR_BULK_BUFFER_BYTES" $c.bulkBufferBytes
  "ADJUDICATOR_MAX_ANSWER_BYTES" $c.maxAnswerBytes
  "ADJUDICATOR_MAX_STATE_BYTES" $c.maxStateBytes
  "ADJUDICATOR_MAX_PERFT_DEPTH" $c.maxPerftDepth
  "ADJUDICATOR_MAX_PERFT_NODES" $c.maxPerftNodes
  "ADJUDICATOR_INLINE_VARIANTS" $c.inlineVariants
  "ADJUDICATOR_INLINE_CACHE_BYTES" $c.inlineCacheBytes
  "ADJUDICATOR_HEAVY_WORKERS" $c.heavyWorkers
  "ADJUDICATOR_HEAVY_QUEUE" $c.heavyQueue
  "ADJUDICATOR_CACHE_SIZE" $c.cacheSize
  "ADJUDICATOR_CACHE_BYTES" $c.cacheBytes
  "ADJUDICATOR_CACHE_MAX_VALUE" $c.cacheMaxValue
  "ADJUDICATOR_CACHE_TTL" $c.cacheTTL
  "ADJUDICATOR_CORS_ORIGINS" $c.corsOrigins
}}
{{- if .Values.metricsPort }}
{{- if eq (int .Values.metricsPort) (int .Values.containerPort) }}
{{- fail "metricsPort must differ from containerPort (0 serves /metrics on containerPort)" }}
{{- end }}
{{- $_ := set $settings "ADJUDICATOR_METRICS_ADDR" (printf ":%v" .Values.metricsPort) }}
{{- end }}
{{- if include "adjudicator.redisEnabled" . }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_MODE" .Values.redis.mode }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_PREFIX" .Values.redis.prefix }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_MASTER_NAME" .Values.redis.masterName }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_TIMEOUT" .Values.redis.timeout }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_READ_MANY_TIMEOUT" .Values.redis.readManyTimeout }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_WRITE_TIMEOUT" .Values.redis.writeTimeout }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_DIAL_TIMEOUT" .Values.redis.dialTimeout }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_PROBE_TIMEOUT" .Values.redis.probeTimeout }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_BREAKER_FAILURES" .Values.redis.breakerFailures }}
{{- $_ := set $settings "ADJUDICATOR_REDIS_BREAKER_OPEN" .Values.redis.breakerOpen }}
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
