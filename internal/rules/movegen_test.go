package rules

import (
	"slices"
	"testing"
)

// slowLegal decides legality the plain way: no move once an end rule has
// ended the game; play the move and test the King (where the side has
// one) and, where giving check is illegal, the enemy King; where captures
// are compulsory, a move that captures nothing is illegal when a capture
// passes those tests.
func slowLegal(p *Position, m Move) bool {
	if p.v.terminalEnds && p.endedTerminal() {
		return false
	}
	us, them := p.side, p.side.Other()
	if t := p.board[m.From].Type(); p.v.mutual.has(t) && p.board[m.To] != 0 && p.board[m.To].Color() == them && p.board[m.To].Type() == t {
		return false
	}
	tried := func(m Move) bool {
		q := p.clone()
		q.make(m)
		if q.v.blast != nil && q.v.royal != 0 {
			// Atomic, from the board alone: the mover's King must stand;
			// with the other's gone, or the two touching, nothing else
			// counts.
			kings := [2]Square{NoSquare, NoSquare}
			for s := Square(0); s < NumSquares; s++ {
				if pc := q.board[s]; pc != 0 && pc.Type() == q.v.royal {
					kings[pc.Color()] = s
				}
			}
			k, o := kings[us], kings[them]
			switch {
			case k == NoSquare:
				return false
			case o == NoSquare || abs(k.File()-o.File()) <= 1 && abs(k.Rank()-o.Rank()) <= 1:
				return true
			}
			return !q.attacked(k, them)
		}
		if k := q.king[us]; k != NoSquare && q.attacked(k, them) {
			return false
		}
		if g := q.v.guard; g != nil {
			// Pseudo-royal pieces, from the board alone: none of the
			// mover's may stand attacked, counting its pieces of each type
			// for upTo.
			var n [MaxPieceTypes + 1]int
			for s := Square(0); s < NumSquares; s++ {
				if pc := q.board[s]; pc != 0 && pc.Color() == us {
					n[pc.Type()]++
				}
			}
			for s := Square(0); s < NumSquares; s++ {
				pc := q.board[s]
				if pc != 0 && pc.Color() == us && g.types.has(pc.Type()) && (g.upTo == 0 || n[pc.Type()] <= g.upTo) && q.attacked(s, them) {
					return false
				}
			}
		}
		return !p.v.noChecks || q.king[them] == NoSquare || !q.attacked(q.king[them], us)
	}
	if !tried(m) {
		return false
	}
	if p.v.mustCapture && !p.isCapture(m) {
		for _, o := range p.pseudoMoves(nil, p.InCheck()) {
			if p.isCapture(o) && tried(o) {
				return false
			}
		}
	}
	return true
}

// checkMoveInvariants compares the fast legality filter with trial moves,
// the count of perft's last ply with the list, and checks that make and
// unmake restore the position exactly.
func checkMoveInvariants(t *testing.T, p *Position) []Move {
	t.Helper()
	legal := p.LegalMoves()
	if n, _ := p.legalCount(nil); n != len(legal) {
		t.Fatalf("legalCount in %s = %d; %d legal moves listed", p.FEN(), n, len(legal))
	}
	pseudo := p.pseudoMoves(nil, p.InCheck())
	for _, m := range pseudo {
		if got, want := slices.Contains(legal, m), slowLegal(p, m); got != want {
			t.Fatalf("%s in %s: in LegalMoves = %v; trial move says %v", p.UCI(m), p.FEN(), got, want)
		}
		if got := p.IsLegal(m); got != slices.Contains(legal, m) {
			t.Fatalf("IsLegal(%s) in %s = %v", p.UCI(m), p.FEN(), got)
		}
		q := p.clone()
		u := q.make(m)
		q.unmake(m, u)
		if *q != *p {
			t.Fatalf("make/unmake of %s in %s does not restore the position", p.UCI(m), p.FEN())
		}
	}
	for _, m := range legal {
		if !slices.Contains(pseudo, m) {
			t.Fatalf("legal move %s in %s is not pseudo-legal", p.UCI(m), p.FEN())
		}
	}
	return legal
}

