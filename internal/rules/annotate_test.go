package rules

import (
	"fmt"
	"slices"
	"testing"
)

// Every notation's marks are checked against what the move does; true
// marks, missing marks and ! or ? give nothing.
func TestAnnotate(t *testing.T) {
	const (
		start     = ""
		scholar   = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
		capture   = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
		check     = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
		promotion = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"
		dev       = "8k7/16/16/16/16/16/16/16/16/16/16/16/2DD12/2DD12/16/8K7 w - - 0 1"
		devTakes  = "8k7/16/16/16/16/16/16/16/16/16/16/2p13/2DD12/2DD12/16/8K7 w - - 0 1"
	)
	tests := []struct {
		variant, fen, give string
		want               string // the codes found, in order
	}{
		{"chess", start, "e2xe4", "false-capture"},
		{"chess", start, "e4#", "false-mate"},
		{"chess", start, "Nf3#", "false-mate"},
		{"chess", start, "Nf3+", "false-check"},
		{"chess", start, "e2xe4+", "false-capture false-check"},
		{"chess", start, "e2xe4#", "false-capture false-mate"},
		{"chess", start, "Ng1xf3+!?", "false-capture false-check"},
		{"chess", start, "P e2xe4", "false-capture"},
		{"chess", start, "P e2-e4+", "false-check"},
		{"chess", start, "e4", ""},
		{"chess", start, "e2-e4!", ""},
		{"chess", start, "e4?!", ""},
		{"chess", start, "Nf3", ""},
		{"chess", capture, "exd5", ""},
		{"chess", capture, "e4xd5", ""},
		{"chess", capture, "P e4xd5", ""},
		{"chess", capture, "e4d5", ""}, // a missing mark is not reported
		{"chess", scholar, "Qxf7#", ""},
		{"chess", scholar, "Qxf7", ""},
		{"chess", scholar, "Qxf7+", ""}, // mate is check
		{"chess", scholar, "Qh5xf7", ""},
		{"chess", scholar, "Qh5-f7#", ""},
		{"chess", scholar, "Bxf7+", ""},
		{"chess", scholar, "Bxf7#", "false-mate"},
		{"chess", scholar, "Bc4xf7#", "false-mate"},
		{"chess", check, "Ra8+", ""},
		{"chess", check, "Ra8#", "false-mate"},
		{"chess", check, "Rxa8+", "false-capture"},
		{"chess", check, "O-O+", "false-check"},
		{"chess", check, "O-O", ""},
		{"chess", check, "0-0-0#", "false-mate"},
		{"chess", promotion, "e8=Q", ""},
		{"chess", promotion, "e7e8q+", "false-check"},
		{"chess", promotion, "e7-e8; Q-e8+", "false-check"},
		{"chess", promotion, "e7-e8+; Q-e8", "false-check"},
		{"chess", promotion, "e7xe8; Q-e8", "false-capture"},
		// A piece lettered X, a promotion to it, a Dev's block move.
		{"grand", "4k5/1X8/10/10/10/10/10/10/10/4K5 w - - 0 1", "x b9-d10", ""},
		{"grand", "4k5/1X8/10/10/10/10/10/10/10/4K5 w - - 0 1", "Xd10", ""},
		{"grand", "4k5/1X8/10/10/10/10/10/10/10/4K5 w - - 0 1", "Xxd10", "false-capture"},
		{"grand", "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1 all", "a9a10x", ""},
		{"grand", "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1 all", "a9-a10; x-a10", ""},
		{"giant", dev, "cd34xcd56", "false-capture"},
		{"giant", dev, "cd34-cd56", ""},
		{"giant", devTakes, "cd34xcd56", ""},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		m, err := p.ParseMove(tt.give)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %q = %v", tt.give, tt.fen, err)
		}
		got := Annotate(tt.give, p.Detail(m))
		if codes := annotationCodes(got); codes != tt.want {
			t.Errorf("Annotate(%q) in %q = %v; want %q", tt.give, tt.fen, got, tt.want)
		}
		for _, a := range got {
			if a.Mark == "" || a.Detail == "" {
				t.Errorf("Annotate(%q) = %+v: every annotation has a mark and a detail", tt.give, a)
			}
		}
		g := NewGame(p)
		if got2 := g.Annotate(tt.give, m); !slices.Equal(got, got2) {
			t.Errorf("Game.Annotate(%q) = %v; Annotate gave %v", tt.give, got2, got)
		}
	}
}

func annotationCodes(as []Annotation) string {
	s := ""
	for i, a := range as {
		if i > 0 {
			s += " "
		}
		s += a.Code
	}
	return s
}

// The marks' details say what the move does instead.
func TestAnnotateDetails(t *testing.T) {
	p := mustPosition(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	m, err := p.ParseMove("Ra8#")
	if err != nil {
		t.Fatal(err)
	}
	want := []Annotation{{Mark: "#", Code: AnnotationFalseMate, Detail: "the move gives check but not checkmate"}}
	if got := Annotate("Ra8#", p.Detail(m)); !slices.Equal(got, want) {
		t.Errorf("Annotate(Ra8#) = %v; want %v", got, want)
	}
}

// Every legal move written as SAN writes it carries only true marks, and so
// does each written in coordinate form with x exactly on its captures.
func TestAnnotateOwnNotation(t *testing.T) {
	fens := map[string]string{
		"chess": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"grand": "",
		"giant": "",
		"shako": "",
	}
	for variant, fen := range fens {
		p := mustPosition(t, variant, fen)
		for _, d := range p.Describe(p.LegalMoves()) {
			coord := p.UCI(d.Move)
			if len(d.Captures) > 0 {
				coord = d.Move.From.String() + "x" + d.Move.To.String() + coord[len(d.Move.From.String()+d.Move.To.String()):]
			}
			for _, text := range []string{d.SAN, coord} {
				if got := Annotate(text, d); got != nil {
					t.Errorf("%s %q: Annotate(%q) = %v; want none", variant, fen, text, got)
				}
			}
		}
	}
}

func ExampleAnnotate() {
	v := MustBuiltin("chess")
	p := v.Start()
	m, _ := p.ParseMove("e2xe4#")
	for _, a := range Annotate("e2xe4#", p.Detail(m)) {
		fmt.Println(a.Mark, a.Code, a.Detail)
	}
	// Output:
	// x false-capture the move captures nothing
	// # false-mate the move does not checkmate
}

// Any text that names a legal move gets annotations of the three codes,
// each at most once, and the same from the Game.
func FuzzAnnotate(f *testing.F) {
	for _, s := range []string{"e2xe4#", "Nf3+", "P e2-e4!?", "e2-e4; Q-e4", "x e2xe4", "Ng1xf3++", "d4xx"} {
		f.Add(s)
	}
	p := MustBuiltin("chess").Start()
	f.Fuzz(func(t *testing.T, text string) {
		m, err := p.ParseMove(text)
		if err != nil {
			return
		}
		got := Annotate(text, p.Detail(m))
		seen := map[string]bool{}
		for _, a := range got {
			switch a.Code {
			case AnnotationFalseCapture, AnnotationFalseCheck, AnnotationFalseMate:
			default:
				t.Fatalf("Annotate(%q) = %v: unknown code", text, got)
			}
			if seen[a.Code] {
				t.Fatalf("Annotate(%q) = %v: a code twice", text, got)
			}
			seen[a.Code] = true
		}
		if g := NewGame(p).Annotate(text, m); !slices.Equal(g, got) {
			t.Fatalf("Game.Annotate(%q) = %v; Annotate gave %v", text, g, got)
		}
	})
}
