package handlers

// Tests of the cached game states' format (prefixState): what a game
// leaves in the cache grows linearly with its length; a game resumes at
// the longest prefix whose state and earlier segments verify, and answers
// as a server without cache does; forged and moved segments are ignored;
// a request writes at most Config.MaxStateBytes of states.

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// recCache is a Cache that keeps everything, lets a test read, write and
// delete under any key, and counts the bytes (key and value) of every Set.
type recCache struct {
	mu      sync.Mutex
	m       map[string][]byte
	written int
}

func newRecCache() *recCache { return &recCache{m: map[string][]byte{}} }

func (c *recCache) Get(_ context.Context, key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *recCache) Set(_ context.Context, key string, value []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = value
	c.written += len(key) + len(value)
}

func (c *recCache) delete(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, key)
}

// held is the bytes of every key and value the cache holds.
func (c *recCache) held() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, v := range c.m {
		n += len(k) + len(v)
	}
	return n
}

// takeWritten returns the bytes written since the last call.
func (c *recCache) takeWritten() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.written
	c.written = 0
	return n
}

// gsNode is a server on a cache (nil: none) with its own metrics.
type gsNode struct {
	srv *Server
	reg *prometheus.Registry
}

func newGSNode(tb testing.TB, c Cache, edit func(*Config)) *gsNode {
	tb.Helper()
	cfg := DefaultConfig()
	if edit != nil {
		edit(&cfg)
	}
	reg := prometheus.NewRegistry()
	srv, err := New(cfg, zap.NewNop(), c, reg)
	if err != nil {
		tb.Fatal(err)
	}
	return &gsNode{srv, reg}
}

// adjudicate answers moves of the inline definition def.
func (n *gsNode) adjudicate(tb testing.TB, def json.RawMessage, moves []string) []byte {
	tb.Helper()
	body, _ := json.Marshal(map[string]any{"definition": def, "moves": moves})
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	n.srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("adjudicate %d moves = %d %.300s; want 200", len(moves), rec.Code, rec.Body)
	}
	return rec.Body.Bytes()
}

// plies is adjudicator_engine_plies_total: the plies replayed so far.
func (n *gsNode) plies(tb testing.TB) int {
	tb.Helper()
	return int(ctSum(tb, n.reg, "adjudicator_engine_plies_total"))
}

// marathon is chess without an end by repetition, move count or dead
// material (threefold repetition and the 50-move rule stay claimable, so
// that the answers depend on the repetition keys): any number of plies
// can be legal, and without a capture or Pawn move the keys since the
// last irreversible move are all of the game's.
func marathon(tb testing.TB) (json.RawMessage, *rules.Variant) {
	tb.Helper()
	d := rules.MustBuiltin("chess").Definition()
	d.ID, d.Name = "marathon", "Marathon"
	d.Rules.Draws = rules.DrawsDef{RepetitionClaim: 3, MoveClaim: 50}
	d.Rules.InsufficientMaterial = "none"
	def, err := json.Marshal(d)
	if err != nil {
		tb.Fatal(err)
	}
	v, err := rules.Compile(&d)
	if err != nil {
		tb.Fatal(err)
	}
	return def, v
}

// marathonGame is a random game of n plies of v, the first seed from seed
// on whose game lasts that long: SAN and UCI in turn, and every fifth
// SAN move that gives no check with a false "+", so that the game has
// annotations throughout.
func marathonGame(tb testing.TB, v *rules.Variant, n int, seed uint64) []string {
	tb.Helper()
	for s := seed; s < seed+200; s++ {
		g := rules.NewGame(v.Start())
		rng := rand.New(rand.NewPCG(s, 0x5eed))
		var moves []string
		for i := range n {
			if g.Status().Outcome != rules.Ongoing {
				break
			}
			legal := g.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			text := g.Position().UCI(m)
			if i%2 == 0 {
				text = g.Position().SAN(m)
				if i%5 == 0 && !strings.ContainsAny(text, "+#") {
					text += "+"
				}
			}
			if err := g.Play(m); err != nil {
				tb.Fatal(err)
			}
			moves = append(moves, text)
		}
		if len(moves) == n {
			return moves
		}
	}
	tb.Fatalf("no random marathon game of %d plies from seed %d", n, seed)
	return nil
}

