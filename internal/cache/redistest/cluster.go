package redistest

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// NodeTimeout is the cluster-node-timeout of a test Cluster: a master that
// does not answer for this long is failed over to its replica.
const NodeTimeout = time.Second

// settle bounds every wait for a cluster or sentinel to reach a state. It
// is many times what each takes on a loaded machine; it only turns a state
// never reached into a failure with a message.
const settle = 60 * time.Second

// Cluster is a Redis Cluster of three masters and three replicas, each a
// Server on a free loopback port, created with redis-cli --cluster create.
type Cluster struct {
	t     testing.TB
	Nodes []*Server
}

// StartCluster starts six redis-server processes in cluster mode, joins
// them as three masters with one replica each, and waits until every node
// says cluster_state:ok with all 16384 slots covered and every replica is
// in sync. The processes end with the test.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	return startCluster(t, "")
}

// StartClusterAuth is StartCluster with nodes that require password, of
// clients and of each other (requirepass, masterauth).
func StartClusterAuth(t testing.TB, password string) *Cluster {
	t.Helper()
	return startCluster(t, password)
}

func startCluster(t testing.TB, password string) *Cluster {
	t.Helper()
	cli := lookPath(t, "redis-cli", Install)
	c := &Cluster{t: t}
	for range 6 {
		c.Nodes = append(c.Nodes, startServer(t, password, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
			"--cluster-node-timeout", strconv.Itoa(int(NodeTimeout/time.Millisecond))))
	}
	var args []string
	if password != "" {
		args = append(args, "-a", password, "--no-auth-warning")
	}
	args = append(args, "--cluster", "create")
	for _, n := range c.Nodes {
		args = append(args, n.Addr())
	}
	args = append(args, "--cluster-replicas", "1", "--cluster-yes")
	ctx, cancel := context.WithTimeout(context.Background(), settle)
	defer cancel()
	if out, err := exec.CommandContext(ctx, cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, lastLines(string(out), 10))
	}
	c.waitHealthy(nil)
	return c
}

// URL is the cluster's URL for cache.RedisConfig in cluster mode: the
// first node, and the others as addr parameters.
func (c *Cluster) URL() string {
	u := "redis://" + c.Nodes[0].Addr()
	for i, n := range c.Nodes[1:] {
		sep := "&"
		if i == 0 {
			sep = "?"
		}
		u += sep + "addr=" + n.Addr()
	}
	return u
}

// Addrs are the nodes' host:port.
func (c *Cluster) Addrs() []string {
	var a []string
	for _, n := range c.Nodes {
		a = append(a, n.Addr())
	}
	return a
}

// clusterNode is one line of CLUSTER NODES.
type clusterNode struct {
	id, addr, master string
	flags            []string
	connected        bool
	slots            [][2]int
}

func (n clusterNode) is(flag string) bool { return slices.Contains(n.flags, flag) }

// owns says whether the node serves slot.
func (n clusterNode) owns(slot int) bool {
	for _, r := range n.slots {
		if r[0] <= slot && slot <= r[1] {
			return true
		}
	}
	return false
}

// parseNodes reads CLUSTER NODES: id, ip:port@cport[,hostname], flags,
// master id, ping, pong, epoch, link state, slots.
func parseNodes(text string) []clusterNode {
	var nodes []clusterNode
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) < 8 {
			continue
		}
		addr, _, _ := strings.Cut(f[1], "@")
		n := clusterNode{id: f[0], addr: addr, flags: strings.Split(f[2], ","), master: f[3], connected: f[7] == "connected"}
		for _, s := range f[8:] {
			if strings.HasPrefix(s, "[") {
				continue // a slot being migrated
			}
			lo, hi, found := strings.Cut(s, "-")
			a, _ := strconv.Atoi(lo)
			b := a
			if found {
				b, _ = strconv.Atoi(hi)
			}
			n.slots = append(n.slots, [2]int{a, b})
		}
		nodes = append(nodes, n)
	}
	return nodes
}

// view returns what node s says of the cluster: its CLUSTER INFO fields
// and CLUSTER NODES.
func view(s *Server) (map[string]string, []clusterNode, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	info, err := s.admin.ClusterInfo(ctx).Result()
	if err != nil {
		return nil, nil, err
	}
	fields := map[string]string{}
	for _, line := range strings.Split(info, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), ":"); ok {
			fields[k] = v
		}
	}
	nodes, err := s.admin.ClusterNodes(ctx).Result()
	if err != nil {
		return nil, nil, err
	}
	return fields, parseNodes(nodes), nil
}

