package rules

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Plumbing the slow reference generators (refgen_test.go, refgrand_test.go,
// refgiant_test.go) share: perft, and comparing with the engine. The rules
// each generates stay their own.

// refPosition is a reference generator's position: its legal moves, and the
// position each leads to.
type refPosition[P, M any] interface {
	legalMoves() []M
	play(M) P
}

// refPerftOf counts the leaves depth plies below p, counting the last ply's
// moves without playing them.
func refPerftOf[P refPosition[P, M], M any](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	ms := p.legalMoves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += refPerftOf(p.play(m), depth-1)
	}
	return n
}

// refPerftParallelOf is refPerftOf with the positions two plies down shared
// among the CPUs.
func refPerftParallelOf[P refPosition[P, M], M any](p P, depth int) uint64 {
	if depth <= 2 {
		return refPerftOf(p, depth)
	}
	var jobs []P
	for _, m := range p.legalMoves() {
		q := p.play(m)
		for _, m2 := range q.legalMoves() {
			jobs = append(jobs, q.play(m2))
		}
	}
	var (
		mu    sync.Mutex
		total uint64
		wg    sync.WaitGroup
		next  = make(chan P)
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sum uint64
			for q := range next {
				sum += refPerftOf(q, depth-2)
			}
			mu.Lock()
			total += sum
			mu.Unlock()
		}()
	}
	for _, q := range jobs {
		next <- q
	}
	close(next)
	wg.Wait()
	return total
}

// refMovesAgree compares a reference generator's legal moves, given as their
// coordinate text mapped to the sorted squares each captures on (joined by
// commas), followed, when the move converts pieces, by ";" and the sorted
// converted squares, with the engine's in ep (Captures and Converted), and
// reports on t what differs; fen names the position in the report.
func refMovesAgree(t *testing.T, fen string, ref map[string]string, ep *Position) (same bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("engine panics in %s: %v", fen, r)
			same = false
		}
	}()
	eng := map[string]string{}
	for _, m := range ep.LegalMoves() {
		u := ep.UCI(m)
		if _, dup := eng[u]; dup {
			t.Errorf("engine generates %s twice in %s", u, fen)
		}
		var caps, conv []string
		for _, s := range ep.Captures(m) {
			caps = append(caps, s.String())
		}
		for _, s := range ep.Converted(m) {
			conv = append(conv, s.String())
		}
		sort.Strings(caps)
		sort.Strings(conv)
		eng[u] = strings.Join(caps, ",")
		if len(conv) > 0 {
			eng[u] += ";" + strings.Join(conv, ",")
		}
	}
	var onlyRef, onlyEng, capDiff []string
	for u, c := range ref {
		ec, ok := eng[u]
		switch {
		case !ok:
			onlyRef = append(onlyRef, u)
		case ec != c:
			capDiff = append(capDiff, fmt.Sprintf("%s takes [%s] (reference) / [%s] (engine)", u, c, ec))
		}
	}
	for u := range eng {
		if _, ok := ref[u]; !ok {
			onlyEng = append(onlyEng, u)
		}
	}
	if len(onlyRef)+len(onlyEng)+len(capDiff) == 0 {
		return true
	}
	sort.Strings(onlyRef)
	sort.Strings(onlyEng)
	sort.Strings(capDiff)
	t.Errorf("moves differ in %s\n  only the reference: %v\n  only the engine:    %v\n  captures differ:    %v",
		fen, onlyRef, onlyEng, capDiff)
	return false
}

// refEnginePlay plays the move written u in the engine.
func refEnginePlay(t *testing.T, ep *Position, u string) *Position {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("engine panics playing %s: %v", u, r)
		}
	}()
	for _, m := range ep.LegalMoves() {
		if ep.UCI(m) == u {
			next, err := ep.Play(m)
			if err != nil {
				t.Fatalf("engine Play(%s) in %s: %v", u, ep.FEN(), err)
			}
			return next
		}
	}
	t.Fatalf("engine lacks %s in %s", u, ep.FEN())
	return nil
}

// refEngineFEN is the engine's FEN, or the panic it raises.
func refEngineFEN(ep *Position) (fen string) {
	defer func() {
		if r := recover(); r != nil {
			fen = fmt.Sprintf("(engine panics: %v)", r)
		}
	}()
	return ep.FEN()
}

// refLogTally logs what a comparison covered.
func refLogTally(t *testing.T, tally map[string]int) {
	var keys []string
	for k := range tally {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %s: %d", k, tally[k])
	}
	t.Logf("covered:%s", b.String())
}