// FuzzPlayout plays fuzzer-chosen games and checks at every ply that the
// fast legality filter agrees with trial moves, that make/unmake restore the
// position, and that the incremental hash equals a freshly computed one.
func FuzzPlayout(f *testing.F) {
	f.Add("chess", "", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []byte{7, 3, 200, 17, 99, 5})
	f.Add("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []byte{1, 2, 3, 250, 4, 8, 16})
	f.Add("shako", "", []byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	f.Add("shako", "4ncr1k1/1cr2P4/pp2p2pp1/P7PN/2Ep1p4/B3P1eN2/2P1n1P3/1B1P1K4/9p/5C2CR w - - 0 1", []byte{11, 22, 33, 44})
	f.Add("grand", "", []byte{2, 7, 1, 8, 2, 8, 1, 8})
	f.Add("giant", "", []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add("giant", "r2kq11/16/16/16/16/16/6dd8/6dd8/2s3DD8/4Q1DD1N6/16/4pp10/16/2S13/16/R3K10R w - - 0 30", []byte{3, 30, 90, 150, 7, 77})
	f.Add("giant-quick", "", []byte{4, 8, 15, 16, 23, 42})
	f.Add("wildebeest", "r4k4r/1pp5p2/2n8/11/11/3C7/11/11/5PPP3/R4K1N2R b KQkq - 0 1", []byte{3, 1, 4, 1, 5, 9, 2, 6})
	f.Add("wildebeest", "5k5/11/11/11/11/3p1p5/3p7/11/4P6/5K5 w - - 0 1", []byte{2, 0, 1, 1})
	f.Add("wolf", "", []byte{1, 1, 2, 3, 5, 8, 13})
	f.Add("courier", "4k7/4R7/12/12/12/12/12/4K7 b - - 0 1", []byte{0, 1, 2})
	f.Add("giant-quick", "r2kq11/16/16/16/16/16/6dd8/6dd8/2s3DD8/4Q1DD1N6/16/4pp10/16/2S13/16/R3K10R w - - 0 30 2", []byte{9, 19, 29, 39})
	f.Add("grand", "2k''6t/j'2u3k2/p3r'2pp1/2o''2yd''3/E''3pb''4/9e''/3D''YP1O''2/P3B''R'2P1/1KP3U1J'1/2T3K''3 w - - 0 20", []byte{5, 50, 150, 250, 9})
	f.Add("grand", "10/3P6/6P2k/7n2/10/10/10/5p4/2p7/K6R2 w - - 0 40 all", []byte{70, 1, 140, 2, 3})
	f.Add("grand", "g''k''bd'o''u'l'o'qi/h'gw'e'f'k1tc'k'/pppppppppp/10/10/10/10/PPPPPPPPPP/H'GW'E'F'K1TC'K'/G''K''BD'O''U'L'O'QI w - - 0 1 captured:QBGC'K'H'E'D'O'G''IO''W'U'F'K''TL'qbgc'k'h'e'd'o'g''io''w'u'f'k''tl'", []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	for _, v := range []string{"3check", "racingkings", "antichess", "horde", "threekings", "losers", "knightmate", "kingofthehill", "atomic", "atomic960", "nocheckatomic", "atomar", "extinction", "extinction960", "coregal"} {
		f.Add(v, "", []byte{5, 3, 8, 1, 9, 2, 7, 4, 6, 0, 5, 3, 8})
	}
	f.Add("3check", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1", []byte{1, 2, 3, 4})
	f.Add("racingkings", "8/8/1rk4K/8/8/8/2bnNBR1/qrbnNBRQ b - - 0 1", []byte{3, 1, 4, 1, 5})
	f.Add("atomic", "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1", []byte{9, 8, 7, 6, 5, 4, 3, 2, 1})
	f.Add("atomic960", "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", []byte{1, 3, 5, 7, 9, 11})
	f.Add("atomar", "r1b5/3p2k1/4n2p/Bp3p2/8/6P1/P1PK1P2/1R3B2 w - - 12 31", []byte{2, 4, 6, 8, 10})
	f.Add("coregal", "2r1k3/1P6/8/3q4/8/8/5Q2/4K3 w - - 0 1", []byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add("extinction960", "r1k1k2r/pppbqppp/2n2n2/8/8/2N2N2/PPPBQPPP/R3K2R b KQekq - 0 1", []byte{1, 2, 3, 4, 5, 6})
	f.Fuzz(func(t *testing.T, variant, fen string, choices []byte) {
		v, err := Builtin(variant)
		if err != nil {
			return
		}
		p := v.Start()
		if fen != "" {
			s, err := ParseFEN(v, fen)
			if err != nil {
				return
			}
			if p, err = NewPosition(s); err != nil {
				return
			}
		}
		if len(choices) > 40 {
			choices = choices[:40]
		}
		for _, c := range choices {
			legal := checkMoveInvariants(t, p)
			if len(legal) == 0 {
				return
			}
			m := legal[int(c)%len(legal)]
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%s) in %s = %v", p.UCI(m), p.FEN(), err)
			}
			fresh := mustFresh(t, q)
			if fresh.Hash() != q.Hash() || fresh.FEN() != q.FEN() {
				t.Fatalf("after %s in %s: incremental hash or FEN differs from a fresh parse", p.UCI(m), p.FEN())
			}
			p = q
		}
	})
}

func mustFresh(t *testing.T, p *Position) *Position {
	t.Helper()
	s, err := ParseFEN(p.v, p.FEN())
	if err != nil {
		t.Fatalf("ParseFEN(%q) = %v", p.FEN(), err)
	}
	q, err := NewPosition(s)
	if err != nil {
		t.Fatalf("NewPosition(%q) = %v", p.FEN(), err)
	}
	return q
}

// TestPlayoutSeeds runs the playout property over long fixed games.
func TestPlayoutSeeds(t *testing.T) {
	for _, variant := range []string{"chess", "shako", "grand", "giant", "giant-quick", "courier", "wolf", "wildebeest",
		"3check", "5check", "racingkings", "antichess", "horde", "threekings", "losers", "knightmate", "kingofthehill",
		"atomic", "atomic960", "nocheckatomic", "atomar", "extinction", "extinction960", "coregal"} {
		p := MustBuiltin(variant).Start()
		for ply := 0; ply < 120; ply++ {
			legal := checkMoveInvariants(t, p)
			if len(legal) == 0 {
				break
			}
			q, err := p.Play(legal[(ply*7919+13)%len(legal)])
			if err != nil {
				t.Fatal(err)
			}
			if mustFresh(t, q).Hash() != q.Hash() {
				t.Fatalf("%s ply %d: incremental hash differs from a fresh parse of %s", variant, ply, q.FEN())
			}
			p = q
		}
	}
}
