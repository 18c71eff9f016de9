// Package redistest starts real redis-server processes for tests: each on a
// free loopback port, with no persistence and its own temporary directory,
// and lets a test kill, pause, resume, restart and fill it. StartCluster
// joins six of them into a Redis Cluster (three masters, three replicas)
// with redis-cli; StartSentinel starts a master, its replicas and three
// redis-sentinel processes; StartClusterAuth and StartSentinelAuth start
// them with a password that every process requires. Each lets a test kill
// a master and wait for a replica to take over. Every process ends with
// the test, or with the test binary (Linux). It is used only by tests (internal/cache,
// internal/handlers, cmd/adjudicator); there is no mock.
package redistest

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Install is what the failure message tells a developer to run.
const Install = "apt-get install redis-server"

// Server is one redis-server process the test owns. Its methods fail the
// test on error; they are safe for concurrent use.
type Server struct {
	t        testing.TB
	bin      string
	dir      string
	port     int
	password string // requirepass, "" for none
	// argv returns the arguments of a process on port that logs to logf.
	argv func(port int, logf string) []string

	mu     sync.Mutex
	cmd    *exec.Cmd
	done   chan struct{} // closed when the current process has exited
	admin  *redis.Client
	paused bool
}

// Start starts redis-server on a free loopback port and waits until it
// answers PING. It fails the test (never skips it) when redis-server is
// not installed. The process is killed when the test ends, and by the
// kernel if the test binary dies first (Linux).
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t)
}

// StartWith is Start with more redis-server arguments, such as
// "--replicaof", "127.0.0.1", "6380".
func StartWith(t testing.TB, args ...string) *Server {
	t.Helper()
	return startServer(t, "", args...)
}

// startServer is StartWith for a server that requires password (none when
// empty): its replicas and clients must give it, and so do the test's own
// PING and administrative client.
func startServer(t testing.TB, password string, args ...string) *Server {
	t.Helper()
	s := &Server{t: t, bin: lookPath(t, "redis-server", Install), dir: t.TempDir(), password: password}
	if password != "" {
		args = append([]string{"--requirepass", password, "--masterauth", password}, args...)
	}
	s.argv = func(port int, logf string) []string {
		return append([]string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
			"--save", "", "--appendonly", "no",
			"--dir", s.dir, "--logfile", logf, "--daemonize", "no",
			"--protected-mode", "no", "--enable-debug-command", "local"}, args...)
	}
	s.start()
	return s
}

// lookPath finds a program or fails the test (never skips it), saying
// what to install.
func lookPath(t testing.TB, program, install string) string {
	t.Helper()
	bin, err := exec.LookPath(program)
	if err != nil {
		t.Fatalf("%s is not on PATH (%v): the cache tests run against a real Redis; install it with `%s` (Debian/Ubuntu)", program, err, install)
	}
	return bin
}

// start launches the process on a free port, with an administrative
// client, and has both end with the test.
func (s *Server) start() {
	t := s.t
	t.Helper()
	var err, last error
	for range 5 { // a free port can be taken between probing and binding
		if s.port, err = freePort(); err != nil {
			t.Fatalf("finding a free port: %v", err)
		}
		if last = s.launch(); last == nil {
			break
		}
	}
	if last != nil {
		t.Fatalf("starting %s: %v", filepath.Base(s.bin), last)
	}
	s.admin = redis.NewClient(&redis.Options{Addr: s.Addr(), Password: s.password, DialTimeout: time.Second,
		ReadTimeout: 5 * time.Second, WriteTimeout: time.Second, MaxRetries: 3})
	t.Cleanup(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.killLocked()
		_ = s.admin.Close()
	})
}

