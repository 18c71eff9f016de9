package chart_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

var lowerCamel = regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)

// TestValuesDocumented: every key of values.yaml is lowerCamelCase and
// documented by a comment above it, or lies inside a documented key (such
// as the fields of securityContext, which Kubernetes documents).
func TestValuesDocumented(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		t.Fatal("values.yaml is not a mapping")
	}
	checkDocumented(t, doc.Content[0], "")
}

func checkDocumented(t *testing.T, m *yaml.Node, path string) {
	t.Helper()
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, value := m.Content[i], m.Content[i+1]
		name := strings.TrimPrefix(path+"."+key.Value, ".")
		if !lowerCamel.MatchString(key.Value) {
			t.Errorf("values.yaml: %s is not lowerCamelCase", name)
		}
		switch {
		case strings.HasPrefix(strings.TrimSpace(key.HeadComment), "# -- ") ||
			strings.Contains(key.HeadComment, "\n# -- "):
			// Documented, with all it holds.
		case value.Kind == yaml.MappingNode && len(value.Content) > 0:
			checkDocumented(t, value, name) // a section: each key documents itself
		default:
			t.Errorf("values.yaml: %s has no \"# -- \" comment above it (line %d)", name, key.Line)
		}
	}
}
