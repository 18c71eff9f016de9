package handlers

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// checkDetail fails unless the hand-written encoder writes d exactly as
// encoding/json writes the moveInfo that describeMove makes of it.
func checkDetail(t *testing.T, p *rules.Position, d rules.MoveDetail) {
	t.Helper()
	got := appendDetail(nil, p, &d)
	want, err := json.Marshal(describeMove(p, d))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s %s: appendDetail writes\n%s\nencoding/json writes\n%s", p.FEN(), p.UCI(d.Move), got, want)
	}
}

// checkPosition compares the encoder with encoding/json on every legal move
// of p and on its status.
func checkPosition(t *testing.T, p *rules.Position) {
	t.Helper()
	legal := p.LegalMoves()
	for _, d := range p.Describe(legal) {
		checkDetail(t, p, d)
	}
	st := describeStatus(p, p.StatusWith(legal))
	want, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendStatus(nil, &st); !bytes.Equal(got, want) {
		t.Errorf("%s: appendStatus writes\n%s\nencoding/json writes\n%s", p.FEN(), got, want)
	}
	want, err = json.Marshal(map[string]any{"variant": p.Variant().ID(), "fen": p.FEN(), "status": st})
	if err != nil {
		t.Fatal(err)
	}
	if got := statusJSON(nil, p.Variant().ID(), p.FEN(), &st); !bytes.Equal(got, append(want, '\n')) {
		t.Errorf("%s: statusJSON writes\n%s\nencoding/json writes\n%s", p.FEN(), got, want)
	}
}

// TestEncoderMatchesJSON: legal-moves writes its moves and status by hand
// (encode.go), validate-move and adjudicate through encoding/json
// (positions.go). The two must give the same bytes for the same move, so
// that a client sees one move object whichever endpoint it asks: checked on
// random games of every built-in variant, on positions with the rarer move
// kinds, and on details of every move kind made up here, the engine's
// multi-captures and conversions included, which no built-in position may
// offer yet.
func TestEncoderMatchesJSON(t *testing.T) {
	vs, err := rules.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	plies := 24
	if testing.Short() {
		plies = 8
	}
	for _, v := range vs {
		t.Run(v.ID(), func(t *testing.T) {
			g := rules.NewGame(v.Start())
			rng := rand.New(rand.NewPCG(7, uint64(len(v.ID()))))
			for i := 0; i < plies && g.Status().Outcome == rules.Ongoing; i++ {
				checkPosition(t, g.Position())
				legal := g.LegalMoves()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	for _, tt := range []struct{ variant, fen string }{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"chess", "1r5k/P7/8/8/8/8/8/K7 w - - 0 1"},
		{"chess", "k7/8/8/8/8/8/p7/1R5K b - - 0 1"},
		{"grand", "9k/10/10/10/4n5/10/10/10/2X7/4K5 w - - 0 20"},
		{"grand", "9k/10/10/10/4b''5/10/4n5/10/4K''5/K9 w - - 0 20"},
		{"grand", "9k/P9/10/10/10/10/10/10/10/4K5 w - - 0 40 initial:QGqg"},
		{"giant", "k15/16/16/16/16/16/16/16/16/16/16/2Q13/2dd12/2dd12/3Q12/15K w - - 0 1"},
		{"3check", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+2 0 9"},
		{"racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
	} {
		checkPosition(t, positionAt(t, tt.variant, tt.fen))
	}

	// Made-up details: every kind, with no, one and several captures and
	// conversions, check and mate, for both sides.
	sq := rules.SquareAt
	for _, fen := range []string{
		"4k3/8/8/3pNp2/8/8/8/4K3 w - - 0 1",
		"4k3/8/8/3PnP2/8/8/8/4K3 b - - 0 1",
	} {
		p := positionAt(t, "chess", fen)
		from, to := sq(4, 4), sq(4, 5)
		for k := rules.MoveNormal; k <= rules.MoveConvert; k++ {
			for _, caps := range [][]rules.Square{nil, {to}, {sq(3, 4), sq(5, 4)}} {
				for _, conv := range [][]rules.Square{nil, {to}, {sq(3, 4), sq(5, 4)}} {
					for _, check := range []bool{false, true} {
						d := rules.MoveDetail{Move: rules.Move{From: from, To: to, Kind: k}, SAN: "Ne6",
							Check: check, Mate: check && len(caps) > 1, Captures: caps, Converted: conv}
						checkDetail(t, p, d)
					}
				}
			}
		}
	}
}

// TestMoveFlags pins the flags and the converted list of the new move kinds:
// a conversion removes nothing, so it is no capture.
func TestMoveFlags(t *testing.T) {
	p := positionAt(t, "chess", "4k3/8/8/3pNp2/8/8/8/4K3 w - - 0 1")
	sq := rules.SquareAt
	tests := []struct {
		d         rules.MoveDetail
		flags     string
		captures  string
		converted string
	}{
		{rules.MoveDetail{Move: rules.Move{From: sq(4, 4), To: sq(4, 5), Kind: rules.MoveMulti},
			Captures: []rules.Square{sq(3, 4), sq(5, 4)}},
			`["capture","multi-capture"]`, `["d5","f5"]`, `[]`},
		{rules.MoveDetail{Move: rules.Move{From: sq(4, 4), To: sq(4, 5), Kind: rules.MoveMulti}},
			`["multi-capture"]`, `[]`, `[]`},
		{rules.MoveDetail{Move: rules.Move{From: sq(4, 4), To: sq(3, 4), Kind: rules.MoveConvert},
			Converted: []rules.Square{sq(3, 4)}, Check: true},
			`["check","conversion"]`, `[]`, `["d5"]`},
		{rules.MoveDetail{Move: rules.Move{From: sq(4, 4), To: sq(5, 6), Kind: rules.MoveNormal}},
			`[]`, `[]`, `[]`},
	}
	for _, tt := range tests {
		var got struct {
			Captures, Converted, Flags json.RawMessage
		}
		b := appendDetail(nil, p, &tt.d)
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if string(got.Flags) != tt.flags || string(got.Captures) != tt.captures || string(got.Converted) != tt.converted {
			t.Errorf("%s %v = %s; want captures %s converted %s flags %s", p.UCI(tt.d.Move), tt.d.Move.Kind, b,
				tt.captures, tt.converted, tt.flags)
		}
	}
}

// BenchmarkLegalMovesJSON writes the legal-moves answer of the Bigorra
// middle game of the load runs (cmd/loadgen/testdata), 132 moves.
func BenchmarkLegalMovesJSON(b *testing.B) {
	const fen = "h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"
	p := positionAt(b, "bigorra", fen)
	g := rules.NewGame(p)
	details := p.Describe(g.LegalMoves())
	st := describeStatus(p, g.Status())
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = legalMovesJSON(buf, p, fen, details, &st)
	}
}

// positionAt is the position fen of the built-in variant id.
func positionAt(t testing.TB, id, fen string) *rules.Position {
	t.Helper()
	s, err := rules.ParseFEN(rules.MustBuiltin(id), fen)
	if err != nil {
		t.Fatalf("%s %s: %v", id, fen, err)
	}
	p, err := rules.NewPosition(s)
	if err != nil {
		t.Fatalf("%s %s: %v", id, fen, err)
	}
	return p
}
