package rules

import "testing"

// BenchmarkParseMove parses every move of a 200-ply random game in the
// position it is played from, in SAN (with check marks) and in coordinate
// form, without playing it: the parser alone, on the hot path of
// adjudication. The new input forms (figurines, e.p. suffixes) must leave
// it where it was.
func BenchmarkParseMove(b *testing.B) {
	uci := randomGame(b, "chess", 200, 42)
	g := NewGame(MustBuiltin("chess").Start())
	positions := make([]*Position, len(uci))
	san := make([]string, len(uci))
	for i, text := range uci {
		positions[i] = g.Position().clone()
		m, err := g.ParseMove(text)
		if err != nil {
			b.Fatal(err)
		}
		san[i] = positions[i].SAN(m)
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	for _, bb := range []struct {
		name  string
		texts []string
	}{{"san", san}, {"uci", uci}} {
		b.Run(bb.name, func(b *testing.B) {
			var scratch []Move
			for b.Loop() {
				for i, p := range positions {
					if _, err := p.parseMove(bb.texts[i], nil, &scratch); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/move")
		})
	}
}
