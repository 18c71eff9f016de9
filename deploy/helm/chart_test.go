// Package chart_test checks the Helm chart in adjudicator/ with the real Helm
// code (helm.sh/helm/v3, pinned as a tool in this module's go.mod): helm lint
// and helm template with several sets of values, then the rendered manifests,
// decoded strictly into the Kubernetes API types, against what the service
// needs: probes on its port, a locked-down security context, resources, a
// grace period longer than its drain, autoscaling, disruption budget, spread,
// settings in a ConfigMap and the Redis URL from a Secret.
//
// Run from this directory: go test ./...
package chart_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

// testCacheSecret is a cache secret of the length the service requires.
const testCacheSecret = "chart-test-cache-secret-of-48-characters-0123456"

// valueSets are the values CI lints and renders the chart with.
var valueSets = map[string][]string{
	"defaults":       nil,
	"redisURL":       {"redis.url=redis://redis-master:6379/0", "redis.password=s3cret", "redis.cacheSecret.value=" + testCacheSecret},
	"existingSecret": {"redis.existingSecret=adjudicator-redis", "redis.passwordKey=redis-password", "redis.cacheSecret.existingSecret=adjudicator-redis"},
	"autoscaling":    {"autoscaling.enabled=true", "redis.existingSecret=adjudicator-redis", "redis.cacheSecret.existingSecret=adjudicator-cache"},
	"sentinel":       {"redis.mode=sentinel", "redis.masterName=mymaster", "redis.existingSecret=adjudicator-redis", "redis.cacheSecret.existingSecret=adjudicator-redis"},
	"ingressMonitor": {"ingress.enabled=true", "ingress.className=nginx", "serviceMonitor.enabled=true", "serviceMonitor.labels.release=prometheus"},
}

func TestLint(t *testing.T) {
	for name, sets := range valueSets {
		t.Run(name, func(t *testing.T) {
			out, err := helm(t, append([]string{"lint", "--strict", chartDir}, setArgs(sets)...)...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "0 chart(s) failed") {
				t.Errorf("helm lint: %s", out)
			}
		})
	}
}

func TestDefaultPortAgrees(t *testing.T) {
	if p := defaultPort(t); p != 8080 {
		t.Logf("default port is now %d", p)
	}
}

