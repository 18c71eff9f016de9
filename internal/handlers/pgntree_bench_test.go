package handlers_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// legalGame plays plies random legal moves of chess from the start (the
// first seed whose game lasts that long) and returns them in SAN, with a
// legal alternative to each move in SAN, from the position before it.
func legalGame(tb testing.TB, plies int) (sans []string, alts []string) {
	tb.Helper()
	v, err := rules.Builtin("chess")
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0))
		g := rules.NewGame(v.Start())
		sans, alts = sans[:0], alts[:0]
		for len(sans) < plies && g.Status().Outcome == rules.Ongoing {
			legal := g.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			alt := g.Position().SAN(legal[rng.IntN(len(legal))])
			sans = append(sans, g.Position().SAN(m))
			if err := g.Play(m); err != nil {
				tb.Fatal(err)
			}
			alts = append(alts, alt)
		}
		if len(sans) == plies && g.Status().Outcome == rules.Ongoing {
			return sans, alts
		}
	}
	tb.Fatalf("no random game of %d plies", plies)
	return nil, nil
}

// pgnText writes sans as movetext; with notes, it adds a [%clk] comment
// after every move (plus longer comments to make up the comment count)
// and a one-move variation to the first variations moves.
func pgnText(sans, alts []string, comments, variations int) string {
	var b strings.Builder
	b.WriteString("[Event \"bench\"]\n\n")
	perMove := comments / len(sans)
	for i, san := range sans {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		} else {
			fmt.Fprintf(&b, "%d... ", i/2+1)
		}
		b.WriteString(san + " ")
		for k := range perMove {
			fmt.Fprintf(&b, "{ [%%clk 0:%02d:%02d] [%%eval 0.%d] } ", (i/60)%60, i%60, k)
		}
		if i < comments-perMove*len(sans) {
			b.WriteString("{ A longer comment, as an annotator writes one. } ")
		}
		if i < variations {
			dots := "."
			if i%2 == 1 {
				dots = "..."
			}
			fmt.Fprintf(&b, "(%d%s %s $2 { why not }) ", i/2+1, dots, alts[i])
		}
	}
	b.WriteString("*\n")
	return b.String()
}

// BenchmarkAdjudicatePGNTree adjudicates a 300-ply game given as PGN,
// bare and with 1,000 comments and 200 variations; the issue asks the
// annotated one to take under 10 times the bare one's time.
func BenchmarkAdjudicatePGNTree(b *testing.B) {
	sans, alts := legalGame(b, 300)
	h := newServer(b).Handler()
	for _, bb := range []struct {
		name string
		text string
	}{
		{"bare", pgnText(sans, alts, 0, 0)},
		{"annotated", pgnText(sans, alts, 1000, 200)},
	} {
		body := jsonText(map[string]any{"pgn": bb.text})
		if rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", body)); rec.Code != 200 ||
			!strings.Contains(rec.Body.String(), `"legal":true`) || strings.Contains(rec.Body.String(), "illegalMoves") {
			b.Fatalf("%s: %d %.300s", bb.name, rec.Code, rec.Body.String())
		}
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", body)); rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
