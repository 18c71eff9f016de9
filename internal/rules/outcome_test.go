package rules

import (
	"slices"
	"testing"
)

func TestStatusOutcomes(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		give    string
		want    Outcome
		winner  Color
		check   bool
	}{
		{"fool's mate", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate, Black, true},
		{"back-rank mate for white", "chess", "6k1/5ppp/8/8/8/8/8/3RK3 b - - 0 1", Ongoing, 0, false},
		{"smothered mate", "chess", "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", Checkmate, White, true},
		{"stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate, 0, false},
		{"king versus king", "chess", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", InsufficientMaterial, 0, false},
		{"king and knight", "chess", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", InsufficientMaterial, 0, false},
		{"bishops on one colour", "chess", "8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1", InsufficientMaterial, 0, false},
		{"bishops on both colours", "chess", "8/8/4k3/3b4/8/3KB3/8/8 w - - 0 1", Ongoing, 0, false},
		{"two knights can still mate", "chess", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", Ongoing, 0, false},
		{"seventy-five moves", "chess", "8/8/4k3/8/8/R2K4/8/8 w - - 150 120", SeventyFiveMoves, 0, false},
		{"mate on the 75th move stands", "chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 120", Checkmate, White, true},
		{"Shako has no material rule", "shako", "10/10/4k5/10/10/3K6/10/10/10/10 w - - 0 1", Ongoing, 0, false},
		{"Shako cannon mate", "shako", "4k5/10/1B2K2B2/10/10/10/10/10/10/4C5 b - - 0 1", Checkmate, White, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.give)
			st := p.Status()
			if st.Outcome != tt.want {
				t.Fatalf("Status(%q).Outcome = %v; want %v", tt.give, st.Outcome, tt.want)
			}
			if st.InCheck != tt.check {
				t.Errorf("Status(%q).InCheck = %v; want %v", tt.give, st.InCheck, tt.check)
			}
			if tt.want == Checkmate && st.Winner != tt.winner {
				t.Errorf("Status(%q).Winner = %v; want %v", tt.give, st.Winner, tt.winner)
			}
		})
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		give Status
		want string
	}{
		{Status{Outcome: Ongoing}, "*"},
		{Status{Outcome: Checkmate, Winner: White}, "1-0"},
		{Status{Outcome: Checkmate, Winner: Black}, "0-1"},
		{Status{Outcome: Stalemate}, "1/2-1/2"},
		{Status{Outcome: FivefoldRepetition}, "1/2-1/2"},
	}
	for _, tt := range tests {
		if got := tt.give.Result(); got != tt.want {
			t.Errorf("%v.Result() = %q; want %q", tt.give.Outcome, got, tt.want)
		}
	}
}

func TestCheckers(t *testing.T) {
	tests := []struct {
		variant, give string
		want          []string
	}{
		{"chess", "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", nil},
		{"chess", "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", []string{"e1", "d6"}},
		// A cannon checks through exactly one screen of either colour.
		{"shako", "4k5/10/4p5/10/10/10/10/10/10/4C4K b - - 0 1", []string{"e1"}},
		{"shako", "4k5/4p5/4P5/10/10/10/10/10/10/4C4K b - - 0 1", nil},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.give)
		var got []string
		for _, s := range p.Checkers() {
			got = append(got, s.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Checkers(%q) = %v; want %v", tt.give, got, tt.want)
		}
		if p.InCheck() != (len(tt.want) > 0) {
			t.Errorf("InCheck(%q) = %v; want %v", tt.give, p.InCheck(), len(tt.want) > 0)
		}
	}
}

func TestRepetition(t *testing.T) {
	g := NewGame(mustPosition(t, "chess", ""))
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	playUCI(t, g, shuffle...)
	if st := g.Status(); st.Repetitions != 2 || len(st.Claimable) != 0 {
		t.Fatalf("after one shuffle: repetitions %d, claimable %v; want 2, none", st.Repetitions, st.Claimable)
	}
	playUCI(t, g, shuffle...)
	st := g.Status()
	if st.Repetitions != 3 || !slices.Equal(st.Claimable, []Claim{ThreefoldRepetition}) || st.Outcome != Ongoing {
		t.Fatalf("after two shuffles: %+v; want 3 repetitions, threefold claimable, ongoing", st)
	}
	playUCI(t, g, shuffle...)
	playUCI(t, g, shuffle...)
	if st := g.Status(); st.Outcome != FivefoldRepetition || st.Result() != "1/2-1/2" {
		t.Fatalf("after four shuffles: %+v; want fivefold repetition", st)
	}
	err := g.Play(uciMove(t, g.Position(), "e2e4"))
	if CodeOf(err) != ErrGameOver {
		t.Fatalf("Play after fivefold = %v; want %s", err, ErrGameOver)
	}
}

// An en-passant square counts for repetition only when the capture is legal.
func TestRepetitionEnPassant(t *testing.T) {
	// After 1. e4 no black pawn can take en passant: the position after
	// Nf3 Nf6 Ng1 Ng8 repeats the one after e4.
	g := NewGame(mustPosition(t, "chess", ""))
	playUCI(t, g, "e2e4", "g8f6", "g1f3", "f6g8", "f3g1")
	if st := g.Status(); st.Repetitions != 2 {
		t.Errorf("e4 with no en-passant capture: repetitions %d; want 2", st.Repetitions)
	}
	// With a black pawn on d4, e2e4 allows dxe3: the later position without
	// the right is a different one.
	g = NewGame(mustPosition(t, "chess", "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"))
	playUCI(t, g, "e2e4", "e8d8", "g1f3", "d8e8", "f3g1", "e8d8", "g1f3", "d8e8", "f3g1")
	if st := g.Status(); st.Repetitions != 2 {
		t.Errorf("first position had a legal en passant: repetitions %d; want 2", st.Repetitions)
	}
}

func TestMoveRuleClaims(t *testing.T) {
	p := mustPosition(t, "chess", "8/8/4k3/8/8/R2K4/8/8 w - - 99 80")
	if st := p.Status(); len(st.Claimable) != 0 {
		t.Fatalf("halfmove 99: claimable %v; want none", st.Claimable)
	}
	q, err := p.Play(uciMove(t, p, "a3a1"))
	if err != nil {
		t.Fatal(err)
	}
	if st := q.Status(); !slices.Equal(st.Claimable, []Claim{FiftyMoves}) {
		t.Fatalf("halfmove 100: claimable %v; want fifty-moves", st.Claimable)
	}
	// A pawn move resets the clock.
	p = mustPosition(t, "chess", "8/8/4k3/8/8/3K4/4P3/8 w - - 99 80")
	q, _ = p.Play(uciMove(t, p, "e2e3"))
	if q.Halfmoves() != 0 {
		t.Errorf("pawn move: halfmoves %d; want 0", q.Halfmoves())
	}
}

// A game resumed from its state counts repetitions as the original does.
func TestResumeGame(t *testing.T) {
	g := NewGame(mustPosition(t, "chess", ""))
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	playUCI(t, g, "e2e4", "e7e5")
	playUCI(t, g, shuffle...)
	st := g.State()
	if len(st.Keys) != 5 {
		t.Fatalf("State().Keys has %d keys; want 5 (the position after e5 and four shuffles)", len(st.Keys))
	}
	r, err := ResumeGame(MustBuiltin("chess"), st)
	if err != nil {
		t.Fatalf("ResumeGame = %v", err)
	}
	playUCI(t, r, shuffle...)
	if got := r.Status(); got.Repetitions != 3 || !slices.Equal(got.Claimable, []Claim{ThreefoldRepetition}) {
		t.Errorf("resumed game after two shuffles: %+v; want 3 repetitions, threefold claimable", got)
	}
	// A foreign or tampered state is refused.
	bad := st
	bad.Keys = append(slices.Clone(st.Keys[:len(st.Keys)-1]), 12345)
	if _, err := ResumeGame(MustBuiltin("chess"), bad); CodeOf(err) != ErrInvalidArgument {
		t.Errorf("ResumeGame(wrong last key) = %v; want %s", err, ErrInvalidArgument)
	}
	bad = GameState{FEN: st.FEN, Keys: make([]uint64, 50)}
	if _, err := ResumeGame(MustBuiltin("chess"), bad); CodeOf(err) != ErrInvalidArgument {
		t.Errorf("ResumeGame(too many keys) = %v; want %s", err, ErrInvalidArgument)
	}
	if _, err := ResumeGame(MustBuiltin("chess"), GameState{FEN: "nonsense"}); CodeOf(err) != ErrInvalidFEN {
		t.Errorf("ResumeGame(bad FEN) = %v; want %s", err, ErrInvalidFEN)
	}
}