func TestDefaults(t *testing.T) {
	m := render(t)
	absent(t, m, "HorizontalPodAutoscaler", "Ingress", "ServiceMonitor", "Secret")
	d := one[appsv1.Deployment](t, m, "Deployment")
	c := container(t, d)
	port := defaultPort(t)

	t.Run("port", func(t *testing.T) {
		if len(c.Ports) != 2 || c.Ports[0].Name != "http" || c.Ports[0].ContainerPort != port ||
			c.Ports[1].Name != "metrics" || c.Ports[1].ContainerPort != 9090 {
			t.Errorf("container ports = %+v; want http on %d, the service's default, and metrics on 9090", c.Ports, port)
		}
		svc := one[corev1.Service](t, m, "Service")
		if len(svc.Spec.Ports) != 2 || portNumber(t, c, svc.Spec.Ports[0].TargetPort) != port ||
			portNumber(t, c, svc.Spec.Ports[1].TargetPort) != 9090 {
			t.Errorf("Service ports = %+v; want http forwarding to container port %d, and metrics", svc.Spec.Ports, port)
		}
		if svc.Spec.Ports[0].Port != port {
			t.Errorf("Service port = %d; want %d, the service's default", svc.Spec.Ports[0].Port, port)
		}
		if !selects(svc.Spec.Selector, d.Spec.Template.Labels) {
			t.Errorf("Service selector %v does not select the pods %v", svc.Spec.Selector, d.Spec.Template.Labels)
		}
	})

	t.Run("probes", func(t *testing.T) {
		for _, p := range []struct {
			name  string
			probe *corev1.Probe
			path  string
		}{{"liveness", c.LivenessProbe, "/livez"}, {"readiness", c.ReadinessProbe, "/readyz"}} {
			if p.probe == nil || p.probe.HTTPGet == nil {
				t.Errorf("%s probe = %+v; want an HTTP GET of %s", p.name, p.probe, p.path)
				continue
			}
			if p.probe.HTTPGet.Path != p.path || portNumber(t, c, p.probe.HTTPGet.Port) != port {
				t.Errorf("%s probe = GET %s on %v; want GET %s on %d", p.name, p.probe.HTTPGet.Path, p.probe.HTTPGet.Port.String(), p.path, port)
			}
			if p.probe.PeriodSeconds < 1 || p.probe.TimeoutSeconds < 1 || p.probe.FailureThreshold < 1 {
				t.Errorf("%s probe timing = %+v; want every field set", p.name, p.probe)
			}
		}
	})

	t.Run("securityContext", func(t *testing.T) {
		sc := c.SecurityContext
		if sc == nil {
			t.Fatal("container has no securityContext")
		}
		pod := d.Spec.Template.Spec.SecurityContext
		if !isTrue(sc.RunAsNonRoot) || pod == nil || !isTrue(pod.RunAsNonRoot) {
			t.Error("runAsNonRoot is not true on the container and the pod")
		}
		if sc.RunAsUser == nil || *sc.RunAsUser == 0 {
			t.Errorf("runAsUser = %v; want a non-zero user (65532, the image's)", sc.RunAsUser)
		}
		if !isTrue(sc.ReadOnlyRootFilesystem) {
			t.Error("readOnlyRootFilesystem is not true")
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			t.Error("allowPrivilegeEscalation is not false")
		}
		if sc.Privileged != nil && *sc.Privileged {
			t.Error("privileged is true")
		}
		if sc.Capabilities == nil || !reflect.DeepEqual(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0 {
			t.Errorf("capabilities = %+v; want drop [ALL] and nothing added", sc.Capabilities)
		}
		if pod.SeccompProfile == nil || pod.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("pod seccompProfile = %+v; want RuntimeDefault", pod.SeccompProfile)
		}
	})

	t.Run("resources", func(t *testing.T) {
		r := c.Resources
		for _, name := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			req, okReq := r.Requests[name]
			lim, okLim := r.Limits[name]
			if !okReq || !okLim || req.Sign() <= 0 || lim.Sign() <= 0 {
				t.Errorf("%s: requests %v, limits %v; want both set", name, r.Requests, r.Limits)
				continue
			}
			if req.Cmp(lim) > 0 {
				t.Errorf("%s: request %s above limit %s", name, req.String(), lim.String())
			}
		}
	})

	t.Run("gracefulTermination", func(t *testing.T) {
		settings := configMapSettings(t, m, d)
		delay := duration(t, settings, readmeSettings(t), "ADJUDICATOR_SHUTDOWN_DELAY")
		drain := duration(t, settings, readmeSettings(t), "ADJUDICATOR_DRAIN_TIMEOUT")
		if delay <= 0 {
			t.Errorf("shutdown delay = %v; want a few seconds, so Services stop sending before the listener closes", delay)
		}
		grace := d.Spec.Template.Spec.TerminationGracePeriodSeconds
		if grace == nil || time.Duration(*grace)*time.Second <= delay+drain {
			t.Errorf("terminationGracePeriodSeconds = %v; want more than shutdown delay %v + drain timeout %v", grace, delay, drain)
		}
	})

	t.Run("replicasAndDisruption", func(t *testing.T) {
		if d.Spec.Replicas == nil || *d.Spec.Replicas < 2 {
			t.Errorf("replicas = %v; want at least 2 without autoscaling", d.Spec.Replicas)
		}
		pdb := one[policyv1.PodDisruptionBudget](t, m, "PodDisruptionBudget")
		if pdb.Spec.Selector == nil || !selects(pdb.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
			t.Errorf("PodDisruptionBudget selector %v does not select the pods", pdb.Spec.Selector)
		}
		if pdb.Spec.MaxUnavailable == nil && pdb.Spec.MinAvailable == nil {
			t.Error("PodDisruptionBudget sets neither maxUnavailable nor minAvailable")
		}
		if s := d.Spec.Strategy; s.RollingUpdate == nil || s.RollingUpdate.MaxUnavailable == nil || s.RollingUpdate.MaxUnavailable.IntValue() != 0 {
			t.Errorf("strategy = %+v; want a rolling update that keeps every pod until its successor is ready", s)
		}
	})

	t.Run("topologySpread", func(t *testing.T) {
		tsc := d.Spec.Template.Spec.TopologySpreadConstraints
		found := false
		for _, c := range tsc {
			if c.TopologyKey == "kubernetes.io/hostname" && c.LabelSelector != nil && selects(c.LabelSelector.MatchLabels, d.Spec.Template.Labels) {
				found = c.MaxSkew >= 1
			}
		}
		if !found {
			t.Errorf("topologySpreadConstraints = %+v; want one across kubernetes.io/hostname selecting the pods", tsc)
		}
	})

	t.Run("serviceAccount", func(t *testing.T) {
		sa := one[corev1.ServiceAccount](t, m, "ServiceAccount")
		spec := d.Spec.Template.Spec
		if spec.ServiceAccountName != sa.Name {
			t.Errorf("pod serviceAccountName = %q; want %q", spec.ServiceAccountName, sa.Name)
		}
		if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
			t.Error("the pod mounts a ServiceAccount token; the service never calls the Kubernetes API")
		}
	})

	t.Run("image", func(t *testing.T) {
		chart, err := os.ReadFile(filepath.Join(chartDir, "Chart.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		var meta struct {
			AppVersion string `json:"appVersion"`
		}
		if err := yaml.Unmarshal(chart, &meta); err != nil {
			t.Fatal(err)
		}
		if want := "adjudicator:" + meta.AppVersion; c.Image != want {
			t.Errorf("image = %q; want %q", c.Image, want)
		}
		if len(c.Command) > 0 || len(c.Args) > 0 {
			t.Errorf("command %v, args %v; want the image's entrypoint (adjudicator serve)", c.Command, c.Args)
		}
	})

	t.Run("settings", func(t *testing.T) {
		settings := configMapSettings(t, m, d)
		readme := readmeSettings(t)
		for name, want := range readme {
			redis := strings.HasPrefix(name, "ADJUDICATOR_REDIS_") || name == "ADJUDICATOR_CACHE_SECRET"
			got, ok := settings[name]
			switch {
			case redis && ok:
				t.Errorf("ConfigMap sets %s without Redis", name)
			case redis:
			case name == "ADJUDICATOR_METRICS_ADDR":
				// The chart's second deliberate difference: the metrics on
				// a port of their own, which the Ingress does not route.
				if got != ":9090" {
					t.Errorf("ADJUDICATOR_METRICS_ADDR = %q; want \":9090\" (values metricsPort)", got)
				}
			case !ok && want == "":
				// Unset is the binary's default of none (CORS off).
			case !ok:
				t.Errorf("ConfigMap lacks %s: give the chart a config value for each setting in README.md", name)
			case name == "ADJUDICATOR_SHUTDOWN_DELAY":
				// A deliberate difference (README.md says so).
			case name == "ADJUDICATOR_ADDR":
				if got != fmt.Sprintf(":%d", port) {
					t.Errorf("ADJUDICATOR_ADDR = %q; want \":%d\"", got, port)
				}
			case !sameValue(got, want):
				t.Errorf("ConfigMap %s = %q; README.md's default is %q", name, got, want)
			}
		}
		for name := range settings {
			if _, ok := readme[name]; !ok {
				t.Errorf("ConfigMap sets %s, which README.md does not document", name)
			}
		}
		for _, e := range c.Env {
			if strings.HasPrefix(e.Name, "ADJUDICATOR_REDIS_") || e.Name == "ADJUDICATOR_CACHE_SECRET" {
				t.Errorf("container sets %s without Redis", e.Name)
			}
		}
	})
}

