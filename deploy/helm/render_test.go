// Running Helm, and reading what it renders and what README.md says.

package chart_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"
)

const (
	chartDir = "adjudicator"
	release  = "adj"
	// repoRoot is the service's repository, two levels up.
	repoRoot = "../.."
)

var (
	helmOnce sync.Once
	helmPath string
	helmErr  error
)

// helm runs the Helm command line pinned in go.mod. `go tool -n helm` builds
// it once (or finds it in the build cache) and prints its path, so each call
// below runs the same binary as `go tool helm` without go's start-up cost.
func helm(t *testing.T, args ...string) (string, error) {
	t.Helper()
	helmOnce.Do(func() {
		out, err := exec.Command("go", "tool", "-n", "helm").Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				err = fmt.Errorf("%v: %s", err, ee.Stderr)
			}
			helmErr = fmt.Errorf("go tool -n helm: %w", err)
			return
		}
		helmPath = strings.TrimSpace(string(out))
	})
	if helmErr != nil {
		t.Fatal(helmErr)
	}
	cmd := exec.Command(helmPath, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// Keep Helm away from the user's repositories and plugins.
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "HELM_CACHE_HOME="+home, "HELM_CONFIG_HOME="+home, "HELM_DATA_HOME="+home)
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("helm %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out), nil
}

func setArgs(sets []string) []string {
	var args []string
	for _, s := range sets {
		args = append(args, "--set", s)
	}
	return args
}

// manifests are the objects of one `helm template`, by kind, as JSON.
type manifests map[string][][]byte

var docSep = regexp.MustCompile(`(?m)^---\s*$`)

func render(t *testing.T, sets ...string) manifests {
	t.Helper()
	out, err := helm(t, append([]string{"template", release, chartDir}, setArgs(sets)...)...)
	if err != nil {
		t.Fatal(err)
	}
	m := manifests{}
	for _, doc := range docSep.Split(out, -1) {
		js, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			t.Fatalf("rendered YAML: %v\n%s", err, doc)
		}
		if string(js) == "null" {
			continue // only comments
		}
		var meta struct{ APIVersion, Kind string }
		if err := json.Unmarshal(js, &meta); err != nil || meta.Kind == "" {
			t.Fatalf("rendered object without kind (%v):\n%s", err, doc)
		}
		m[meta.Kind] = append(m[meta.Kind], js)
	}
	return m
}

// one decodes the only object of a kind, refusing fields the Kubernetes
// type does not have (a misspelt field would otherwise be dropped by the API
// server without a word).
func one[T any](t *testing.T, m manifests, kind string) *T {
	t.Helper()
	if len(m[kind]) != 1 {
		t.Fatalf("rendered %d %s objects; want 1", len(m[kind]), kind)
	}
	var v T
	if err := yaml.UnmarshalStrict(m[kind][0], &v); err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	return &v
}

func absent(t *testing.T, m manifests, kinds ...string) {
	t.Helper()
	for _, k := range kinds {
		if len(m[k]) > 0 {
			t.Errorf("rendered a %s; want none", k)
		}
	}
}

func container(t *testing.T, d *appsv1.Deployment) corev1.Container {
	t.Helper()
	cs := d.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("Deployment has %d containers; want 1", len(cs))
	}
	return cs[0]
}

// readmeSettings reads the configuration table of README.md: environment
// variable -> default ("" for "(none)").
func readmeSettings(t *testing.T) map[string]string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| [^|]* \\| `(ADJUDICATOR_[A-Z_]+)` \\| (?:`([^`]*)`|\\(none\\)) \\|")
	s := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(text), -1) {
		s[m[1]] = m[2]
	}
	if len(s) < 10 {
		t.Fatalf("README.md: found %d settings in the configuration table; has its format changed?", len(s))
	}
	return s
}

// defaultPort is the service's default listen port, read both from README.md
// and from the --addr flag's default in cmd/adjudicator, which must agree.
func defaultPort(t *testing.T) int32 {
	t.Helper()
	readme := readmeSettings(t)["ADJUDICATOR_ADDR"]
	src, err := os.ReadFile(filepath.Join(repoRoot, "cmd/adjudicator/serve.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`envOr\("ADJUDICATOR_ADDR", "([^"]*)"\)`).FindSubmatch(src)
	if m == nil {
		t.Fatal(`cmd/adjudicator/serve.go: no envOr("ADJUDICATOR_ADDR", ...) default found`)
	}
	if string(m[1]) != readme {
		t.Fatalf("default address: cmd/adjudicator says %q, README.md says %q", m[1], readme)
	}
	_, port, ok := strings.Cut(readme, ":")
	p, err := strconv.ParseInt(port, 10, 32)
	if !ok || err != nil {
		t.Fatalf("default address %q has no port", readme)
	}
	return int32(p)
}

// portNumber resolves a probe's or Service's port against the container's.
func portNumber(t *testing.T, c corev1.Container, p intstr.IntOrString) int32 {
	t.Helper()
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range c.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	t.Fatalf("port %q is not a port of container %s", p.StrVal, c.Name)
	return 0
}

func isTrue(b *bool) bool { return b != nil && *b }

// selects reports whether a label selector matches a set of labels.
func selects(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// sameValue compares two settings as the service reads them.
func sameValue(a, b string) bool {
	if a == b {
		return true
	}
	da, errA := time.ParseDuration(a)
	db, errB := time.ParseDuration(b)
	return errA == nil && errB == nil && da == db
}

// configMapSettings returns the ConfigMap's data, which must hold only
// ADJUDICATOR_* variables and be the container's envFrom.
func configMapSettings(t *testing.T, m manifests, d *appsv1.Deployment) map[string]string {
	t.Helper()
	cm := one[corev1.ConfigMap](t, m, "ConfigMap")
	c := container(t, d)
	if len(c.EnvFrom) != 1 || c.EnvFrom[0].ConfigMapRef == nil || c.EnvFrom[0].ConfigMapRef.Name != cm.Name {
		t.Errorf("envFrom = %+v; want the ConfigMap %s", c.EnvFrom, cm.Name)
	}
	for k := range cm.Data {
		if !strings.HasPrefix(k, "ADJUDICATOR_") {
			t.Errorf("ConfigMap key %s is not an ADJUDICATOR_* setting", k)
		}
	}
	if _, ok := d.Spec.Template.Annotations["checksum/config"]; !ok {
		t.Error("pod template has no checksum/config annotation: a settings change would not restart the pods")
	}
	return cm.Data
}

// duration reads a duration setting from the ConfigMap, or the binary's
// default from README.md when the ConfigMap leaves it unset.
func duration(t *testing.T, settings, readme map[string]string, name string) time.Duration {
	t.Helper()
	text, ok := settings[name]
	if !ok {
		text = readme[name]
	}
	v, err := time.ParseDuration(text)
	if err != nil {
		t.Fatalf("%s = %q: %v", name, text, err)
	}
	return v
}

// secretEnv returns the container's variables that come from Secrets.
func secretEnv(c corev1.Container) map[string]corev1.SecretKeySelector {
	refs := map[string]corev1.SecretKeySelector{}
	for _, e := range c.Env {
		if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
			refs[e.Name] = *e.ValueFrom.SecretKeyRef
		}
	}
	return refs
}
