package chart_test

import (
	"bufio"
	"bytes"
	"context"
	"debug/elf"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
	appsv1 "k8s.io/api/apps/v1"
)

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	cmd  string // upper case: FROM, RUN, COPY...
	args string
	line int
}

// stage is one FROM and the instructions after it.
type stage struct {
	image, name string
	from        instruction
	body        []instruction
}

// parseDockerfile reads the instructions of a Dockerfile: comment lines are
// dropped (also inside a continuation, as Docker does) and lines ending in a
// backslash are joined to the next.
func parseDockerfile(t *testing.T, text string) []stage {
	t.Helper()
	var stages []stage
	var cur strings.Builder
	start := 0
	flush := func() {
		s := strings.TrimSpace(cur.String())
		cur.Reset()
		if s == "" {
			return
		}
		cmd, args, _ := strings.Cut(s, " ")
		in := instruction{cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args), line: start}
		if in.cmd == "FROM" {
			f := strings.Fields(in.args)
			for len(f) > 0 && strings.HasPrefix(f[0], "--") {
				f = f[1:] // --platform=...
			}
			st := stage{from: in}
			if len(f) > 0 {
				st.image = f[0]
			}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			}
			stages = append(stages, st)
			return
		}
		if len(stages) == 0 {
			if in.cmd != "ARG" {
				t.Fatalf("Dockerfile:%d: %s before the first FROM", in.line, in.cmd)
			}
			return
		}
		stages[len(stages)-1].body = append(stages[len(stages)-1].body, in)
	}
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		if body, ok := strings.CutSuffix(strings.TrimRight(line, " \t"), `\`); ok {
			cur.WriteString(body + " ")
			continue
		}
		cur.WriteString(line)
		flush()
	}
	flush()
	if len(stages) == 0 {
		t.Fatal("Dockerfile has no FROM")
	}
	return stages
}

// pinned reports whether an image reference names one image: a digest, or
// a tag that is an exact version (1.26.8-bookworm, v3.2.1), or scratch.
func pinned(ref string) bool {
	if ref == "scratch" || regexp.MustCompile(`@sha256:[0-9a-f]{64}$`).MatchString(ref) {
		return true
	}
	tag := ""
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		tag = ref[i+1:]
	}
	return regexp.MustCompile(`^v?[0-9]+\.[0-9]+\.[0-9]+([-.][A-Za-z0-9.-]+)?$`).MatchString(tag)
}

// dockerBuild is what the Dockerfile says about the build of the binary.
type dockerBuild struct {
	command    string // the go build RUN line, a shell command
	output     string // its -o path
	workdir    string
	args       map[string]string // ARGs of the build stage, with defaults
	entrypoint []string          // of the final image, the binary first
	final      stage
}

var goBuildOutput = regexp.MustCompile(`(?:^|\s)-o[= ](\S+)`)

// readDockerfile checks the Dockerfile statically and returns its build.
func readDockerfile(t *testing.T) dockerBuild {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repoRoot, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	stages := parseDockerfile(t, string(text))
	for _, s := range stages {
		if !pinned(s.image) {
			t.Errorf("Dockerfile:%d: FROM %s is not pinned to a digest or an exact version", s.from.line, s.image)
		}
	}
	final := stages[len(stages)-1]
	b := dockerBuild{final: final, args: map[string]string{}}

	// The build stage: the whole context copied to WORKDIR, then one RUN
	// with go build.
	var build *stage
	for i := range stages[:len(stages)-1] {
		s := &stages[i]
		copiedAll := false
		for _, in := range s.body {
			switch in.cmd {
			case "WORKDIR":
				b.workdir = in.args
			case "ARG":
				name, def, _ := strings.Cut(in.args, "=")
				b.args[name] = def
			case "COPY":
				copiedAll = copiedAll || in.args == ". ." || in.args == ". ./"
			case "RUN":
				if !strings.Contains(in.args, "go build") {
					continue
				}
				if build != nil {
					t.Fatalf("Dockerfile:%d: a second go build", in.line)
				}
				if !copiedAll {
					t.Errorf("Dockerfile:%d: go build before COPY . .", in.line)
				}
				build, b.command = s, in.args
			}
		}
		if build == nil {
			b.workdir, b.args = "", map[string]string{}
		}
	}
	if build == nil {
		t.Fatal("Dockerfile: no stage before the last has a RUN ... go build")
	}
	checkGoImage(t, build.image)
	if strings.HasPrefix(b.command, "--") || strings.HasPrefix(b.command, "[") {
		t.Fatalf("Dockerfile: the go build RUN must be a plain shell command (no --mount, no exec form): %s", b.command)
	}
	m := goBuildOutput.FindStringSubmatch(b.command)
	if m == nil {
		t.Fatalf("Dockerfile: go build has no -o: %s", b.command)
	}
	b.output = m[1]
	if !path.IsAbs(b.output) {
		t.Fatalf("Dockerfile: go build -o %s; write to an absolute path", b.output)
	}
	for _, want := range []string{"CGO_ENABLED=0", " -trimpath ", "-X main.version=${VERSION}", "./cmd/adjudicator"} {
		if !strings.Contains(b.command+" ", want) {
			t.Errorf("Dockerfile: the go build command lacks %q: %s", want, b.command)
		}
	}
	if _, ok := b.args["VERSION"]; !ok {
		t.Error("Dockerfile: the build stage has no ARG VERSION before go build")
	}

	// The final image: that output copied from the build stage, run as
	// serve by a non-root user.
	dest := ""
	for _, in := range final.body {
		switch in.cmd {
		case "COPY":
			f := strings.Fields(in.args)
			if len(f) == 3 && f[0] == "--from="+build.name && f[1] == b.output {
				dest = f[2]
			}
		case "ENTRYPOINT":
			if err := json.Unmarshal([]byte(in.args), &b.entrypoint); err != nil {
				t.Errorf("Dockerfile:%d: ENTRYPOINT %s is not in exec (JSON) form: %v", in.line, in.args, err)
			}
		case "USER":
			user, group, _ := strings.Cut(in.args, ":")
			for _, id := range []string{user, group} {
				if n, err := strconv.Atoi(id); (err == nil && n == 0) || id == "root" {
					t.Errorf("Dockerfile:%d: USER %s is root", in.line, in.args)
				}
			}
			if n, err := strconv.Atoi(user); !(err == nil && n > 0 || user == "nonroot") {
				t.Errorf("Dockerfile:%d: USER %s; want 65532 or nonroot", in.line, in.args)
			}
		case "HEALTHCHECK":
			if !strings.EqualFold(strings.TrimSpace(in.args), "NONE") {
				t.Errorf("Dockerfile:%d: HEALTHCHECK in an image with no shell or curl to run it", in.line)
			}
		}
	}
	if lastUser(final) == "" {
		t.Error("Dockerfile: the final stage sets no USER; it would run as root")
	}
	if dest == "" {
		t.Fatalf("Dockerfile: the final stage does not COPY --from=%s %s, the go build output", build.name, b.output)
	}
	if strings.HasSuffix(dest, "/") {
		dest += path.Base(b.output)
	}
	if len(b.entrypoint) < 2 || b.entrypoint[0] != dest || b.entrypoint[1] != "serve" {
		t.Errorf("ENTRYPOINT %q; want [%q, \"serve\"]", b.entrypoint, dest)
	}
	return b
}

func lastUser(s stage) string {
	user := ""
	for _, in := range s.body {
		if in.cmd == "USER" {
			user = in.args
		}
	}
	return user
}

// checkGoImage: the build stage's Go is an exact release at least as new as
// go.mod's go line.
func checkGoImage(t *testing.T, image string) {
	t.Helper()
	m := regexp.MustCompile(`^golang:([0-9]+)\.([0-9]+)\.([0-9]+)-`).FindStringSubmatch(image)
	if m == nil {
		t.Errorf("build stage FROM %s; want golang:1.N.P-<debian release>", image)
		return
	}
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	g := regexp.MustCompile(`(?m)^go ([0-9]+)\.([0-9]+)(?:\.([0-9]+))?`).FindSubmatch(gomod)
	if g == nil {
		t.Fatal("go.mod has no go line")
	}
	version := func(parts ...string) (v int) {
		for _, p := range parts {
			n, _ := strconv.Atoi(p)
			v = v*1000 + n
		}
		return v
	}
	if version(m[1], m[2], m[3]) < version(string(g[1]), string(g[2]), string(g[3])) {
		t.Errorf("build stage FROM %s is older than go.mod's go %s.%s", image, g[1], g[2])
	}
}

func TestDockerfileStatic(t *testing.T) {
	b := readDockerfile(t)
	port := defaultPort(t)
	exposed := false
	for _, in := range b.final.body {
		if in.cmd == "EXPOSE" {
			for _, p := range strings.Fields(in.args) {
				exposed = exposed || strings.TrimSuffix(p, "/tcp") == strconv.Itoa(int(port))
			}
		}
	}
	if !exposed {
		t.Errorf("Dockerfile: the final stage does not EXPOSE %d, the service's default port", port)
	}
	// -X main.version is silently ignored when the variable is missing.
	src, err := os.ReadFile(filepath.Join(repoRoot, "cmd/adjudicator/main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^var version = "`).Match(src) {
		t.Error(`cmd/adjudicator/main.go has no var version = "...": -X main.version would stamp nothing`)
	}
	// The chart runs the image's user.
	m := render(t)
	user := fmt.Sprint(*container(t, one[appsv1.Deployment](t, m, "Deployment")).SecurityContext.RunAsUser)
	if u, _, _ := strings.Cut(lastUser(b.final), ":"); u != user {
		t.Errorf("Dockerfile USER %s; the chart runs user %s", u, user)
	}
}