func checkRedisSettings(t *testing.T, m manifests, d *appsv1.Deployment) {
	t.Helper()
	settings := configMapSettings(t, m, d)
	readme := readmeSettings(t)
	for _, name := range []string{"ADJUDICATOR_REDIS_MODE", "ADJUDICATOR_REDIS_PREFIX", "ADJUDICATOR_REDIS_TIMEOUT",
		"ADJUDICATOR_REDIS_READ_MANY_TIMEOUT", "ADJUDICATOR_REDIS_WRITE_TIMEOUT", "ADJUDICATOR_REDIS_DIAL_TIMEOUT",
		"ADJUDICATOR_REDIS_PROBE_TIMEOUT", "ADJUDICATOR_REDIS_BREAKER_FAILURES", "ADJUDICATOR_REDIS_BREAKER_OPEN"} {
		if got, ok := settings[name]; !ok || !sameValue(got, readme[name]) {
			t.Errorf("ConfigMap %s = %q; want README.md's default %q", name, got, readme[name])
		}
	}
	for _, name := range []string{"ADJUDICATOR_REDIS_URL", "ADJUDICATOR_REDIS_PASSWORD", "ADJUDICATOR_REDIS_SENTINEL_PASSWORD", "ADJUDICATOR_CACHE_SECRET"} {
		if _, ok := settings[name]; ok {
			t.Errorf("ConfigMap holds %s; it belongs in a Secret", name)
		}
	}
	if _, ok := secretEnv(container(t, d))["ADJUDICATOR_CACHE_SECRET"]; !ok {
		t.Error("with Redis, the container has no ADJUDICATOR_CACHE_SECRET from a Secret: the service would refuse to start")
	}
	for _, e := range container(t, d).Env {
		if (strings.HasPrefix(e.Name, "ADJUDICATOR_REDIS_") || e.Name == "ADJUDICATOR_CACHE_SECRET") && e.Value != "" {
			t.Errorf("container sets %s in plain text", e.Name)
		}
	}
}

