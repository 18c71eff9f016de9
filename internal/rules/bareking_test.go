package rules

import "testing"

// The endings of Courier Chess (RULES R41): a bare King loses unless it
// bares the opposing King at once, both Kings bare draw, a stalemate
// loses, and a checkmate comes first.
func TestCourierEndings(t *testing.T) {
	tests := []struct {
		name   string
		give   string
		want   Outcome
		winner Color
		result string
	}{
		{"bare king to move against two pieces has lost", "4k7/12/12/12/12/12/12/RN2K7 b - - 0 1", BareKing, White, "1-0"},
		{"bare king to move against one piece plays on", "4k7/12/12/12/12/12/12/R3K7 b - - 0 1", Ongoing, 0, "*"},
		{"bare king that has moved has lost", "4k7/12/12/12/12/12/12/R3K7 w - - 0 1", BareKing, White, "1-0"},
		{"white bare king that has moved has lost", "4k7/r11/12/12/12/12/12/4K7 b - - 0 1", BareKing, Black, "0-1"},
		{"both kings bare draw", "4k7/12/12/12/12/12/12/4K7 w - - 0 1", InsufficientMaterial, 0, "1/2-1/2"},
		{"a king and a pawn are not bare", "4k7/12/12/12/12/12/11p/R3K7 w - - 0 1", Ongoing, 0, "*"},
		{"stalemate loses", "k11/12/W11/11p/11P/12/12/1R2K7 b - - 0 1", StalemateLoss, White, "1-0"},
		{"checkmate of a bare king comes first", "k11/2K9/12/12/12/12/12/RN10 b - - 0 1", Checkmate, White, "1-0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := mustPosition(t, "courier", tt.give).Status()
			if st.Outcome != tt.want {
				t.Fatalf("Status(%q).Outcome = %v; want %v", tt.give, st.Outcome, tt.want)
			}
			if tt.want.Decisive() && st.Winner != tt.winner {
				t.Errorf("Status(%q).Winner = %v; want %v", tt.give, st.Winner, tt.winner)
			}
			if got := st.Result(); got != tt.result {
				t.Errorf("Status(%q).Result() = %q; want %q", tt.give, got, tt.result)
			}
		})
	}
	// In chess a stalemate draws and a bare King loses nothing.
	for fen, want := range map[string]Outcome{
		"k7/8/1Q6/8/8/8/8/4K3 b - - 0 1": Stalemate,
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 1": Ongoing,
	} {
		if got := mustPosition(t, "chess", fen).Status().Outcome; got != want {
			t.Errorf("chess Status(%q).Outcome = %v; want %v", fen, got, want)
		}
	}
}

// A bare King's one move: taking the last piece draws, anything else loses,
// and the game then takes no move.
func TestCourierBareKingReply(t *testing.T) {
	const fen = "4k7/4R7/12/12/12/12/12/4K7 b - - 0 1"
	for _, tt := range []struct {
		move string
		want Outcome
	}{
		{"e8e7", InsufficientMaterial},
		{"e8d8", BareKing},
	} {
		g := NewGame(mustPosition(t, "courier", fen))
		if st := g.Status(); st.Outcome != Ongoing {
			t.Fatalf("Status(%q) = %v; want ongoing", fen, st.Outcome)
		}
		playUCI(t, g, tt.move)
		if st := g.Status(); st.Outcome != tt.want {
			t.Errorf("after %s: Status().Outcome = %v; want %v", tt.move, st.Outcome, tt.want)
		}
		if _, _, err := g.PlayText("e1e2"); CodeOf(err) != ErrGameOver {
			t.Errorf("after %s: PlayText(e1e2) = %v; want %s", tt.move, err, ErrGameOver)
		}
	}
}

// A bare King whose one move stalemates the opponent has still lost: the
// bare King's loss comes before the stalemate (RULES R41).
func TestCourierBareKingBeforeStalemate(t *testing.T) {
	g := NewGame(mustPosition(t, "courier", "K11/P2k8/12/12/12/12/12/12 b - - 0 1"))
	playUCI(t, g, "d7c7")
	if n := len(g.LegalMoves()); n != 0 {
		t.Fatalf("after d7c7: %d legal moves; want White stalemated", n)
	}
	if st := g.Status(); st.Outcome != BareKing || st.Winner != White {
		t.Errorf("after d7c7: Status() = %v, winner %v; want bare-king, white", st.Outcome, st.Winner)
	}
}