// contextFiles copies into dir the files of the repository that the
// .dockerignore lets into the build context, using Docker's own matcher.
func contextFiles(t *testing.T, dir string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, p)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		excluded, err := pm.MatchesOrParentMatches(rel)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if excluded && !reincluded(pm, rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if excluded || !d.Type().IsRegular() {
			return nil
		}
		files = append(files, rel)
		return copyFile(p, filepath.Join(dir, filepath.FromSlash(rel)))
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// reincluded reports whether a "!" pattern might let back in something
// under an excluded directory, so the walk must go on into it.
func reincluded(pm *patternmatcher.PatternMatcher, dir string) bool {
	for _, p := range pm.Patterns() {
		if p.Exclusion() && (strings.HasPrefix(p.String(), dir+"/") || strings.HasPrefix(p.String(), "*")) {
			return true
		}
	}
	return false
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

func TestDockerignore(t *testing.T) {
	files := contextFiles(t, t.TempDir())
	in := map[string]bool{}
	for _, f := range files {
		in[f] = true
	}
	for _, want := range []string{"go.mod", "go.sum", "cmd/adjudicator/main.go", "api/openapi.yaml", "docs/embed.go", "docs/RULES.md"} {
		if !in[want] {
			t.Errorf(".dockerignore leaves %s out of the build context", want)
		}
	}
	for _, f := range files {
		if strings.HasPrefix(f, ".git/") || strings.HasPrefix(f, "deploy/") || strings.HasSuffix(f, ".test") || strings.HasSuffix(f, "_test.go") {
			t.Errorf(".dockerignore lets %s into the build context", f)
		}
	}
}

// TestDockerBuildCommand runs the Dockerfile's own go build line, without
// Docker, on a copy of the build context that .dockerignore allows, then
// runs the binary the way the image's ENTRYPOINT does and asks /livez.
func TestDockerBuildCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the service binary")
	}
	b := readDockerfile(t)
	ctxDir := t.TempDir()
	contextFiles(t, ctxDir)
	outDir := t.TempDir()
	bin := filepath.Join(outDir, path.Base(b.output))

	// The RUN line, with only its -o path moved into the temporary folder.
	command := strings.Replace(b.command, "-o "+b.output, "-o "+strconv.Quote(bin), 1)
	if command == b.command {
		t.Fatalf("cannot find \"-o %s\" in %s", b.output, b.command)
	}
	const version = "v0.0.0-dockerfile-test"
	env := append(os.Environ(), "GOWORK=off", "TARGETOS="+runtime.GOOS, "TARGETARCH="+runtime.GOARCH)
	for name, def := range b.args {
		if name != "VERSION" && name != "TARGETOS" && name != "TARGETARCH" {
			env = append(env, name+"="+def)
		}
	}
	env = append(env, "VERSION="+version)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "sh", "-c", command)
	build.Dir = ctxDir
	build.Env = env
	start := time.Now()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("sh -c %q in the build context: %v\n%s", command, err, out)
	}
	t.Logf("built in %v: %s", time.Since(start).Round(time.Second), command)

	checkStatic(t, bin, ctxDir)
	out, err := exec.Command(bin, "version").Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != version {
		t.Errorf("%s version = %q, %v; want %q (stamped by -X main.version)", bin, got, err, version)
	}
	runEntrypoint(t, bin, b.entrypoint[1:], version)
}