// shuffleGame is n plies of Knights going out and back: four positions
// over and over, never an irreversible move.
func shuffleGame(n int) []string {
	dance := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	moves := make([]string, n)
	for i := range moves {
		moves[i] = dance[i%4]
	}
	return moves
}

// TestGameStateBytesLinear: the bytes (keys and values) a game's states
// leave in the cache grow linearly with its length: ten times the plies
// cost at most fifteen times the bytes (10.0 and 11.3 measured). The
// format before, which stored every move and every repetition key so far
// at every checkpoint, left 58 and 60 times as much (its space is
// quadratic).
func TestGameStateBytesLinear(t *testing.T) {
	def, v := marathon(t)
	for _, tt := range []struct {
		name  string
		moves []string
	}{
		{"random", marathonGame(t, v, 640, 1)},
		{"shuffle", shuffleGame(640)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			held := func(n int) int {
				c := newRecCache()
				newGSNode(t, c, nil).adjudicate(t, def, tt.moves[:n])
				return c.held()
			}
			short, long := held(64), held(640)
			t.Logf("%s: 64 plies leave %d bytes, 640 plies %d: %.1f times", tt.name, short, long, float64(long)/float64(short))
			if long > 15*short {
				t.Errorf("%s: 640 plies leave %d bytes, 64 plies %d; want at most 15 times as many (linear growth)", tt.name, long, short)
			}
		})
	}
}

// TestGameStateFormat: a game of 100 plies leaves the states after 32, 64,
// 96 and 100 plies, each with its own segment: its plies, its moves, the
// repetition keys of its positions, its annotations.
func TestGameStateFormat(t *testing.T) {
	def, v := marathon(t)
	moves := marathonGame(t, v, 100, 1)
	c := newRecCache()
	newGSNode(t, c, nil).adjudicate(t, def, moves)
	if len(c.m) != 4 {
		t.Errorf("a game of 100 plies left %d states; want 4", len(c.m))
	}
	keys := prefixKeys(variantKey(variantSpec{Definition: def}), v.Start().FEN(), moves)
	g := rules.NewGame(v.Start())
	var played []string
	var notes []moveAnnotation
	last := 0
	for _, to := range []int{32, 64, 96, 100} {
		for i := last; i < to; i++ {
			uci, found, err := g.PlayText(moves[i])
			if err != nil {
				t.Fatal(err)
			}
			played = append(played, uci)
			notes = appendAnnotations(notes, i, moves[i], found)
		}
		raw, ok := c.m[keys.at(to)]
		if !ok {
			t.Fatalf("no state after %d plies", to)
		}
		var ps prefixState
		if err := json.Unmarshal(raw, &ps); err != nil {
			t.Fatal(err)
		}
		st := g.State()
		n := to - last // the positions after the segment's moves
		if last == 0 {
			n++ // and the start
		}
		n = min(n, len(st.Keys))
		var wantKeys []byte
		for _, k := range st.Keys[len(st.Keys)-n:] {
			wantKeys = binary.LittleEndian.AppendUint64(wantKeys, k)
		}
		var wantNotes []moveAnnotation
		for _, a := range notes {
			if a.Index >= last {
				wantNotes = append(wantNotes, a)
			}
		}
		want := prefixState{Key: keys.at(to), From: last, To: to, FEN: st.FEN, Moves: played[last:to], Keys: wantKeys, Annotations: wantNotes}
		if got, want := fmt.Sprintf("%+v", ps), fmt.Sprintf("%+v", want); got != want {
			t.Errorf("state after %d plies:\n%s\nwant\n%s", to, got, want)
		}
		if len(wantNotes) == 0 && to-last == checkpointEvery {
			t.Errorf("segment %d..%d has no annotation; the game was made to have some in each", last, to)
		}
		last = to
	}
}