// healthy says why the cluster, as the running nodes see it, is not yet
// whole: every running node says cluster_state:ok with all slots
// assigned and ok, knows three connected masters that hold no failed
// flag, and every replica among the running nodes is in sync.
func (c *Cluster) healthy(dead []*Server) error {
	for _, n := range c.Nodes {
		if slices.Contains(dead, n) {
			continue
		}
		fields, nodes, err := view(n)
		if err != nil {
			return fmt.Errorf("%s: %v", n.Addr(), err)
		}
		if fields["cluster_state"] != "ok" || fields["cluster_slots_ok"] != "16384" {
			return fmt.Errorf("%s: cluster_state %s, slots ok %s", n.Addr(), fields["cluster_state"], fields["cluster_slots_ok"])
		}
		masters, replicas := 0, 0
		for _, m := range nodes {
			if m.is("slave") && !m.is("fail") && !m.is("fail?") {
				replicas++
			}
			if m.is("master") && len(m.slots) > 0 {
				if m.is("fail") || m.is("fail?") || !m.connected && !m.is("myself") {
					return fmt.Errorf("%s sees master %s as %v", n.Addr(), m.addr, m.flags)
				}
				masters++
			}
		}
		if masters != 3 || replicas < 3-len(dead) {
			return fmt.Errorf("%s sees %d masters with slots and %d replicas; want 3 and %d", n.Addr(), masters, replicas, 3-len(dead))
		}
		if role := n.role(); role == "slave" && n.infoField("replication", "master_link_status") != "up" {
			return fmt.Errorf("replica %s not in sync", n.Addr())
		}
	}
	return nil
}

// waitHealthy waits until healthy holds for the nodes not in dead.
func (c *Cluster) waitHealthy(dead []*Server) {
	c.t.Helper()
	deadline := time.Now().Add(settle)
	for {
		err := c.healthy(dead)
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("redis cluster not healthy after %v: %v", settle, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// role is the server's ROLE: master, slave or sentinel ("" if it does not
// answer).
func (s *Server) role() string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := s.admin.Do(ctx, "ROLE").Slice()
	if err != nil || len(v) == 0 {
		return ""
	}
	r, _ := v[0].(string)
	return r
}

// infoField is one field of INFO section ("" if absent).
func (s *Server) infoField(section, field string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	info, err := s.admin.Info(ctx, section).Result()
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(info, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && k == field {
			return v
		}
	}
	return ""
}

// byAddr returns the node at addr.
func (c *Cluster) byAddr(addr string) *Server {
	for _, n := range c.Nodes {
		if n.Addr() == addr {
			return n
		}
	}
	return nil
}

// Slot is the key's hash slot, by CLUSTER KEYSLOT on a running node.
func (c *Cluster) Slot(key string) int {
	c.t.Helper()
	var last error
	for _, n := range c.Nodes {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		slot, err := n.admin.ClusterKeySlot(ctx, key).Result()
		cancel()
		if err == nil {
			return int(slot)
		}
		last = err
	}
	c.t.Fatalf("CLUSTER KEYSLOT %q: %v", key, last)
	return 0
}

// MasterOf returns the master that serves key now, as the first running
// node sees it.
func (c *Cluster) MasterOf(key string) *Server {
	c.t.Helper()
	s := c.Slot(key)
	for _, n := range c.Nodes {
		_, nodes, err := view(n)
		if err != nil {
			continue
		}
		for _, m := range nodes {
			if m.is("master") && !m.is("fail") && m.owns(s) {
				if srv := c.byAddr(m.addr); srv != nil {
					return srv
				}
			}
		}
	}
	c.t.Fatalf("no running master serves slot %d of key %q", s, key)
	return nil
}

// KillMasterOf kills the master that serves key (SIGKILL) and returns it.
func (c *Cluster) KillMasterOf(key string) *Server {
	c.t.Helper()
	m := c.MasterOf(key)
	m.Kill()
	return m
}

// WaitFailover waits until the running nodes agree that the cluster is
// whole again without the dead nodes: a replica of each dead master was
// promoted, every slot is served, cluster_state is ok everywhere.
func (c *Cluster) WaitFailover(dead ...*Server) {
	c.t.Helper()
	c.waitHealthy(dead)
}
