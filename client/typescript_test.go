package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The npm packages of the TypeScript check, at exact versions.
const (
	openapiTypescript = "openapi-typescript@7.13.0"
	openapiFetch      = "openapi-fetch@0.17.0"
	typescript        = "typescript@5.9.3"
)

// npmSet is the packages of the check, as npm install takes them.
var npmSet = []string{openapiTypescript, openapiFetch, typescript}

// TestTypeScriptTypesCompile generates TypeScript types from
// api/openapi.yaml with openapi-typescript and compiles them in strict mode
// with testdata/typescript/usage.ts, which uses them as a TypeScript client
// would, through openapi-fetch's client made with its defaults
// (createClient<paths>(), no media-type option): so the contract must give
// each operation's answers one media type a request, as generators read
// it. The packages are installed with npm, once, into the user's cache
// directory. Without npm on PATH the test is skipped; a failing install
// (no network, say) fails it.
func TestTypeScriptTypesCompile(t *testing.T) {
	t.Parallel()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not on PATH: install Node.js 20 or later with npm to check the TypeScript types of api/openapi.yaml")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: install Node.js 20 or later with npm to check the TypeScript types of api/openapi.yaml")
	}
	root := moduleRoot(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	modules := npmPackages(ctx, t, npm)

	dir := t.TempDir()
	for _, name := range []string{"usage.ts", "tsconfig.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "typescript", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// usage.ts imports openapi-fetch: the compiler finds it in the
	// directory's node_modules.
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	schema := filepath.Join(dir, "schema.ts")
	run(ctx, t, dir, node, packageBin(t, modules, "openapi-typescript", "openapi-typescript"),
		filepath.Join(root, "api", "openapi.yaml"), "--output", schema)
	if fi, err := os.Stat(schema); err != nil || fi.Size() == 0 {
		t.Fatalf("openapi-typescript wrote no types: %v", err)
	}
	run(ctx, t, dir, node, packageBin(t, modules, "typescript", "tsc"), "--project", filepath.Join(dir, "tsconfig.json"))
}

// npmPackages returns the node_modules directory holding the packages of
// npmSet, installing them on the first run. Each set of versions has
// its own directory; an install goes to a fresh directory that is renamed
// into place once complete, so an interrupted or concurrent install never
// leaves a half-filled one in use.
func npmPackages(ctx context.Context, t *testing.T, npm string) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no user cache directory for the npm packages: %v", err)
	}
	parent := filepath.Join(cache, "adjudicator")
	final := filepath.Join(parent, strings.ReplaceAll("npm-"+strings.Join(npmSet, "-"), "@", "-"))
	done := filepath.Join(final, ".complete")
	if _, err := os.Stat(done); err == nil {
		return filepath.Join(final, "node_modules")
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(parent, "npm-install-")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	manifest := `{"name": "adjudicator-typescript-check", "private": true}` + "\n"
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("installing %s into %s", strings.Join(npmSet, ", "), final)
	run(ctx, t, tmp, npm, append([]string{"install", "--no-audit", "--no-fund", "--save-exact", "--loglevel=error"}, npmSet...)...)
	if err := os.WriteFile(filepath.Join(tmp, ".complete"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, final); err != nil {
		// Another run may have put its install in place meanwhile.
		if _, statErr := os.Stat(done); statErr != nil {
			t.Fatalf("moving the npm install into place: %v", err)
		}
	}
	return filepath.Join(final, "node_modules")
}

// packageBin is the path of the script that the installed package pkg runs
// as its command name, as its package.json declares it.
func packageBin(t *testing.T, modules, pkg, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(modules, pkg, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Bin json.RawMessage `json:"bin"`
	}
	if err := json.Unmarshal(b, &manifest); err != nil {
		t.Fatalf("%s/package.json: %v", pkg, err)
	}
	var bins map[string]string
	if err := json.Unmarshal(manifest.Bin, &bins); err != nil {
		var one string
		if err := json.Unmarshal(manifest.Bin, &one); err != nil {
			t.Fatalf("%s/package.json: bin is neither a path nor an object: %s", pkg, manifest.Bin)
		}
		bins = map[string]string{name: one}
	}
	rel, ok := bins[name]
	if !ok {
		t.Fatalf("%s/package.json declares no command %s", pkg, name)
	}
	path := filepath.Join(modules, pkg, filepath.FromSlash(rel))
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s declares %s at %s, which is missing", pkg, name, path)
	}
	return path
}

// run runs a command in dir and fails the test with its output when it
// fails.
func run(ctx context.Context, t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", fmt.Sprint(append([]string{filepath.Base(name)}, args...)), err, out)
	}
}