// TestResumeFromVerifiedPrefix: a game resubmitted with more moves resumes
// at the longest prefix whose state and every earlier segment are there
// and verify, replaying from the start when there is none, and answers
// byte for byte as a server without cache; a missing segment is written
// again by the next replay over it.
func TestResumeFromVerifiedPrefix(t *testing.T) {
	def, v := marathon(t)
	moves := marathonGame(t, v, 200, 3)
	shuffle := shuffleGame(200)
	ref := newGSNode(t, nil, nil)
	type step struct {
		plies   int
		drop    []int // states deleted before the request, by their plies
		replays int   // plies the request replays
	}
	tests := []struct {
		name  string
		moves []string
		steps []step
	}{
		{"segment 64 missing: from checkpoint 32", moves, []step{
			{150, nil, 150},
			{151, []int{64}, 151 - 32},
			{152, nil, 1}, // the replay from 32 wrote 64 again
		}},
		{"segment 32 missing: from the start", moves, []step{
			{150, nil, 150},
			{151, []int{32}, 151},
			{152, nil, 1},
		}},
		{"state of the game less a move missing: from the last checkpoint", moves, []step{
			{150, nil, 150},
			{151, []int{150}, 151 - 128},
			{152, nil, 1},
			{160, nil, 160 - 128}, // 151 and 152 are not looked up: more than one new move
		}},
		{"every state but the first segment missing, then a longer game", moves, []step{
			{100, nil, 100},
			{200, []int{64, 96, 100}, 200 - 32},
			{199, nil, 199 - 192},
			{200, nil, 0},
		}},
		{"repetitions across a missing segment", shuffle, []step{
			{150, nil, 150},
			{151, []int{96}, 151 - 64},
			{152, nil, 1},
			{200, []int{32}, 200},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newRecCache()
			n := newGSNode(t, c, nil)
			for _, st := range tt.steps {
				game := tt.moves[:st.plies]
				keys := prefixKeys(variantKey(variantSpec{Definition: def}), v.Start().FEN(), game)
				for _, i := range st.drop {
					if _, ok := c.m[keys.at(i)]; !ok {
						t.Fatalf("%d plies: no state after %d plies to delete", st.plies, i)
					}
					c.delete(keys.at(i))
				}
				before := n.plies(t)
				got, want := n.adjudicate(t, def, game), ref.adjudicate(t, def, game)
				if !bytes.Equal(got, want) {
					t.Errorf("%d plies (states %v deleted) = %.300s; want %.300s (no cache)", st.plies, st.drop, got, want)
				}
				if replayed := n.plies(t) - before; replayed != st.replays {
					t.Errorf("%d plies (states %v deleted): replayed %d plies; want %d", st.plies, st.drop, replayed, st.replays)
				}
			}
		})
	}
}

