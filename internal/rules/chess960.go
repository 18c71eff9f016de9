package rules

import (
	"math/rand/v2"
	"strings"
)

// Chess960Array returns the back rank of the Chess960 array number n (0 to
// 959) in the standard numbering (Scharnagl's, which FIDE's Laws and
// lichess use), as White's letters from the a file: 518 is RNBQKBNR, 0 is
// BBQNNRKR. The number decides, in turn, the light-squared Bishop's file
// (n mod 4 of b, d, f, h), the dark-squared Bishop's (the next quotient mod
// 4 of a, c, e, g), the Queen's (the next mod 6, among the empty squares)
// and the Knights' (the last, 0 to 9, a pair of the five squares left);
// Rook, King and Rook fill the three squares left, in that order.
func Chess960Array(n int) string {
	var rank [8]byte
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	empty := func(k int) int { // the file of the k-th empty square
		for f := range rank {
			if rank[f] == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1
	}
	rank[empty(n%6)] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	a, b := empty(knights[0]), empty(knights[1])
	rank[a], rank[b] = 'N', 'N'
	for _, l := range []byte("RKR") {
		rank[empty(0)] = l
	}
	return string(rank[:])
}

// chess960Setup is GenerateSetup's mode chess960: the array o.Number (drawn
// from o.Seed when below 0) on both first ranks, the rest of the variant's
// start, all four castling rights. The variant must castle from any start
// (CastlingDef.AnyStart) on 8 files with King, Queen, Rook, Bishop and
// Knight lettered K, Q, R, B and N.
func chess960Setup(v *Variant, o SetupOptions) (string, error) {
	if !v.anyStart || v.files != 8 {
		return "", setupError("mode", "mode chess960 needs a variant of 8 files whose castling starts anywhere (chess960), not %s", v.ID())
	}
	for _, l := range []string{"K", "Q", "R", "B", "N"} {
		if _, ok := v.byLetter[l]; !ok {
			return "", setupError("mode", "mode chess960 needs pieces K, Q, R, B and N; %s has no %s", v.ID(), l)
		}
	}
	switch {
	case o.Count != 0 || len(o.Pieces) != 0 || o.Duplicates || o.Mirror || o.Promotion != "":
		return "", setupError("mode", "mode chess960 takes only a number or a seed")
	case o.Number > 959:
		return "", setupError("number", "a Chess960 array is numbered 0 to 959, not %d", o.Number)
	}
	n := o.Number
	if n < 0 {
		n = Chess960Number(o.Seed)
	}
	white := Chess960Array(n)
	board, rest, _ := strings.Cut(v.startFEN, " ")
	ranks := strings.Split(board, "/")
	ranks[0], ranks[len(ranks)-1] = strings.ToLower(white), white
	fields := strings.Fields(rest)
	fields[1] = "KQkq"
	return strings.Join(ranks, "/") + " " + strings.Join(fields, " "), nil
}

// Chess960Number is the array number mode chess960 draws from seed.
func Chess960Number(seed uint64) int {
	return rand.New(rand.NewPCG(seed, setupStream)).IntN(960)
}