func TestRedisURL(t *testing.T) {
	m := render(t, valueSets["redisURL"]...)
	d := one[appsv1.Deployment](t, m, "Deployment")
	s := one[corev1.Secret](t, m, "Secret")
	if s.StringData["url"] != "redis://redis-master:6379/0" || s.StringData["password"] != "s3cret" || s.StringData["cache-secret"] != testCacheSecret {
		t.Errorf("Secret stringData = %v; want the url, password and cache secret given", s.StringData)
	}
	want := map[string]corev1.SecretKeySelector{
		"ADJUDICATOR_REDIS_URL":      {LocalObjectReference: corev1.LocalObjectReference{Name: s.Name}, Key: "url"},
		"ADJUDICATOR_REDIS_PASSWORD": {LocalObjectReference: corev1.LocalObjectReference{Name: s.Name}, Key: "password"},
		"ADJUDICATOR_CACHE_SECRET":   {LocalObjectReference: corev1.LocalObjectReference{Name: s.Name}, Key: "cache-secret"},
	}
	if got := secretEnv(container(t, d)); !reflect.DeepEqual(got, want) {
		t.Errorf("variables from Secrets = %+v; want %+v", got, want)
	}
	if _, ok := d.Spec.Template.Annotations["checksum/redis"]; !ok {
		t.Error("pod template has no checksum/redis annotation: a new URL would not restart the pods")
	}
	checkRedisSettings(t, m, d)
}

// TestRedisModes: each mode as deploy/README.md shows it renders its
// mode, master name and settings into the ConfigMap, and the URL and
// password from the Secret, never in plain text.
func TestRedisModes(t *testing.T) {
	ref := corev1.LocalObjectReference{Name: "adjudicator-redis"}
	secret := []string{"redis.existingSecret=adjudicator-redis", "redis.passwordKey=redis-password",
		"redis.cacheSecret.existingSecret=adjudicator-redis"}
	tests := []struct {
		mode string
		sets []string
		want map[string]string // ConfigMap settings; "" for absent
	}{
		{"single", nil, map[string]string{"ADJUDICATOR_REDIS_MODE": "single", "ADJUDICATOR_REDIS_MASTER_NAME": ""}},
		{"cluster", []string{"redis.mode=cluster", "redis.timeout=150ms", "redis.readManyTimeout=250ms"},
			map[string]string{"ADJUDICATOR_REDIS_MODE": "cluster", "ADJUDICATOR_REDIS_MASTER_NAME": "",
				"ADJUDICATOR_REDIS_TIMEOUT": "150ms", "ADJUDICATOR_REDIS_READ_MANY_TIMEOUT": "250ms"}},
		{"sentinel", []string{"redis.mode=sentinel", "redis.masterName=mymaster", "redis.probeTimeout=2s", "redis.breakerFailures=3", "redis.breakerOpen=10s"},
			map[string]string{"ADJUDICATOR_REDIS_MODE": "sentinel", "ADJUDICATOR_REDIS_MASTER_NAME": "mymaster",
				"ADJUDICATOR_REDIS_PROBE_TIMEOUT": "2s", "ADJUDICATOR_REDIS_BREAKER_FAILURES": "3", "ADJUDICATOR_REDIS_BREAKER_OPEN": "10s"}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			m := render(t, append(append([]string(nil), secret...), tt.sets...)...)
			d := one[appsv1.Deployment](t, m, "Deployment")
			settings := configMapSettings(t, m, d)
			for name, want := range tt.want {
				if got, ok := settings[name]; got != want || ok != (want != "") {
					t.Errorf("ConfigMap %s = %q (set %v); want %q", name, got, ok, want)
				}
			}
			want := redisSecretEnv(ref)
			if got := secretEnv(container(t, d)); !reflect.DeepEqual(got, want) {
				t.Errorf("variables from Secrets = %+v; want %+v", got, want)
			}
		})
	}
	if _, err := helm(t, append([]string{"template", "x", chartDir}, setArgs(append(secret, "redis.mode=replica"))...)...); err == nil {
		t.Error("helm template with redis.mode=replica rendered; want the schema to refuse it")
	}
}