// TestForgedSegmentIgnored: a segment that does not verify (moved from
// another game or another ply, its plies, moves, keys or annotations not
// those of the key it sits under) is ignored: the game resumes before it
// and answers as a server without cache. The shuffle game needs every
// repetition key back to the start, so a segment short of keys is found
// out when the keys are gathered.
func TestForgedSegmentIgnored(t *testing.T) {
	def, v := marathon(t)
	ref := newGSNode(t, nil, nil)
	games := map[string][]string{"random": marathonGame(t, v, 150, 5), "other": marathonGame(t, v, 150, 40), "shuffle": shuffleGame(150)}
	vkey, start := variantKey(variantSpec{Definition: def}), v.Start().FEN()
	tests := []struct {
		name  string
		game  string
		forge func(t *testing.T, c *recCache, keys, other *gameKeys)
	}{
		{"moved from another game", "random", func(t *testing.T, c *recCache, keys, other *gameKeys) {
			c.m[keys.at(64)] = c.m[other.at(64)]
		}},
		{"moved from another ply", "random", func(t *testing.T, c *recCache, keys, other *gameKeys) {
			c.m[keys.at(64)] = c.m[keys.at(96)]
		}},
		{"plies rewritten", "random", editState(64, func(ps *prefixState) { ps.From, ps.To = 0, 64 })},
		{"a move left out", "random", editState(64, func(ps *prefixState) { ps.Moves = ps.Moves[1:] })},
		{"a key too many", "shuffle", editState(64, func(ps *prefixState) { ps.Keys = append(ps.Keys, ps.Keys[:8]...) })},
		{"no keys", "random", editState(64, func(ps *prefixState) { ps.Keys = nil })},
		{"keys cut where the history needs them", "shuffle", editState(64, func(ps *prefixState) { ps.Keys = ps.Keys[len(ps.Keys)-8:] })},
		{"an annotation of another segment", "random", editState(64, func(ps *prefixState) {
			ps.Annotations = append([]moveAnnotation{{Index: 3, Move: "e4+", Mark: "+", Code: "false-check"}}, ps.Annotations...)
		})},
		{"garbage", "random", func(t *testing.T, c *recCache, keys, other *gameKeys) {
			c.m[keys.at(64)] = []byte(`{"key":`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newRecCache()
			n := newGSNode(t, c, nil)
			game := games[tt.game]
			n.adjudicate(t, def, games["other"])
			n.adjudicate(t, def, game[:149])
			tt.forge(t, c, prefixKeys(vkey, start, game[:149]), prefixKeys(vkey, start, games["other"]))
			before := n.plies(t)
			if got, want := n.adjudicate(t, def, game), ref.adjudicate(t, def, game); !bytes.Equal(got, want) {
				t.Errorf("%s: 150 plies = %.300s; want %.300s (no cache)", tt.name, got, want)
			}
			if replayed := n.plies(t) - before; replayed != 150-32 {
				t.Errorf("%s: replayed %d plies; want %d (from checkpoint 32, before the forged segment)", tt.name, replayed, 150-32)
			}
		})
	}
}

// editState returns a forge that rewrites the state after i plies in place.
func editState(i int, edit func(*prefixState)) func(*testing.T, *recCache, *gameKeys, *gameKeys) {
	return func(t *testing.T, c *recCache, keys, _ *gameKeys) {
		var ps prefixState
		if err := json.Unmarshal(c.m[keys.at(i)], &ps); err != nil {
			t.Fatal(err)
		}
		edit(&ps)
		b, err := json.Marshal(ps)
		if err != nil {
			t.Fatal(err)
		}
		c.m[keys.at(i)] = b
	}
}

// TestMovedSegmentIgnoredInRedis: in Redis, a segment sealed for another
// game's key and copied under this game's fails its seal: the game resumes
// before it, with the answer of a server without cache.
func TestMovedSegmentIgnoredInRedis(t *testing.T) {
	rs := redistest.Start(t)
	ref := ctNewNode(t, "no cache", ctNone, nil)
	a := ctNewNode(t, "A", ctTiered, rs)
	game, _ := ctGame(t, "chess", 121, 7)
	other, _ := ctGame(t, "chess", 121, 11)
	a.must(t, ctAdjudicate("chess", game[:120], ""))
	a.must(t, ctAdjudicate("chess", other[:120], ""))
	a.waitWrites(t)
	start := rules.MustBuiltin("chess").Start().FEN()
	keys, otherKeys := prefixKeys("b:chess", start, game), prefixKeys("b:chess", start, other)
	v, ok := rs.Get(ctPrefix + otherKeys.at(64))
	if !ok {
		t.Fatalf("no state after 64 plies of the other game in Redis: %q", ctRedisKeys(t, rs))
	}
	rs.Set(ctPrefix+keys.at(64), v)

	b := ctNewNode(t, "B", ctTiered, rs)
	req := ctAdjudicate("chess", game, "")
	if got, want := b.must(t, req), ref.must(t, req); !bytes.Equal(got, want) {
		t.Errorf("%s = %.200s; want %.200s (no cache)", req, got, want)
	}
	if got := b.plies(t); got != 121-32 {
		t.Errorf("plies replayed = %v; want %d (from checkpoint 32, before the moved segment)", got, 121-32)
	}
	if got := b.lookups(t, "redis", "corrupt"); got != 1 {
		t.Errorf("Redis lookups corrupt = %v; want 1 (the moved segment)", got)
	}
}

// TestStateBytesCap: a request writes at most Config.MaxStateBytes of game
// states: the first checkpoints, in order, as many as fit (each later one
// is of use only with them), never the final state after a gap. The answer
// is right all the same, and each resubmission of the game carries the
// states on from where they stop, until the game is resumed from its
// whole length. The caps are cut from the sizes of the states the game
// leaves without one: none at all, one byte short of the first state, two
// and a half states, a third of them all.
func TestStateBytesCap(t *testing.T) {
	def, v := marathon(t)
	const plies, rounds = 390, 30 // the first request's plies; each resubmission adds one
	moves := marathonGame(t, v, plies+rounds, 9)
	ref := newGSNode(t, nil, nil)
	keysOf := func(n int) *gameKeys {
		return prefixKeys(variantKey(variantSpec{Definition: def}), v.Start().FEN(), moves[:n])
	}
	free := newRecCache()
	newGSNode(t, free, nil).adjudicate(t, def, moves[:plies])
	size := func(i int) int64 { k := keysOf(plies).at(i); return int64(len(k) + len(free.m[k])) }
	all := int64(free.takeWritten())
	tests := []struct {
		limit    int64
		progress bool // whether a request writes anything
	}{
		{0, false},
		{size(32) - 1, false},
		{size(32) + size(64) + size(96)/2, true},
		{all / 3, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.limit), func(t *testing.T) {
			c := newRecCache()
			n := newGSNode(t, c, func(cfg *Config) { cfg.MaxStateBytes = tt.limit })
			for round := range rounds {
				game := moves[:plies+round]
				before := n.plies(t)
				got, want := n.adjudicate(t, def, game), ref.adjudicate(t, def, game)
				if !bytes.Equal(got, want) {
					t.Fatalf("round %d: %d plies = %.300s; want %.300s (no cache)", round, len(game), got, want)
				}
				written := c.takeWritten()
				if int64(written) > tt.limit || tt.progress != (written > 0) {
					t.Fatalf("round %d: the request wrote %d bytes of states; want at most %d, some: %v", round, written, tt.limit, tt.progress)
				}
				replayed := n.plies(t) - before
				// The states held: the checkpoints 32, 64, ... up to a
				// first gap, and final states only where they continue
				// those.
				keys := keysOf(len(game))
				chain := 0
				for chain+checkpointEvery <= len(game) && c.m[keys.at(chain+checkpointEvery)] != nil {
					chain += checkpointEvery
				}
				for i := 1; i <= len(game); i++ {
					if _, ok := c.m[keys.at(i)]; ok && i > chain && segmentStart(i) > chain {
						t.Fatalf("round %d: the state after %d plies is held, but the checkpoints stop at %d", round, i, chain)
					}
				}
				if !tt.progress {
					if chain > 0 || replayed != len(game) {
						t.Fatalf("round %d: checkpoints up to %d held, %d plies replayed; want none held, all replayed", round, chain, replayed)
					}
					if round == 2 {
						return
					}
				}
				if tt.progress && round > 0 && replayed == 1 {
					t.Logf("limit %d: the game resumes from its whole length from round %d on", tt.limit, round)
					return
				}
			}
			if tt.progress {
				t.Errorf("limit %d: after %d rounds the game is still not resumed from its whole length", tt.limit, rounds)
			}
		})
	}
}

