package redistest

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// InstallSentinel is what the failure message tells a developer to run
// when redis-sentinel is missing.
const InstallSentinel = "apt-get install redis-sentinel"

// MasterName is the name the sentinels of a test Sentinel monitor.
const MasterName = "adjmaster"

// DownAfter is the down-after-milliseconds of a test Sentinel: a master
// that does not answer for this long is failed over.
const DownAfter = time.Second

// Sentinel is one master, its replicas (--replicaof) and three
// redis-sentinel processes with a quorum of two watching it, each on a
// free loopback port.
type Sentinel struct {
	t         testing.TB
	Servers   []*Server // the master first, then the replicas
	Sentinels []*Server
}

// StartSentinel starts a master, replicas replicas of it and three
// sentinels, and waits until the replicas are in sync and every sentinel
// knows the master, the replicas and the two other sentinels. The
// processes end with the test.
func StartSentinel(t testing.TB, replicas int) *Sentinel {
	t.Helper()
	return startSentinel(t, replicas, "")
}

// StartSentinelAuth is StartSentinel with password required everywhere:
// by the master and the replicas (requirepass, masterauth), and by the
// sentinels themselves (requirepass), which give it to the servers (auth-pass)
// and to each other (sentinel-pass).
func StartSentinelAuth(t testing.TB, replicas int, password string) *Sentinel {
	t.Helper()
	return startSentinel(t, replicas, password)
}

func startSentinel(t testing.TB, replicas int, password string) *Sentinel {
	t.Helper()
	bin := lookPath(t, "redis-sentinel", InstallSentinel)
	master := startServer(t, password)
	s := &Sentinel{t: t, Servers: []*Server{master}}
	for range replicas {
		s.Servers = append(s.Servers, startServer(t, password, "--replicaof", "127.0.0.1", strconv.Itoa(master.port)))
	}
	for range 3 {
		sn := &Server{t: t, bin: bin, dir: t.TempDir(), password: password}
		sn.argv = func(port int, logf string) []string {
			conf := filepath.Join(sn.dir, "sentinel.conf")
			text := fmt.Sprintf("port %d\nbind 127.0.0.1\nprotected-mode no\ndaemonize no\ndir %s\nlogfile %s\n"+
				"sentinel monitor %s 127.0.0.1 %d 2\nsentinel down-after-milliseconds %s %d\n"+
				"sentinel failover-timeout %s %d\nsentinel parallel-syncs %s 1\n",
				port, sn.dir, logf, MasterName, master.port, MasterName, DownAfter.Milliseconds(), MasterName, (3 * DownAfter).Milliseconds(), MasterName)
			if password != "" {
				text += fmt.Sprintf("requirepass %s\nsentinel auth-pass %s %s\nsentinel sentinel-pass %s\n", password, MasterName, password, password)
			}
			if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
				t.Fatalf("writing %s: %v", conf, err)
			}
			return []string{conf}
		}
		sn.start()
		s.Sentinels = append(s.Sentinels, sn)
	}
	s.wait("every sentinel knows the master, the replicas and the other sentinels", func() error {
		for _, r := range s.Servers[1:] {
			if st := r.infoField("replication", "master_link_status"); st != "up" {
				return fmt.Errorf("replica %s: master link %q", r.Addr(), st)
			}
		}
		for _, sn := range s.Sentinels {
			if addr, err := sn.masterAddr(); err != nil || addr != master.Addr() {
				return fmt.Errorf("sentinel %s says the master is %q (%v)", sn.Addr(), addr, err)
			}
			if n := sn.count("REPLICAS"); n != replicas {
				return fmt.Errorf("sentinel %s knows %d replicas", sn.Addr(), n)
			}
			if n := sn.count("SENTINELS"); n != 2 {
				return fmt.Errorf("sentinel %s knows %d other sentinels", sn.Addr(), n)
			}
		}
		return nil
	})
	return s
}

// wait polls cond until it returns nil.
func (s *Sentinel) wait(what string, cond func() error) {
	s.t.Helper()
	deadline := time.Now().Add(settle)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%s: not after %v: %v", what, settle, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// masterAddr asks a sentinel where the master is.
func (sn *Server) masterAddr() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := sn.admin.Do(ctx, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MasterName).StringSlice()
	if err != nil {
		return "", err
	}
	if len(v) != 2 {
		return "", fmt.Errorf("answer %q", v)
	}
	return net.JoinHostPort(v[0], v[1]), nil
}

// count is the number of entries of SENTINEL what (REPLICAS, SENTINELS)
// for the master, -1 when the sentinel does not answer.
func (sn *Server) count(what string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := sn.admin.Do(ctx, "SENTINEL", what, MasterName).Slice()
	if err != nil {
		return -1
	}
	return len(v)
}

// URL is the URL for cache.RedisConfig in sentinel mode: the sentinels'
// addresses and the master's name.
func (s *Sentinel) URL() string {
	u := "redis://" + s.Sentinels[0].Addr() + "/0?master_name=" + MasterName
	for _, sn := range s.Sentinels[1:] {
		u += "&addr=" + sn.Addr()
	}
	return u
}

// Master returns the server that the first sentinel names as master.
func (s *Sentinel) Master() *Server {
	s.t.Helper()
	var addr string
	s.wait("a sentinel names the master", func() (err error) {
		for _, sn := range s.Sentinels {
			if addr, err = sn.masterAddr(); err == nil {
				return nil
			}
		}
		return err
	})
	for _, srv := range s.Servers {
		if srv.Addr() == addr {
			return srv
		}
	}
	s.t.Fatalf("the sentinels name %s as master, none of the test's servers", addr)
	return nil
}

// KillMaster kills the current master (SIGKILL) and returns it.
func (s *Sentinel) KillMaster() *Server {
	s.t.Helper()
	m := s.Master()
	m.Kill()
	return m
}

// WaitFailover waits until every sentinel names a master other than old
// and that server says it is a master; it returns the new master.
func (s *Sentinel) WaitFailover(old *Server) *Server {
	s.t.Helper()
	var next *Server
	s.wait("failover to a replica", func() error {
		var addr string
		for _, sn := range s.Sentinels {
			a, err := sn.masterAddr()
			if err != nil || a == old.Addr() || addr != "" && a != addr {
				return fmt.Errorf("sentinel %s names %q (%v)", sn.Addr(), a, err)
			}
			addr = a
		}
		for _, srv := range s.Servers {
			if srv.Addr() == addr && srv.role() == "master" {
				next = srv
				return nil
			}
		}
		return fmt.Errorf("%s is not yet a master", addr)
	})
	return next
}
