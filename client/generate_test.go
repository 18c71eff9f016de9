package client

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// moduleRoot is the directory of the module's go.mod, the parent of this
// package's directory (where go test runs the tests).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s, the parent of the client package: %v", root, err)
	}
	return root
}

// TestGeneratedClientIsCurrent regenerates the client from api/openapi.yaml
// with the checked-in configuration into a temporary file and requires the
// checked-in client.gen.go to have exactly its bytes. That the generated
// code compiles is proven by its being part of this package.
func TestGeneratedClientIsCurrent(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	config, err := os.ReadFile("oapi-codegen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The configuration names the output relative to this directory; the
	// copy writes to the temporary directory instead.
	dir := t.TempDir()
	out := filepath.Join(dir, "client.gen.go")
	var lines []string
	outputs := 0
	for _, line := range strings.Split(string(config), "\n") {
		if strings.HasPrefix(line, "output:") {
			outputs++
			if strings.TrimSpace(strings.TrimPrefix(line, "output:")) != "client.gen.go" {
				t.Fatalf("oapi-codegen.yaml: %q, want output: client.gen.go", line)
			}
			line = fmt.Sprintf("output: %q", out)
		}
		lines = append(lines, line)
	}
	if outputs != 1 {
		t.Fatalf("oapi-codegen.yaml has %d top-level output lines, want 1", outputs)
	}
	cfg := filepath.Join(dir, "oapi-codegen.yaml")
	if err := os.WriteFile(cfg, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}

	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	cmd := exec.Command(goBin, "tool", "oapi-codegen", "-config", cfg, filepath.Join("api", "openapi.yaml"))
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go tool oapi-codegen on api/openapi.yaml: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("client.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("client/client.gen.go is not what api/openapi.yaml generates (%s); "+
			"run `go generate ./client/` from the module root and check the result in", firstDifference(got, want))
	}
}

// firstDifference describes the first line where got and want differ.
func firstDifference(got, want []byte) string {
	g := strings.Split(string(got), "\n")
	w := strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if i >= len(g) || i >= len(w) || gl != wl {
			return fmt.Sprintf("line %d is %q, generated %q", i+1, gl, wl)
		}
	}
	return "same lines, different bytes"
}