// TestDefaultStateBytesFitLongGame: with the default cap, a game one move
// short of the longest the service accepts by default (--max-moves) leaves
// every state: resubmitted with one more move, it replays one ply.
func TestDefaultStateBytesFitLongGame(t *testing.T) {
	def, v := marathon(t)
	plies := DefaultConfig().MaxMoves - 1
	for _, moves := range [][]string{marathonGame(t, v, plies+1, 1), shuffleGame(plies + 1)} {
		c := newRecCache()
		n := newGSNode(t, c, nil)
		n.adjudicate(t, def, moves[:plies])
		t.Logf("%d plies: %d bytes of states (the default cap: %d)", plies, c.takeWritten(), DefaultConfig().MaxStateBytes)
		before := n.plies(t)
		if got, want := n.adjudicate(t, def, moves), newGSNode(t, nil, nil).adjudicate(t, def, moves); !bytes.Equal(got, want) {
			t.Errorf("%d plies = %.300s; want %.300s (no cache)", len(moves), got, want)
		}
		if replayed := n.plies(t) - before; replayed != 1 {
			t.Errorf("%d plies after %d: replayed %d; want 1 (every state of the shorter game kept)", len(moves), plies, replayed)
		}
	}
}

// readStateSeeds are values for readPrefixState: states as
// appendPrefixState writes them, and the same JSON written otherwise.
func readStateSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	var seeds [][]byte
	for _, ps := range []prefixState{
		{},
		{Key: "k", From: 32, To: 64, FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Moves: []string{"e2e4", "e7e5"}, Keys: []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		{Key: "k", FEN: "a<b>&\u00e9", Moves: []string{}, Keys: []byte{}},
		{Key: "k", To: 1, Moves: []string{"e2e4"}, Keys: []byte{9}, Annotations: []moveAnnotation{{Index: 0, Move: "e4+", Mark: "+", Code: "false-check", Detail: "the move does not give check"}}},
	} {
		b, err := appendPrefixState(nil, &ps)
		if err != nil {
			tb.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	return append(seeds,
		[]byte(`{"to":64,"from":32,"key":"k","fen":"f","moves":["a1a2"],"keys":"AQIDBAUGBwg="}`),  // another order
		[]byte(`{"key":"k", "from":32,"to":64,"fen":"f","moves":["a1a2"],"keys":"AQIDBAUGBwg="}`), // a space
		[]byte(`{"key":"\u006b","from":32,"to":64,"fen":"f","moves":[],"keys":null}`),             // an escape, null keys
		[]byte(`{"key":"k","from":032,"to":64,"fen":"f","moves":[],"keys":""}`),                   // not JSON
		[]byte(`{"key":"k","from":32,"to":64,"fen":"f","moves":[],"keys":"","annotations":[]}x`),
		[]byte(`{"key":"k","from":32,"to":64,"fen":"f","moves":["a"],"keys":"","annotations":null}`),
		[]byte(`{"key":"k","from":32,"to":64,"fen":"f","moves":["a",],"keys":""}`),
		[]byte(`{"key":"k","from":1234567890,"to":64,"fen":"\xff","moves":[],"keys":"!"}`),
		[]byte(`garbage`),
	)
}

// TestReadPrefixState: readPrefixState reads what json.Unmarshal reads,
// and fails where it fails.
func TestReadPrefixState(t *testing.T) {
	for _, b := range readStateSeeds(t) {
		checkReadPrefixState(t, b)
	}
}

// FuzzReadPrefixState: whatever a cache returns, readPrefixState does not
// panic and reads what json.Unmarshal reads.
func FuzzReadPrefixState(f *testing.F) {
	for _, b := range readStateSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkReadPrefixState)
}

func checkReadPrefixState(t *testing.T, b []byte) {
	var got, want prefixState
	var keys []byte
	gotErr, wantErr := readPrefixState(b, "k", &keys, &got), json.Unmarshal(b, &want)
	if (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("readPrefixState(%q) = %v; json.Unmarshal: %v", b, gotErr, wantErr)
	}
	if gotErr == nil && fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
		t.Errorf("readPrefixState(%q) = %#v; json.Unmarshal reads %#v", b, got, want)
	}
}
