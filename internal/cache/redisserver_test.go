package cache

import (
	"net"
	"testing"
	"time"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// startRedis starts a real redis-server for one test on a free loopback
// port (never 6379). See package redistest.
func startRedis(t testing.TB) *redistest.Server {
	t.Helper()
	return redistest.Start(t)
}

// answers reports whether a server at addr answers PING within timeout.
func answers(addr string, timeout time.Duration) bool {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(timeout))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	buf := make([]byte, 7)
	n, _ := c.Read(buf)
	return string(buf[:n]) == "+PONG\r\n"
}

// TestRedisServerHelper checks the helper the other tests rely on: the
// server answers, stops answering when killed or paused, comes back on the
// same port, and takes a memory limit.
func TestRedisServerHelper(t *testing.T) {
	s := startRedis(t)
	addr := s.Addr()
	if _, port, _ := net.SplitHostPort(addr); port == "6379" {
		t.Fatalf("Addr() = %q; the tests must not use the default port", addr)
	}
	steps := []struct {
		name   string
		action func()
		want   bool
	}{
		{"started", func() {}, true},
		{"killed", s.Kill, false},
		{"restarted", s.Restart, true},
		{"paused", s.Stop, false},
		{"resumed", s.Cont, true},
		{"sleeping", func() { s.Sleep(500 * time.Millisecond); time.Sleep(50 * time.Millisecond) }, false},
		{"awake", func() { time.Sleep(600 * time.Millisecond) }, true},
	}
	for _, st := range steps {
		st.action()
		if got := answers(addr, 200*time.Millisecond); got != st.want {
			t.Fatalf("%s: PING answered = %v; want %v", st.name, got, st.want)
		}
	}
	if s.Addr() != addr {
		t.Errorf("Addr() after Restart = %q; want %q", s.Addr(), addr)
	}
	s.SetMaxMemory("1mb")
	if got := s.Do("CONFIG", "GET", "maxmemory"); !containsString(got, "1048576") {
		t.Errorf("CONFIG GET maxmemory = %v; want 1048576", got)
	}
	if got := s.Do("CONFIG", "GET", "save"); !containsString(got, "") {
		t.Errorf("CONFIG GET save = %v; want an empty save schedule", got)
	}
}

// containsString reports whether a CONFIG GET reply (a map or a flat
// list, depending on the protocol) holds want as a value.
func containsString(reply any, want string) bool {
	switch r := reply.(type) {
	case map[any]any:
		for _, v := range r {
			if v == want {
				return true
			}
		}
	case []any:
		for i := 1; i < len(r); i += 2 {
			if r[i] == want {
				return true
			}
		}
	}
	return false
}
