package rules

import "strconv"

// MaxFiles and MaxRanks bound the board. Squares are numbered rank*MaxFiles+file
// whatever the board's real size, so raising the limit is a change of these
// constants (and of Square's width), not a rewrite.
const (
	MaxFiles   = 16
	MaxRanks   = 16
	NumSquares = MaxFiles * MaxRanks
)

// Square is a board square: rank*MaxFiles + file, both counted from 0 at
// White's lower left (a1). NoSquare marks "none".
type Square int16

// NoSquare is the absent square (no en-passant square, no extra capture).
const NoSquare Square = -1

// SquareAt returns the square on file f and rank r (both from 0).
func SquareAt(f, r int) Square { return Square(r*MaxFiles + f) }

// File returns the square's file, from 0.
func (s Square) File() int { return int(s) % MaxFiles }

// Rank returns the square's rank, from 0.
func (s Square) Rank() int { return int(s) / MaxFiles }

// String writes the square as a file letter and a 1-based rank: a1, p16.
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "-"
	}
	return squareNames[s]
}

// squareNames holds every square's name, so naming one allocates nothing.
// It is filled once and never written again.
var squareNames = func() (names [NumSquares]string) {
	for s := range names {
		names[s] = string(rune('a'+s%MaxFiles)) + strconv.Itoa(s/MaxFiles+1)
	}
	return names
}()

// parseSquare reads a square at the start of text and returns it with the
// number of bytes read, or n == 0 when text does not start with a square on
// a board of the given size.
func parseSquare(text string, files, ranks int) (sq Square, n int) {
	if len(text) < 2 || text[0] < 'a' || text[0] > 'z' {
		return NoSquare, 0
	}
	f := int(text[0] - 'a')
	i, r := 1, 0
	for i < len(text) && i < 3 && text[i] >= '0' && text[i] <= '9' {
		r = r*10 + int(text[i]-'0')
		i++
	}
	if i == 1 || text[1] == '0' || f >= files || r < 1 || r > ranks {
		return NoSquare, 0
	}
	return SquareAt(f, r-1), i
}

// Color is a side. It is an array index, so White is 0.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// ParseSquare reads a square of v's board (a file letter and a rank
// number, a1 to p16). An error is an *Error with Code ErrInvalidArgument.
func (v *Variant) ParseSquare(text string) (Square, error) {
	sq, n := parseSquare(text, v.files, v.ranks)
	if n == 0 || n != len(text) {
		return NoSquare, newError(ErrInvalidArgument, "square", -1, "%q is not a square of %s (a1 to %c%d)", text, v.def.ID, 'a'+v.files-1, v.ranks)
	}
	return sq, nil
}
