package rules

import (
	"fmt"
	"math/bits"
)

// Why castling is refused: the Reason of the illegal-move error that a
// castling move gets when it is not legal (docs/RULES.md, "Castling"),
// one of
//
//   - "no-castling-right": the side has no right to castle that way (the
//     King or that Rook has moved, the FEN gives none, the variant has no
//     castling);
//   - "castling-out-of-check": the King is in check;
//   - "castling-blocked": a square between the King and the Rook, or one
//     either lands on, holds another piece or is no square of the board;
//   - "castling-through-attack": a square the King crosses before it lands
//     is attacked.
//
// A King that would land in check gets "king-in-check", as any move that
// leaves the King in check. The reasons are found in that order, which is
// the order a reader checks them in; the detail names the square at fault
// and, for an attack, the attacker. Hooks: resolveCastle (O-O, O-O-O) and
// resolveCoordinate (e1g1, e1h1) call explainCastle once no legal or
// pseudo-legal move matches; move generation is untouched.

// Castling reasons, the values of Error.Reason for a refused castling.
const (
	ReasonNoCastlingRight     = "no-castling-right"
	ReasonCastlingOutOfCheck  = "castling-out-of-check"
	ReasonCastlingBlocked     = "castling-blocked"
	ReasonCastlingThroughAttk = "castling-through-attack"
)

// explainCastle says why the side to move cannot castle toward the higher
// files (kingside) or the lower ones, its King landing on landing
// (NoSquare: anywhere), or returns nil when none of the castling reasons
// applies.
func (p *Position) explainCastle(kingside bool, landing Square) *Error {
	v, us := p.v, p.side
	name := "O-O-O"
	if kingside {
		name = "O-O"
	}
	refuse := func(reason, format string, args ...any) *Error {
		return &Error{Code: ErrIllegalMove, Field: fieldMove, Offset: -1, Reason: reason,
			Detail: fmt.Sprintf("castling %s: ", name) + fmt.Sprintf(format, args...)}
	}
	k := p.castler(us)
	if v.castling == "" || v.rook == 0 || k == NoSquare {
		return refuse(ReasonNoCastlingRight, "%s has no castling", v.ID())
	}
	rf := p.castlingRook(kingside)
	if rf < 0 {
		return refuse(ReasonNoCastlingRight, "%s has no castling right on that side", us)
	}
	if p.InCheck() {
		return refuse(ReasonCastlingOutOfCheck, "the %s is in check", v.PieceName(v.royal))
	}
	r, kf := k.Rank(), k.File()
	kt, rt := p.castleLanding(kingside, kf, rf, landing)
	lo, hi := min(kf, rf, kt, rt), max(kf, rf, kt, rt)
	for _, f := range nearFirst(kf, lo, hi) {
		sq := SquareAt(f, r)
		if f == rf {
			continue
		}
		if v.holes.has(sq) {
			return refuse(ReasonCastlingBlocked, "%s is no square of the board", sq)
		}
		if pc := p.board[sq]; pc != 0 {
			return refuse(ReasonCastlingBlocked, "the %s %s stands on %s", pc.Color(), v.PieceName(pc.Type()), sq)
		}
	}
	dir := sign(kt - kf)
	for f := kf + dir; dir != 0 && f != kt; f += dir {
		sq := SquareAt(f, r)
		if !p.attacked(sq, us.Other()) {
			continue
		}
		by := ""
		if a := p.attackerOf(sq, us.Other()); a != NoSquare {
			by = fmt.Sprintf(" by the %s on %s", v.PieceName(p.board[a].Type()), a)
		}
		return refuse(ReasonCastlingThroughAttk, "the %s would cross %s, attacked%s", v.PieceName(v.royal), sq, by)
	}
	return nil
}

// castlingRook returns the file of the Rook of the side to move's castling
// right toward the higher files (kingside) or the lower ones, the one
// nearest the King when there are several, or -1 when there is none.
func (p *Position) castlingRook(kingside bool) int {
	kf := p.castler(p.side).File()
	best := -1
	for rights := p.castle[p.side]; rights != 0; rights &= rights - 1 {
		f := bits.TrailingZeros16(rights)
		if (f > kf) != kingside {
			continue
		}
		if best < 0 || abs(f-kf) < abs(best-kf) {
			best = f
		}
	}
	return best
}

// castleLanding returns the files the King and the Rook land on castling
// with the Rook on file rf, as the variant's castling has them: King and
// Rook beside each other on the Rook's side (CastlingDef.Sides); the King
// two files over and the Rook beside it, inward (classical); or, castling
// any distance, the given landing (the King's first step when none) with
// the Rook just inside it.
func (p *Position) castleLanding(kingside bool, kf, rf int, landing Square) (kt, rt int) {
	side, dir := 0, -1
	if kingside {
		side, dir = 1, 1
	}
	switch {
	case p.v.anyDistance:
		kt = kf + dir
		if landing != NoSquare {
			kt = landing.File()
		}
		return kt, kt - dir
	case p.v.castleData:
		return p.v.castleTo[side][0], p.v.castleTo[side][1]
	}
	return kf + 2*dir, kf + dir
}

// nearFirst lists the files lo..hi but kf by their distance from file kf,
// the nearest first (the higher first on a tie), so that the blocker named
// is the one nearest the King.
func nearFirst(kf, lo, hi int) []int {
	var out []int
	for d := 1; d <= hi-lo; d++ {
		if f := kf + d; f <= hi {
			out = append(out, f)
		}
		if f := kf - d; f >= lo {
			out = append(out, f)
		}
	}
	return out
}

// attackerOf returns the square of the first piece of colour by that
// attacks sq (attackersOf), or NoSquare when there is none.
func (p *Position) attackerOf(sq Square, by Color) Square {
	if a := p.attackersOf(sq, by, true); len(a) > 0 {
		return a[0]
	}
	return NoSquare
}

// castlingAttempt says whether the coordinate move from-to of the side to
// move reads as castling where no legal or pseudo-legal move matches it:
// the King moving along its rank two files or more, or onto a Rook of its
// own (King takes Rook), in a variant with castling; and toward which side.
func (p *Position) castlingAttempt(from, to Square) (kingside, ok bool) {
	v, us := p.v, p.side
	if v.castling == "" || v.rook == 0 || from != p.castler(us) || to < 0 || to >= NumSquares || from.Rank() != to.Rank() {
		return false, false
	}
	df := to.File() - from.File()
	own := p.board[to] == makePiece(v.rook, us)
	return df > 0, abs(df) >= 2 || own && df != 0
}
