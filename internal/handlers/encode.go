package handlers

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The legal-moves answer is the service's hottest response: its moves and
// status are written by hand here, in exactly the bytes encoding/json would
// produce for the same structs, without reflection. TestEncoderMatchesJSON
// (encode_test.go) compares them move by move, the new move kinds included.

// appendString appends s as a JSON string. Strings of plain printable ASCII
// (squares, SAN, letters, FENs) are quoted directly; anything else goes
// through encoding/json, so the escaping is always its own.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendStatus writes a statusInfo as encoding/json would.
func appendStatus(b []byte, s *statusInfo) []byte {
	b = append(b, `{"turn":`...)
	b = appendString(b, s.Turn)
	if s.MovesLeft != 0 {
		b = append(b, `,"movesLeft":`...)
		b = strconv.AppendInt(b, int64(s.MovesLeft), 10)
	}
	b = append(b, `,"inCheck":`...)
	b = strconv.AppendBool(b, s.InCheck)
	b = append(b, `,"checkers":`...)
	b = appendStrings(b, s.Checkers)
	b = append(b, `,"outcome":`...)
	b = appendString(b, s.Outcome)
	b = append(b, `,"result":`...)
	b = appendString(b, s.Result)
	if s.Winner != "" {
		b = append(b, `,"winner":`...)
		b = appendString(b, s.Winner)
	}
	b = append(b, `,"claimableDraws":`...)
	b = appendStrings(b, s.ClaimableDraws)
	b = append(b, `,"legalMoveCount":`...)
	b = strconv.AppendInt(b, int64(s.LegalMoveCount), 10)
	b = append(b, `,"halfmoveClock":`...)
	b = strconv.AppendInt(b, int64(s.HalfmoveClock), 10)
	b = append(b, `,"fullmoveNumber":`...)
	b = strconv.AppendInt(b, int64(s.FullmoveNumber), 10)
	b = append(b, `,"repetitions":`...)
	b = strconv.AppendInt(b, int64(s.Repetitions), 10)
	b = append(b, `,"canMate":{"white":`...)
	b = strconv.AppendBool(b, s.CanMate.White)
	b = append(b, `,"black":`...)
	b = strconv.AppendBool(b, s.CanMate.Black)
	if c := s.ChecksGiven; c != nil {
		b = append(b, `},"checksGiven":{"white":`...)
		b = strconv.AppendInt(b, int64(c.White), 10)
		b = append(b, `,"black":`...)
		b = strconv.AppendInt(b, int64(c.Black), 10)
	}
	return append(b, "}}"...)
}

// statusJSON writes the status answer, as encoding/json writes the map
// {variant, fen, status}, with its trailing newline, into b.
func statusJSON(b []byte, variant, fen string, st *statusInfo) json.RawMessage {
	b = append(b, `{"fen":`...)
	b = appendString(b, fen)
	b = append(b, `,"status":`...)
	b = appendStatus(b, st)
	b = append(b, `,"variant":`...)
	b = appendString(b, variant)
	return append(b, "}\n"...)
}

// legalMovesJSON writes the legal-moves answer of p, whose FEN is fen, keys
// in encoding/json's sorted order for a map, with its trailing newline,
// into b.
func legalMovesJSON(b []byte, p *rules.Position, fen string, details []rules.MoveDetail, st *statusInfo) json.RawMessage {
	b = slices.Grow(b[:0], 256+len(details)*112)
	b = append(b, `{"fen":`...)
	b = appendString(b, fen)
	b = append(b, `,"moves":[`...)
	for i := range details {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendDetail(b, p, &details[i])
	}
	b = append(b, `],"status":`...)
	b = appendStatus(b, st)
	b = append(b, `,"variant":`...)
	b = appendString(b, p.Variant().ID())
	return append(b, "}\n"...)
}

// appendDetail writes the moveInfo of a legal move straight from the
// engine's MoveDetail: the same bytes as json.Marshal(describeMove(p, d)),
// without building the strings and slices in between.
func appendDetail(b []byte, p *rules.Position, d *rules.MoveDetail) []byte {
	v, m := p.Variant(), d.Move
	from, to := m.From.String(), m.To.String()
	promo := ""
	if m.Promotion != 0 {
		promo = v.PieceLetter(rules.MakePiece(m.Promotion, p.Turn()))
	}
	b = append(b, `{"uci":"`...)
	b = append(b, from...)
	b = append(b, to...)
	for i := 0; i < len(promo); i++ {
		b = append(b, promo[i]|0x20) // UCI writes the promotion in lower case
	}
	// SAN and piece letters are built from A-Z, apostrophes, squares,
	// digits and x=+#/O-: nothing JSON escapes (TestEncoderMatchesJSON).
	b = append(b, `","san":"`...)
	b = append(b, d.SAN...)
	b = append(b, `","from":"`...)
	b = append(b, from...)
	b = append(b, `","to":"`...)
	b = append(b, to...)
	b = append(b, `","piece":"`...)
	b = append(b, v.PieceLetter(p.PieceAt(m.From))...)
	b = append(b, '"')
	if promo != "" {
		b = append(b, `,"promotion":`...)
		b = appendString(b, promo)
	}
	kind := kindFlag(m.Kind)
	if len(d.Captures) == 0 && len(d.Converted) == 0 && !d.Check && !d.Mate && kind == "" && promo == "" {
		return append(b, `,"captures":[],"converted":[],"flags":[]}`...) // most moves
	}
	b = append(b, `,"captures":[`...)
	b = appendSquares(b, d.Captures)
	b = append(b, `],"converted":[`...)
	b = appendSquares(b, d.Converted)
	b = append(b, `],"flags":[`...)
	n := 0
	if len(d.Captures) > 0 {
		b, n = appendFlag(b, n, "capture")
	}
	if d.Check {
		b, n = appendFlag(b, n, "check")
	}
	if d.Mate {
		b, n = appendFlag(b, n, "checkmate")
	}
	if kind != "" {
		b, n = appendFlag(b, n, kind)
	}
	if promo != "" {
		b, _ = appendFlag(b, n, "promotion")
	}
	return append(b, "]}"...)
}

// appendSquares writes squares' names, quoted and separated by commas.
func appendSquares(b []byte, squares []rules.Square) []byte {
	for i, s := range squares {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, s.String()...)
		b = append(b, '"')
	}
	return b
}

// appendFlag writes flag f, the nth of a list, and returns n+1.
func appendFlag(b []byte, n int, f string) ([]byte, int) {
	if n > 0 {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, f...)
	return append(b, '"'), n + 1
}

// kindFlag is the flag of a move kind, or "" for a plain move.
func kindFlag(k rules.MoveKind) string {
	switch k {
	case rules.MoveEnPassant:
		return "en-passant"
	case rules.MoveCastle:
		return "castling"
	case rules.MoveKingJump:
		return "king-jump"
	case rules.MoveDoubleStep:
		return "double-step"
	case rules.MoveFromAfar:
		return "from-afar"
	case rules.MoveDev:
		return "dev"
	case rules.MoveTakeDev:
		return "dev-capture"
	case rules.MoveMulti:
		return "multi-capture"
	case rules.MoveConvert:
		return "conversion"
	}
	return ""
}
