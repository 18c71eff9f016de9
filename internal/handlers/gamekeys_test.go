package handlers

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestGameKeys: the key after i moves depends on the start and those
// moves only, whether made in the pass over a longer game or on its own;
// no two prefixes, and no two ways of cutting the same letters into
// moves, share a key.
func TestGameKeys(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	var moves []string
	for i := range 100 {
		moves = append(moves, fmt.Sprintf("m%d", i%7))
	}
	all := prefixKeys("b:chess", start, moves)
	seen := map[string]int{}
	for i := 0; i <= len(moves); i++ {
		k := all.at(i)
		if alone := prefixKeys("b:chess", start, moves[:i]).last(); alone != k {
			t.Fatalf("key after %d moves: %s in the whole game, %s alone", i, k, alone)
		}
		if j, ok := seen[k]; ok {
			t.Fatalf("moves %d and %d share key %s", j, i, k)
		}
		seen[k] = i
	}
	for _, pair := range [][2][]string{
		{{"ab", "c"}, {"a", "bc"}},
		{{"e4"}, {"e4", ""}},
	} {
		if a, b := prefixKeys("b:chess", start, pair[0]).last(), prefixKeys("b:chess", start, pair[1]).last(); a == b {
			t.Errorf("%q and %q share key %s", pair[0], pair[1], a)
		}
	}
	if a, b := prefixKeys("b:chess", start, moves[:3]).last(), prefixKeys("b:shako", start, moves[:3]).last(); a == b {
		t.Errorf("two variants share key %s", a)
	}
}

// TestAppendPrefixState: the stored state is the JSON json.Marshal writes.
func TestAppendPrefixState(t *testing.T) {
	for _, ps := range []prefixState{
		{},
		{Key: "v1:game2:ab", From: 0, To: 2, FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Moves: []string{"e2e4", "e7e5"},
			Keys: []byte{0, 1, 2, 3, 4, 5, 6, 7, 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8, 0x3e}},
		{Key: "k", From: 32, To: 64, FEN: "a'''b\"c\\d<e>&\u00e9\x01", Keys: []byte{}, Moves: []string{}},
		{Key: "k", From: -1, To: 1 << 40, Moves: []string{"e2e4"}, Keys: []byte{1}, Annotations: []moveAnnotation{{Index: 0, Move: "e4+", Mark: "+", Code: "false-check", Detail: "the move does not give check"}}},
	} {
		got, err := appendPrefixState(nil, &ps)
		want, _ := json.Marshal(ps)
		if err != nil || string(got) != string(want) {
			t.Errorf("appendPrefixState = %s, %v; want %s", got, err, want)
		}
	}
}
