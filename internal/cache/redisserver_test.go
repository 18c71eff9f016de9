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
// server answers, stops answering when killed, paused or sleeping, comes
// back on the same port, and takes a memory limit. Where the server must
// answer, the PING waits as long as it takes (hang); where it must not,
// the short wait only bounds the test, as nothing will answer.
func TestRedisServerHelper(t *testing.T) {
	s := startRedis(t)
	addr := s.Addr()
	if _, port, _ := net.SplitHostPort(addr); port == "6379" {
		t.Fatalf("Addr() = %q; the tests must not use the default port", addr)
	}
	var woke <-chan struct{}
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
		{"asleep for a minute", func() { woke = s.Sleep(time.Minute) }, false},
		{"restarted out of its sleep", s.Restart, true},
	}
	for _, st := range steps {
		st.action()
		wait := 200 * time.Millisecond
		if st.want {
			wait = hang
		}
		if got := answers(addr, wait); got != st.want {
			t.Fatalf("%s: PING answered = %v; want %v", st.name, got, st.want)
		}
	}
	select {
	case <-woke:
	case <-time.After(hang):
		t.Fatalf("Sleep's channel still open %v after the sleeping server was restarted", hang)
	}
	returns(t, "a short Sleep", func() { <-s.Sleep(10 * time.Millisecond) })
	if !answers(addr, hang) {
		t.Errorf("PING after a short Sleep ended = no answer; want +PONG")
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
