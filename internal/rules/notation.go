package rules

import "strings"

// UCI writes m in coordinate form: from, to and a lower-case promotion
// letter (e2e4, a10a12, e7e8q). Castling is the King's move.
func (p *Position) UCI(m Move) string {
	s := m.From.String() + m.To.String()
	if m.Promotion != 0 {
		s += strings.ToLower(p.v.Letter(m.Promotion))
	}
	return s
}
