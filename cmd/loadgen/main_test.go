package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		out := make([]time.Duration, len(ns))
		for i, n := range ns {
			out[i] = time.Duration(n) * time.Millisecond
		}
		return out
	}
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond // 1..100 ms
	}
	tests := []struct {
		give []time.Duration
		p    float64
		want time.Duration
	}{
		{nil, 50, 0},
		{ms(7), 50, 7 * time.Millisecond},
		{ms(7), 99, 7 * time.Millisecond},
		{ms(1, 2, 3, 4), 0, 1 * time.Millisecond},
		{ms(1, 2, 3, 4), 25, 1 * time.Millisecond},
		{ms(1, 2, 3, 4), 26, 2 * time.Millisecond},
		{ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{ms(1, 2, 3, 4), 51, 3 * time.Millisecond},
		{ms(1, 2, 3, 4), 100, 4 * time.Millisecond},
		{hundred, 50, 50 * time.Millisecond},
		{hundred, 90, 90 * time.Millisecond},
		{hundred, 99, 99 * time.Millisecond},
		{hundred, 99.5, 100 * time.Millisecond},
		{hundred, 100, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := percentile(tt.give, tt.p); got != tt.want {
			t.Errorf("percentile(%v, %v) = %v, want %v", tt.give, tt.p, got, tt.want)
		}
	}
}

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{
		"http://127.0.0.1:8080/v1/legal-moves",
		"http://localhost:8080/livez",
		"http://LOCALHOST/",
		"http://[::1]:8080/",
		"https://127.0.0.1/",
	} {
		if _, err := checkURL(ok); err != nil {
			t.Errorf("checkURL(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{
		"",
		"http://example.com/",
		"http://10.0.0.1:8080/",
		"http://127.0.0.2/",
		"http://0.0.0.0:8080/",
		"http://127.0.0.1.example.com/",
		"http://localhost.evil.example/",
		"http://[::2]/",
		"ftp://127.0.0.1/",
		"127.0.0.1:8080",
		"://bad",
	} {
		if _, err := checkURL(bad); err == nil {
			t.Errorf("checkURL(%q) = nil, want an error", bad)
		}
	}
	if err := checkListenAddr("127.0.0.1:0"); err != nil {
		t.Errorf("checkListenAddr(127.0.0.1:0) = %v", err)
	}
	for _, bad := range []string{":8080", "0.0.0.0:80", "192.168.1.1:80", "localhost"} {
		if checkListenAddr(bad) == nil {
			t.Errorf("checkListenAddr(%q) = nil, want an error", bad)
		}
	}
}

func TestBounds(t *testing.T) {
	for _, args := range [][]string{
		{"-url", "http://example.com/"},
		{"-url", "http://127.0.0.1:1/", "-c", "0"},
		{"-url", "http://127.0.0.1:1/", "-c", "5000"},
		{"-url", "http://127.0.0.1:1/", "-n", "20000000"},
		{"-url", "http://127.0.0.1:1/", "-d", "11m"},
		{"-url", "http://127.0.0.1:1/", "-body", "{not json"},
		{"-url", "http://127.0.0.1:1/", "-body", "/nonexistent/file.json"},
		{"-serve-baseline", "0.0.0.0:0"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code == 0 || errb.Len() == 0 {
			t.Errorf("loadgen %v = %d, stderr %q; want a failure and a message", args, code, errb.String())
		}
	}
}

// TestRun drives the bare baseline, a failing handler and a closed port.
func TestRun(t *testing.T) {
	srv := httptest.NewServer(newBaseline())
	defer srv.Close()
	var out, errb bytes.Buffer
	code := run([]string{"-url", srv.URL + "/x", "-body", `{"variant":"chess"}`, "-c", "4", "-n", "50"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "requests    50 in") ||
		!strings.Contains(out.String(), "non-2xx     0") || !strings.Contains(out.String(), "200: 50") {
		t.Errorf("baseline run = %d\n%s%s", code, out.String(), errb.String())
	}

	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusUnprocessableEntity)
	}))
	defer bad.Close()
	out.Reset()
	code = run([]string{"-url", bad.URL, "-c", "2", "-n", "10"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "non-2xx     10") {
		t.Errorf("422 run = %d (non-2xx answers are counted, not failures)\n%s", code, out.String())
	}

	closed := httptest.NewServer(http.NotFoundHandler())
	url := closed.URL
	closed.Close()
	out.Reset()
	errb.Reset()
	if code = run([]string{"-url", url, "-c", "2", "-n", "4"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "4 requests failed") {
		t.Errorf("closed port run = %d, stderr %q; want 1 and 4 failures", code, errb.String())
	}
}

// TestRoundRobin: with several URLs, request i goes to URL i mod n, and
// the bodies of -bodies follow their lines in that order.
func TestRoundRobin(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]string{}
	mk := func(name string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			got[name] = append(got[name], string(b))
			mu.Unlock()
		}))
	}
	a, b, c := mk("a"), mk("b"), mk("c")
	defer a.Close()
	defer b.Close()
	defer c.Close()
	bodies := filepath.Join(t.TempDir(), "bodies.ndjson")
	var lines []string
	for i := range 9 {
		lines = append(lines, fmt.Sprintf(`{"i":%d}`, i))
	}
	if err := os.WriteFile(bodies, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	urls := a.URL + "/x," + b.URL + "/x," + c.URL + "/x"
	if code := run([]string{"-url", urls, "-bodies", bodies, "-c", "1", "-n", "9"}, &out, &errb); code != 0 {
		t.Fatalf("run = %d\n%s%s", code, out.String(), errb.String())
	}
	for k, name := range []string{"a", "b", "c"} {
		want := []string{lines[k], lines[k+3], lines[k+6]}
		if !slices.Equal(got[name], want) {
			t.Errorf("server %s got %q, want %q", name, got[name], want)
		}
	}
	if code := run([]string{"-url", a.URL + ",http://example.com/", "-n", "1"}, &out, &errb); code != 2 {
		t.Errorf("a non-loopback URL in the list: exit %d, want 2", code)
	}
}

// TestRate: with -rate, requests start evenly spaced: 40 at 200 a second
// take at least the 195 ms from the first start to the last, where the
// same 40 unpaced take a few milliseconds; and a rate outside its bounds
// is refused.
func TestRate(t *testing.T) {
	var mu sync.Mutex
	var starts []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		starts = append(starts, time.Now())
		mu.Unlock()
	}))
	defer srv.Close()
	var out, errb bytes.Buffer
	begun := time.Now()
	if code := run([]string{"-url", srv.URL, "-c", "8", "-n", "40", "-rate", "200"}, &out, &errb); code != 0 {
		t.Fatalf("run = %d\n%s%s", code, out.String(), errb.String())
	}
	if len(starts) != 40 {
		t.Fatalf("%d requests; want 40", len(starts))
	}
	slices.SortFunc(starts, func(a, b time.Time) int { return a.Compare(b) })
	// The 40th ticket is due 39/200 s after the first, which is not before
	// the run begins: a delay can only make it later, so the bound holds
	// on a loaded machine (the first arrival, itself late, is no reference).
	if span := starts[39].Sub(begun); span < 195*time.Millisecond {
		t.Errorf("40 requests at 200/s: the 40th arrived %v after the run began; want 195ms at least", span)
	}
	for _, bad := range []string{"-1", "2000000", "NaN"} {
		errb.Reset()
		if code := run([]string{"-url", srv.URL, "-n", "1", "-rate", bad}, &out, &errb); code != 2 {
			t.Errorf("-rate %s: exit %d, want 2", bad, code)
		}
	}
}