// TestRedisSentinelPassword: the sentinels' own password comes from the
// existing Secret's key, or from the chart's Secret when given as a value,
// never in plain text, and only when set.
func TestRedisSentinelPassword(t *testing.T) {
	ref := corev1.LocalObjectReference{Name: "adjudicator-redis"}
	m := render(t, "redis.mode=sentinel", "redis.masterName=mymaster", "redis.existingSecret=adjudicator-redis",
		"redis.passwordKey=redis-password", "redis.sentinelPasswordKey=sentinel-password", "redis.cacheSecret.existingSecret=adjudicator-redis")
	d := one[appsv1.Deployment](t, m, "Deployment")
	want := redisSecretEnv(ref)
	want["ADJUDICATOR_REDIS_SENTINEL_PASSWORD"] = corev1.SecretKeySelector{LocalObjectReference: ref, Key: "sentinel-password"}
	if got := secretEnv(container(t, d)); !reflect.DeepEqual(got, want) {
		t.Errorf("variables from Secrets = %+v; want %+v", got, want)
	}
	if _, ok := configMapSettings(t, m, d)["ADJUDICATOR_REDIS_SENTINEL_PASSWORD"]; ok {
		t.Error("ConfigMap holds ADJUDICATOR_REDIS_SENTINEL_PASSWORD; it belongs in a Secret")
	}

	m = render(t, "redis.mode=sentinel", "redis.masterName=mymaster", "redis.url=redis://sentinel-0:26379/0",
		"redis.password=s3cret", "redis.sentinelPassword=guard", "redis.cacheSecret.value="+testCacheSecret)
	s := one[corev1.Secret](t, m, "Secret")
	if s.StringData["sentinel-password"] != "guard" || s.StringData["password"] != "s3cret" {
		t.Errorf("Secret stringData = %v; want the sentinels' and the servers' passwords", s.StringData)
	}
	got := secretEnv(container(t, one[appsv1.Deployment](t, m, "Deployment")))
	if sel := got["ADJUDICATOR_REDIS_SENTINEL_PASSWORD"]; sel.Name != s.Name || sel.Key != "sentinel-password" {
		t.Errorf("ADJUDICATOR_REDIS_SENTINEL_PASSWORD from %+v; want %s/sentinel-password", sel, s.Name)
	}
}

func TestRedisExistingSecret(t *testing.T) {
	m := render(t, valueSets["existingSecret"]...)
	absent(t, m, "Secret")
	d := one[appsv1.Deployment](t, m, "Deployment")
	ref := corev1.LocalObjectReference{Name: "adjudicator-redis"}
	want := redisSecretEnv(ref)
	if got := secretEnv(container(t, d)); !reflect.DeepEqual(got, want) {
		t.Errorf("variables from Secrets = %+v; want %+v", got, want)
	}
	checkRedisSettings(t, m, d)

	// Without passwordKey, the URL alone, and the cache secret from a
	// Secret and key of its own.
	m = render(t, "redis.existingSecret=adjudicator-redis", "redis.urlKey=redis-url",
		"redis.cacheSecret.existingSecret=adjudicator-cache", "redis.cacheSecret.key=hmac")
	absent(t, m, "Secret")
	got := secretEnv(container(t, one[appsv1.Deployment](t, m, "Deployment")))
	if want := (map[string]corev1.SecretKeySelector{
		"ADJUDICATOR_REDIS_URL":    {LocalObjectReference: ref, Key: "redis-url"},
		"ADJUDICATOR_CACHE_SECRET": {LocalObjectReference: corev1.LocalObjectReference{Name: "adjudicator-cache"}, Key: "hmac"},
	}); !reflect.DeepEqual(got, want) {
		t.Errorf("variables from Secrets = %+v; want %+v", got, want)
	}

	// The URL from an existing Secret, the cache secret from a value: the
	// chart's Secret holds the cache secret only.
	m = render(t, "redis.existingSecret=adjudicator-redis", "redis.cacheSecret.value="+testCacheSecret)
	s := one[corev1.Secret](t, m, "Secret")
	if want := (map[string]string{"cache-secret": testCacheSecret}); !reflect.DeepEqual(s.StringData, want) {
		t.Errorf("chart Secret stringData = %v; want %v", s.StringData, want)
	}
	d = one[appsv1.Deployment](t, m, "Deployment")
	if got := secretEnv(container(t, d))["ADJUDICATOR_CACHE_SECRET"]; got.Name != s.Name || got.Key != "cache-secret" {
		t.Errorf("ADJUDICATOR_CACHE_SECRET from %+v; want %s/cache-secret", got, s.Name)
	}
	if _, ok := d.Spec.Template.Annotations["checksum/redis"]; !ok {
		t.Error("pod template has no checksum/redis annotation: a new cache secret would not restart the pods")
	}
}

func TestAutoscaling(t *testing.T) {
	m := render(t, valueSets["autoscaling"]...)
	d := one[appsv1.Deployment](t, m, "Deployment")
	if d.Spec.Replicas != nil {
		t.Errorf("Deployment sets replicas %d with autoscaling on; the autoscaler must own the count", *d.Spec.Replicas)
	}
	var meta struct {
		APIVersion string `json:"apiVersion"`
	}
	if err := json.Unmarshal(m["HorizontalPodAutoscaler"][0], &meta); err != nil || meta.APIVersion != "autoscaling/v2" {
		t.Errorf("HorizontalPodAutoscaler apiVersion = %q; want autoscaling/v2", meta.APIVersion)
	}
	hpa := one[autoscalingv2.HorizontalPodAutoscaler](t, m, "HorizontalPodAutoscaler")
	if ref := hpa.Spec.ScaleTargetRef; ref.Kind != "Deployment" || ref.APIVersion != "apps/v1" || ref.Name != d.Name {
		t.Errorf("scaleTargetRef = %+v; want Deployment %s", ref, d.Name)
	}
	if hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas {
		t.Errorf("replicas from %v to %d; want at least 2, max not below min", hpa.Spec.MinReplicas, hpa.Spec.MaxReplicas)
	}
	cpu := false
	for _, metric := range hpa.Spec.Metrics {
		if metric.Type == autoscalingv2.ResourceMetricSourceType && metric.Resource != nil && metric.Resource.Name == corev1.ResourceCPU &&
			metric.Resource.Target.Type == autoscalingv2.UtilizationMetricType && metric.Resource.Target.AverageUtilization != nil {
			cpu = *metric.Resource.Target.AverageUtilization > 0 && *metric.Resource.Target.AverageUtilization <= 100
		}
	}
	if !cpu {
		t.Errorf("metrics = %+v; want average CPU utilization", hpa.Spec.Metrics)
	}
	if _, ok := container(t, d).Resources.Requests[corev1.ResourceCPU]; !ok {
		t.Error("no CPU request: CPU utilization is measured against it")
	}
}