// checkStatic: no dynamic loader, no shared libraries (the final image has
// none), and no path of the build machine left in the binary (-trimpath).
func checkStatic(t *testing.T, bin, buildDir string) {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary asks for a dynamic loader; it would not start in an image without libc")
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("the binary needs shared libraries %v", libs)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(buildDir)) {
		t.Errorf("the binary holds the build folder %s: is -trimpath in effect?", buildDir)
	}
}

// runEntrypoint starts the binary as the image does (ENTRYPOINT's arguments,
// an empty environment), on a free loopback port, and checks the probes and
// a clean exit on SIGTERM.
func runEntrypoint(t *testing.T, bin string, args []string, version string) {
	t.Helper()
	cmd := exec.Command(bin, append(args, "--addr", "127.0.0.1:0")...)
	cmd.Env = []string{} // the image sets no variable
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{}) // closed once waitErr is set
	var waitErr error
	defer func() {
		select {
		case <-exited:
		default:
			_ = cmd.Process.Kill()
			<-exited
		}
	}()
	addr := make(chan string, 1)
	var logs lockedBuffer
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logs.Write(append(sc.Bytes(), '\n'))
			var line struct{ Msg, Addr, Version string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				if line.Version != version {
					t.Errorf("listening log line reports version %q; want %q", line.Version, version)
				}
				addr <- line.Addr
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		waitErr = cmd.Wait()
		close(exited)
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-exited:
		t.Fatalf("the binary exited before listening: %v\n%s", waitErr, logs.String())
	case <-time.After(30 * time.Second):
		t.Fatalf("no \"listening\" log line within 30s\n%s", logs.String())
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, p := range []string{"/livez", "/readyz"} {
		resp, err := client.Get(base + p)
		if err != nil {
			t.Fatalf("GET %s: %v", p, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s = %d; want 200", p, resp.StatusCode)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		if waitErr != nil {
			t.Errorf("after SIGTERM the binary exited with %v; want 0\n%s", waitErr, logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Errorf("the binary did not stop within 30s of SIGTERM\n%s", logs.String())
	}
}

// lockedBuffer collects a process's log lines while the test reads them.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