// freePort returns a loopback port that was free a moment ago.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// launch starts the process on s.port and waits for PING; on failure the
// process is gone and the error quotes its log.
func (s *Server) launch() error {
	logf := filepath.Join(s.dir, fmt.Sprintf("redis-%d.log", s.port))
	cmd := exec.Command(s.bin, s.argv(s.port, logf)...)
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	s.cmd, s.done, s.paused = cmd, done, false
	deadline := time.Now().Add(10 * time.Second)
	for {
		if ping(s.Addr(), s.password, 200*time.Millisecond) == nil {
			return nil
		}
		select {
		case <-done:
			log, _ := os.ReadFile(logf)
			return fmt.Errorf("%s on port %d exited: %s", filepath.Base(s.bin), s.port, lastLines(string(log), 5))
		default:
		}
		if time.Now().After(deadline) {
			s.killLocked()
			return fmt.Errorf("%s on port %d does not answer PING after 10s", filepath.Base(s.bin), s.port)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func lastLines(text string, n int) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// ping sends PING on a fresh connection, after AUTH when password is set,
// and expects +PONG.
func ping(addr, password string, timeout time.Duration) error {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(timeout))
	req, want := "PING\r\n", "+PONG\r\n"
	if password != "" {
		req = fmt.Sprintf("*2\r\n$4\r\nAUTH\r\n$%d\r\n%s\r\n", len(password), password) + req
		want = "+OK\r\n" + want
	}
	if _, err := c.Write([]byte(req)); err != nil {
		return err
	}
	r := bufio.NewReader(c)
	got := ""
	for len(got) < len(want) {
		line, err := r.ReadString('\n')
		if err != nil {
			return err
		}
		got += line
	}
	if got != want {
		return fmt.Errorf("PING answered %q", got)
	}
	return nil
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// URL is the server's redis:// URL, for cache.RedisConfig.
func (s *Server) URL() string { return "redis://" + s.Addr() + "/0" }

// Client is an administrative client with generous timeouts, for looking
// at and tampering with the data. Do not use it while the server is paused.
func (s *Server) Client() *redis.Client { return s.admin }

// Pid is the process id of the running server.
func (s *Server) Pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cmd.Process.Pid
}

func (s *Server) killLocked() {
	if s.cmd == nil {
		return
	}
	select {
	case <-s.done:
	default:
		_ = s.cmd.Process.Signal(syscall.SIGKILL)
		<-s.done
	}
	s.cmd, s.paused = nil, false
}

// Kill sends SIGKILL and waits for the process to exit. Nothing is saved.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.killLocked()
}

// Stop pauses the process with SIGSTOP: connections are still accepted by
// the kernel, but nothing answers.
func (s *Server) Stop() { s.signal(syscall.SIGSTOP, true) }

// Cont resumes a paused process with SIGCONT.
func (s *Server) Cont() { s.signal(syscall.SIGCONT, false) }

func (s *Server) signal(sig syscall.Signal, paused bool) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		s.t.Fatalf("redis-server on port %d is not running", s.port)
	}
	if err := s.cmd.Process.Signal(sig); err != nil {
		s.t.Fatalf("signal %v to redis-server: %v", sig, err)
	}
	s.paused = paused
}

// Restart kills the process if it runs and starts a new, empty one on the
// same port.
func (s *Server) Restart() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.killLocked()
	var err error
	for range 50 { // the port may linger for a moment
		if err = s.launch(); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.t.Fatalf("restarting redis-server on port %d: %v", s.port, err)
}

// Sleep makes the server busy for d with DEBUG SLEEP, sent on its own
// connection; it returns at once. The server answers nothing meanwhile.
// The channel is closed when the sleep is over: the server answered the
// DEBUG SLEEP, or the connection ended (the server was killed).
func (s *Server) Sleep(d time.Duration) <-chan struct{} {
	s.t.Helper()
	c, err := net.DialTimeout("tcp", s.Addr(), time.Second)
	if err != nil {
		s.t.Fatalf("DEBUG SLEEP: %v", err)
	}
	cmd := fmt.Sprintf("DEBUG SLEEP %.3f\r\n", d.Seconds())
	if _, err := c.Write([]byte(cmd)); err != nil {
		c.Close()
		s.t.Fatalf("DEBUG SLEEP: %v", err)
	}
	woke := make(chan struct{})
	go func() {
		defer close(woke)
		_ = c.SetReadDeadline(time.Now().Add(d + 10*time.Second))
		_, _ = bufio.NewReader(c).ReadString('\n')
		c.Close()
	}()
	return woke
}

// Paused reports whether the server was paused with Stop and not resumed.
func (s *Server) Paused() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paused
}

// Do runs one command on the administrative client.
func (s *Server) Do(args ...any) any {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := s.admin.Do(ctx, args...).Result()
	if err != nil {
		s.t.Fatalf("redis %v: %v", args, err)
	}
	return v
}

// SetMaxMemory sets maxmemory (e.g. "1mb"; "0" lifts the limit) with the
// noeviction policy, so that writes beyond the limit fail.
func (s *Server) SetMaxMemory(limit string) {
	s.t.Helper()
	s.Do("CONFIG", "SET", "maxmemory-policy", "noeviction")
	s.Do("CONFIG", "SET", "maxmemory", limit)
}

// FlushAll empties the server.
func (s *Server) FlushAll() {
	s.t.Helper()
	s.Do("FLUSHALL")
}

// Keys lists the keys matching pattern, with SCAN.
func (s *Server) Keys(pattern string) []string {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var keys []string
	iter := s.admin.Scan(ctx, 0, pattern, 1000).Iterator()
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		s.t.Fatalf("SCAN %s: %v", pattern, err)
	}
	return keys
}

// Get returns the raw value under key ("" and false when there is none).
func (s *Server) Get(key string) ([]byte, bool) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b, err := s.admin.Get(ctx, key).Bytes()
	if err == redis.Nil {
		return nil, false
	}
	if err != nil {
		s.t.Fatalf("GET %s: %v", key, err)
	}
	return b, true
}

// Set writes a raw value under key, without expiry.
func (s *Server) Set(key string, value []byte) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.admin.Set(ctx, key, value, 0).Err(); err != nil {
		s.t.Fatalf("SET %s: %v", key, err)
	}
}