func TestIngressAndServiceMonitor(t *testing.T) {
	m := render(t, valueSets["ingressMonitor"]...)
	svc := one[corev1.Service](t, m, "Service")
	ing := one[networkingv1.Ingress](t, m, "Ingress")
	if ing.Spec.IngressClassName == nil || *ing.Spec.IngressClassName != "nginx" {
		t.Errorf("ingressClassName = %v; want nginx", ing.Spec.IngressClassName)
	}
	paths := 0
	for _, r := range ing.Spec.Rules {
		for _, p := range r.HTTP.Paths {
			paths++
			if b := p.Backend.Service; b == nil || b.Name != svc.Name || b.Port.Name != svc.Spec.Ports[0].Name {
				t.Errorf("Ingress backend = %+v; want Service %s port %s", p.Backend, svc.Name, svc.Spec.Ports[0].Name)
			}
		}
	}
	if paths == 0 {
		t.Error("Ingress routes no path")
	}

	// No Go type here for the Prometheus Operator's CRD: check it as data.
	if len(m["ServiceMonitor"]) != 1 {
		t.Fatalf("rendered %d ServiceMonitors; want 1", len(m["ServiceMonitor"]))
	}
	var sm struct {
		APIVersion string `json:"apiVersion"`
		Metadata   struct {
			Labels map[string]string `json:"labels"`
		} `json:"metadata"`
		Spec struct {
			Selector struct {
				MatchLabels map[string]string `json:"matchLabels"`
			} `json:"selector"`
			Endpoints []struct {
				Port, Path, Interval, ScrapeTimeout string
			} `json:"endpoints"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(m["ServiceMonitor"][0], &sm); err != nil {
		t.Fatal(err)
	}
	if sm.APIVersion != "monitoring.coreos.com/v1" {
		t.Errorf("ServiceMonitor apiVersion = %q", sm.APIVersion)
	}
	if sm.Metadata.Labels["release"] != "prometheus" {
		t.Errorf("ServiceMonitor labels = %v; want serviceMonitor.labels among them", sm.Metadata.Labels)
	}
	if !selects(sm.Spec.Selector.MatchLabels, svc.Labels) {
		t.Errorf("ServiceMonitor selector %v does not select the Service %v", sm.Spec.Selector.MatchLabels, svc.Labels)
	}
	if len(sm.Spec.Endpoints) != 1 || sm.Spec.Endpoints[0].Port != "metrics" || sm.Spec.Endpoints[0].Path != "/metrics" {
		t.Errorf("ServiceMonitor endpoints = %+v; want /metrics on the Service's port metrics", sm.Spec.Endpoints)
	}
}

// TestMetricsPort: by default the metrics have a port of their own, which
// the Service exposes and the Ingress never routes; metricsPort 0 puts
// them back on the API's port.
func TestMetricsPort(t *testing.T) {
	m := render(t, valueSets["ingressMonitor"]...)
	cm := one[corev1.ConfigMap](t, m, "ConfigMap")
	if got := cm.Data["ADJUDICATOR_METRICS_ADDR"]; got != ":9090" {
		t.Errorf("ADJUDICATOR_METRICS_ADDR = %q; want :9090", got)
	}
	svc := one[corev1.Service](t, m, "Service")
	if len(svc.Spec.Ports) != 2 || svc.Spec.Ports[1].Name != "metrics" || svc.Spec.Ports[1].TargetPort.String() != "metrics" {
		t.Errorf("Service ports = %+v; want http and metrics", svc.Spec.Ports)
	}
	ing := one[networkingv1.Ingress](t, m, "Ingress")
	for _, r := range ing.Spec.Rules {
		for _, p := range r.HTTP.Paths {
			if p.Backend.Service == nil || p.Backend.Service.Port.Name != "http" {
				t.Errorf("Ingress backend %+v; want only the http port", p.Backend)
			}
		}
	}

	m = render(t, append(valueSets["ingressMonitor"], "metricsPort=0")...)
	cm = one[corev1.ConfigMap](t, m, "ConfigMap")
	if got, ok := cm.Data["ADJUDICATOR_METRICS_ADDR"]; ok {
		t.Errorf("metricsPort 0: ADJUDICATOR_METRICS_ADDR = %q; want unset", got)
	}
	c := container(t, one[appsv1.Deployment](t, m, "Deployment"))
	if svc := one[corev1.Service](t, m, "Service"); len(svc.Spec.Ports) != 1 || len(c.Ports) != 1 {
		t.Errorf("metricsPort 0: Service ports %+v, container ports %+v; want http alone", svc.Spec.Ports, c.Ports)
	}
	m = render(t, "config.corsOrigins=https://site.example")
	if got := one[corev1.ConfigMap](t, m, "ConfigMap").Data["ADJUDICATOR_CORS_ORIGINS"]; got != "https://site.example" {
		t.Errorf("config.corsOrigins: ADJUDICATOR_CORS_ORIGINS = %q", got)
	}
	m = render(t, append(valueSets["ingressMonitor"], "metricsPort=0")...)
	if !strings.Contains(string(m["ServiceMonitor"][0]), `"port":"http"`) {
		t.Errorf("metricsPort 0: the ServiceMonitor does not scrape the http port: %s", m["ServiceMonitor"][0])
	}
}

// TestRejectedValues: values that would break the service fail at render
// time, with a message that says which value.
func TestRejectedValues(t *testing.T) {
	tests := []struct {
		give []string
		want string
	}{
		{[]string{"terminationGracePeriodSeconds=20"}, "terminationGracePeriodSeconds"},
		{[]string{"config.drainTimeout=1m", "terminationGracePeriodSeconds=60"}, "terminationGracePeriodSeconds"},
		{[]string{"config.drainTimeout=1.5s"}, "drainTimeout"},
		{[]string{"replicaCount=two"}, "replicaCount"},
		{[]string{"redis.url=http://redis:6379"}, "url"},
		{[]string{"redis.url=redis://redis:6379/0"}, "redis is configured without a cache secret"},
		{[]string{"redis.existingSecret=adjudicator-redis"}, "redis.cacheSecret.existingSecret"},
		{[]string{"redis.url=redis://redis:6379/0", "redis.cacheSecret.value=only-31-characters-long-secret"}, "cacheSecret"},
		{[]string{"goMemLimitPercent=101"}, "goMemLimitPercent"},
		{[]string{"config.cacheBytes=-1"}, "cacheBytes"},
		{[]string{"redis.mode=ring"}, "mode"},
		{[]string{"config.logLevel=verbose"}, "logLevel"},
		{[]string{"autoscaling.enabled=true", "autoscaling.minReplicas=5", "autoscaling.maxReplicas=3"}, "minReplicas"},
		{[]string{"replicaCont=3"}, "replicaCont"},
		{[]string{"metricsPort=8080"}, "metricsPort must differ"},
		{[]string{"config.corsOrigins=site.example"}, "corsOrigins"},
	}
	for _, tt := range tests {
		out, err := helm(t, append([]string{"template", release, chartDir}, setArgs(tt.give)...)...)
		if err == nil {
			t.Errorf("helm template --set %v succeeded; want an error naming %s\n%.300s", tt.give, tt.want, out)
		} else if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("helm template --set %v: %v; want an error naming %s", tt.give, err, tt.want)
		}
	}
	// A longer drain with a longer grace period is fine, as is leaving a
	// setting to the binary's default.
	for _, give := range [][]string{
		{"config.drainTimeout=1m", "terminationGracePeriodSeconds=70"},
		{"config.shutdownDelay=", "config.drainTimeout=", "config.cacheTTL=", "config.cacheBytes="},
		{"redis.cacheSecret.value=" + testCacheSecret}, // without Redis, unused
	} {
		if _, err := helm(t, append([]string{"template", release, chartDir}, setArgs(give)...)...); err != nil {
			t.Errorf("helm template --set %v: %v", give, err)
		}
	}
}

// TestResourcesFromCapacityModel: the default requests and limits follow
// docs/CAPACITY.md ("The Helm chart's defaults"): one CPU requested, the
// model's unit and the base of the autoscaler's target, and two as the
// limit; memory requested for the idle service and a full answer cache at
// the collector's headroom; a memory limit whose GOMEMLIMIT holds the idle
// service, the answer cache under the limit, the inline definitions' bound
// and the requests in flight. The constants are the document's measured
// figures (cmd/loadgen/capacity.sh, the memory table).
func TestResourcesFromCapacityModel(t *testing.T) {
	const (
		idle     = 80 << 20 // resident memory of an idle service, every built-in compiled
		inFlight = 64 << 20 // the requests' own work
	)
	m := render(t)
	c := container(t, one[appsv1.Deployment](t, m, "Deployment"))
	cm := one[corev1.ConfigMap](t, m, "ConfigMap")
	setting := func(name string) int64 {
		v, err := strconv.ParseInt(cm.Data[name], 10, 64)
		if err != nil {
			t.Fatalf("ConfigMap %s = %q: %v", name, cm.Data[name], err)
		}
		return v
	}
	cacheBytes, inline := setting("ADJUDICATOR_CACHE_BYTES"), setting("ADJUDICATOR_INLINE_CACHE_BYTES")
	req, lim := c.Resources.Requests, c.Resources.Limits
	if req.Cpu().MilliValue() != 1000 || lim.Cpu().MilliValue() != 2000 {
		t.Errorf("cpu request %v, limit %v; want 1 and 2", req.Cpu(), lim.Cpu())
	}
	if got, want := req.Memory().Value(), int64(idle+2*cacheBytes); got < want {
		t.Errorf("memory request %v (%d bytes); want at least the idle service and twice config.cacheBytes, %d", req.Memory(), got, want)
	}
	if got, want := lim.Memory().Value()*90/100, int64(idle+cacheBytes*5/4+inline+inFlight); got < want {
		t.Errorf("GOMEMLIMIT of the memory limit %v is %d bytes; want at least %d (idle, the answer cache and a quarter, the inline bound, requests in flight)",
			lim.Memory(), got, want)
	}
}

// TestGoMemLimit: GOMEMLIMIT is goMemLimitPercent (90) of the memory limit,
// computed in MiB where the limit's form allows, else the limit itself from
// resourceFieldRef; none without a limit, at 0 percent, or when extraEnv
// sets its own.
func TestGoMemLimit(t *testing.T) {
	tests := []struct {
		sets []string
		want string // the value; "ref" for resourceFieldRef; "" for none
	}{
		{nil, "921MiB"}, // 1Gi
		{[]string{"resources.limits.memory=2Gi"}, "1843MiB"},
		{[]string{"resources.limits.memory=512Mi"}, "460MiB"},
		{[]string{"resources.limits.memory=2G"}, "1716MiB"},
		{[]string{"resources.limits.memory=1073741824"}, "921MiB"},
		{[]string{"resources.limits.memory=1Gi", "goMemLimitPercent=80"}, "819MiB"},
		{[]string{"resources.limits.memory=1.5Gi"}, "ref"},
		{[]string{"resources.limits.memory=null"}, ""},
		{[]string{"goMemLimitPercent=0"}, ""},
	}
	for _, tt := range tests {
		c := container(t, one[appsv1.Deployment](t, render(t, tt.sets...), "Deployment"))
		got := ""
		for _, e := range c.Env {
			if e.Name != "GOMEMLIMIT" {
				continue
			}
			switch {
			case e.ValueFrom != nil && e.ValueFrom.ResourceFieldRef != nil:
				r := e.ValueFrom.ResourceFieldRef
				got = "ref"
				if r.Resource != "limits.memory" || r.ContainerName != c.Name || r.Divisor.String() != "1" {
					t.Errorf("--set %v: GOMEMLIMIT from %+v; want limits.memory of %s, divisor 1", tt.sets, r, c.Name)
				}
			default:
				got = e.Value
			}
		}
		if got != tt.want {
			t.Errorf("--set %v: GOMEMLIMIT = %q; want %q", tt.sets, got, tt.want)
		}
	}
	c := container(t, one[appsv1.Deployment](t, render(t, "extraEnv[0].name=GOMEMLIMIT", "extraEnv[0].value=700MiB"), "Deployment"))
	var values []string
	for _, e := range c.Env {
		if e.Name == "GOMEMLIMIT" {
			values = append(values, e.Value)
		}
	}
	if len(values) != 1 || values[0] != "700MiB" {
		t.Errorf("with GOMEMLIMIT in extraEnv: GOMEMLIMIT = %q; want only extraEnv's 700MiB", values)
	}
}

// redisSecretEnv is what the Deployment reads from the Redis Secret ref:
// the URL, the password and the cache's signing secret.
func redisSecretEnv(ref corev1.LocalObjectReference) map[string]corev1.SecretKeySelector {
	return map[string]corev1.SecretKeySelector{
		"ADJUDICATOR_REDIS_URL":      {LocalObjectReference: ref, Key: "url"},
		"ADJUDICATOR_REDIS_PASSWORD": {LocalObjectReference: ref, Key: "redis-password"},
		"ADJUDICATOR_CACHE_SECRET":   {LocalObjectReference: ref, Key: "cache-secret"},
	}
}
